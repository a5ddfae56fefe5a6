#if os(Linux) || os(macOS)
    public import Foundation
    import InternalServiceUtilities

    /// What a finished command left behind: its exit status and both outputs as text.
    public struct CommandOutcome: Sendable {
        /// The exit status, or 128 + the signal number when a signal ended it.
        public var status: Int32
        /// Everything it wrote to standard output, decoded as UTF-8.
        public var output: String
        /// Everything it wrote to standard error, decoded as UTF-8.
        public var error: String

        /// Standard output split into lines, without the line breaks or empty lines.
        public var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// Runs a program to completion (the built `service-utils` by default) and captures its status
    /// and outputs, for tests of command-line behaviour.
    ///
    /// The pipes are InternalServiceUtilities' `ProcessRunner`: standard output and standard error
    /// are read at the same time as the input is written, so a command that prints a lot cannot
    /// deadlock on a full pipe, and the child starts with no signal blocked. Standard input gets
    /// `input` and is then closed (a command that reads it sees end of file at once when there is
    /// none).
    ///
    /// ```swift
    /// let outcome = try await CommandRunner.run(["vault", "get"], input: "1234\n")
    /// #expect(outcome.status == 0)
    /// ```
    public enum CommandRunner {
        /// The environment the command runs with.
        public enum Environment: Sendable {
            /// This test process's environment.
            case inherited
            /// This test process's environment with these variables added or replaced.
            case adding([String: String])
            /// Exactly these variables and no others.
            case exactly([String: String])

            /// The variables to pass, or nil to inherit them unchanged.
            var variables: [String: String]? {
                switch self {
                case .inherited: nil
                case .adding(let extra): ProcessInfo.processInfo.environment.merging(extra) { $1 }
                case .exactly(let variables): variables
                }
            }
        }

        /// The error thrown when the program cannot be started.
        public struct LaunchError: Error, CustomStringConvertible {
            /// The program's path.
            public let executable: String
            /// What the system said.
            public let detail: String

            /// A one-line explanation naming the program.
            public var description: String { "could not start \(executable): \(detail)" }
        }

        /// Runs the built product `product` with `arguments`.
        ///
        /// - Parameters:
        ///   - arguments:   The arguments, passed as they are (never through a shell).
        ///   - product:     The executable the package builds, `service-utils` by default.
        ///   - input:       Text written to standard input, which is then closed.
        ///   - environment: The environment; this process's by default.
        /// - Returns: The status and both outputs.
        /// - Throws: `BuiltProducts.NotBuiltError` when the product is missing, ``LaunchError`` when
        ///   it cannot be started.
        public static func run(
            _ arguments: [String],
            product: String = "service-utils",
            input: String? = nil,
            environment: Environment = .inherited
        ) throws -> CommandOutcome {
            try run(
                executable: try BuiltProducts.executable(product),
                arguments: arguments,
                input: input.map { Data($0.utf8) },
                environment: environment
            )
        }

        /// Runs any program with `arguments`.
        ///
        /// - Parameters:
        ///   - executable:  The program's file URL.
        ///   - arguments:   The arguments, passed as they are (never through a shell).
        ///   - input:       Bytes written to standard input, which is then closed.
        ///   - environment: The environment; this process's by default.
        /// - Returns: The status and both outputs.
        /// - Throws: ``LaunchError`` when the program cannot be started.
        public static func run(
            executable: URL,
            arguments: [String],
            input: Data? = nil,
            environment: Environment = .inherited
        ) throws -> CommandOutcome {
            let ran: ProcessOutput
            do {
                ran = try ProcessRunner.run(
                    executable, arguments: arguments, environment: environment.variables, input: input)
            } catch {
                throw LaunchError(executable: executable.path, detail: error.detail)
            }
            return CommandOutcome(
                status: ran.status,
                output: String(decoding: ran.standardOutput, as: UTF8.self),
                error: String(decoding: ran.standardError, as: UTF8.self)
            )
        }

        /// Runs the built product `product` on a thread of its own, so an async test does not hold
        /// one of Swift concurrency's few shared threads (which mock servers and other tests need)
        /// while the command runs.
        ///
        /// - Parameters:
        ///   - arguments:   The arguments, passed as they are (never through a shell).
        ///   - product:     The executable the package builds, `service-utils` by default.
        ///   - input:       Text written to standard input, which is then closed.
        ///   - environment: The environment; this process's by default.
        /// - Returns: The status and both outputs.
        /// - Throws: `BuiltProducts.NotBuiltError` when the product is missing, ``LaunchError`` when
        ///   it cannot be started.
        public static func run(
            _ arguments: [String],
            product: String = "service-utils",
            input: String? = nil,
            environment: Environment = .inherited
        ) async throws -> CommandOutcome {
            try await onThread { try run(arguments, product: product, input: input, environment: environment) }
        }

        /// Runs any program on a thread of its own, so an async test does not hold one of Swift
        /// concurrency's few shared threads while it runs.
        ///
        /// - Parameters:
        ///   - executable:  The program's file URL.
        ///   - arguments:   The arguments, passed as they are (never through a shell).
        ///   - input:       Bytes written to standard input, which is then closed.
        ///   - environment: The environment; this process's by default.
        /// - Returns: The status and both outputs.
        /// - Throws: ``LaunchError`` when the program cannot be started.
        public static func run(
            executable: URL,
            arguments: [String],
            input: Data? = nil,
            environment: Environment = .inherited
        ) async throws -> CommandOutcome {
            try await onThread {
                try run(executable: executable, arguments: arguments, input: input, environment: environment)
            }
        }
    }
#endif
