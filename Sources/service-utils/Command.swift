// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    /// One subcommand of `service-utils`: its name, help text and what it runs.
    struct Command: Sendable {
        /// The word typed after `service-utils`, such as `query`.
        let name: String
        /// One line for `service-utils help`.
        let summary: String
        /// The usage lines printed by `--help` and after a usage error, without the program name.
        let usage: String
        /// Longer help printed by `service-utils <name> --help`, after the usage line.
        let details: String
        /// Runs the command with the words after its name and returns the exit status.
        let run: @Sendable (_ arguments: [String], _ console: Console) async throws -> Int32

        init(
            name: String,
            summary: String,
            usage: String,
            details: String = "",
            run: @escaping @Sendable (_ arguments: [String], _ console: Console) async throws -> Int32
        ) {
            self.name = name
            self.summary = summary
            self.usage = usage
            self.details = details
            self.run = run
        }
    }

    /// A mistake in how the program was called: printed as a usage line, exit status 64 (`EX_USAGE`).
    struct UsageError: Error, CustomStringConvertible {
        /// What was wrong, in one line.
        let message: String

        init(_ message: String) {
            self.message = message
        }

        var description: String { message }
    }

    /// Exit statuses from `sysexits.h` that the CLI uses.
    enum ExitStatus {
        static let success: Int32 = 0
        static let failure: Int32 = 1
        static let usage: Int32 = 64
        static let dataError: Int32 = 65
        static let unavailable: Int32 = 69
        static let software: Int32 = 70
        static let ioError: Int32 = 74
    }
#endif
