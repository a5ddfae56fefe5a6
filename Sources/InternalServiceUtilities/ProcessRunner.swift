#if os(Linux) || os(macOS)
    import Dispatch
    package import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// What a finished child process left behind.
    package struct ProcessOutput: Sendable {
        /// The exit status (or 128 + the signal number when a signal ended it).
        package var status: Int32
        /// Everything it wrote to standard output.
        package var standardOutput: Data
        /// Everything it wrote to standard error.
        package var standardError: Data

        /// Standard error as text, trimmed and cut to `limit` characters, for error messages.
        package func errorSummary(limit: Int = 300) -> String {
            let text = String(decoding: standardError, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            return text.count > limit ? String(text.prefix(limit)) + "…" : text
        }
    }

    /// Why a child process could not be started.
    package struct ProcessLaunchError: Error, Sendable {
        /// What the system said.
        package var detail: String

        /// Creates the error from the system's reason.
        package init(detail: String) {
            self.detail = detail
        }
    }

    /// Runs programs with an argument array (never through a shell), feeding standard input and
    /// collecting both outputs without deadlocking on full pipes. Each child starts with no signal
    /// blocked, whichever thread starts it (see `ChildProcess`).
    package enum ProcessRunner {
        /// The first executable file called `name` in the `PATH` of `environment`; `name` itself
        /// when it is already a path to an executable.
        package static func locate(_ name: String, environment: [String: String]) -> URL? {
            if name.contains("/") {
                return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
            }
            let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            for directory in path.split(separator: ":") where !directory.isEmpty {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) {
                    return URL(fileURLWithPath: candidate)
                }
            }
            return nil
        }

        /// Runs `executable` to completion on the calling thread.
        ///
        /// - Parameters:
        ///   - executable: The program's file URL.
        ///   - arguments: Its arguments, passed as they are.
        ///   - environment: Its environment; `nil` inherits this process's.
        ///   - input: Bytes written to its standard input, which is then closed.
        /// - Returns: Its status and outputs.
        /// - Throws: `ProcessLaunchError` when it cannot be started.
        package static func run(
            _ executable: URL,
            arguments: [String],
            environment: [String: String]? = nil,
            input: Data? = nil
        ) throws(ProcessLaunchError) -> ProcessOutput {
            // A child that exits before reading all its input would otherwise kill this process
            // with SIGPIPE when the write below hits the closed pipe; ignored, it is an EPIPE error.
            // (Children start with SIGPIPE at its default action again; see `ChildProcess`.)
            signal(SIGPIPE, SIG_IGN)
            let child = try ChildProcess(
                executable, arguments: arguments, environment: environment,
                standardInput: .pipe, standardOutput: .pipe, standardError: .pipe)
            let collected = collect(child, writing: input)
            let status = child.wait()
            return ProcessOutput(status: status, standardOutput: collected.0, standardError: collected.1)
        }

        /// Runs `executable` on a background thread and resumes when it has finished.
        ///
        /// - Parameters:
        ///   - executable: The program's file URL.
        ///   - arguments: Its arguments, passed as they are.
        ///   - environment: Its environment; `nil` inherits this process's.
        ///   - input: Bytes written to its standard input, which is then closed.
        /// - Returns: Its status and outputs.
        /// - Throws: `ProcessLaunchError` when it cannot be started.
        package static func runDetached(
            _ executable: URL,
            arguments: [String],
            environment: [String: String]? = nil,
            input: Data? = nil
        ) async throws(ProcessLaunchError) -> ProcessOutput {
            let result: Result<ProcessOutput, ProcessLaunchError> = await withCheckedContinuation { continuation in
                // A thread of its own: the run blocks, and must not hold one of GCD's or Swift
                // concurrency's few shared threads while it does.
                Thread.detachNewThread {
                    do throws(ProcessLaunchError) {
                        let output = try run(executable, arguments: arguments, environment: environment, input: input)
                        continuation.resume(returning: .success(output))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
            }
            return try result.get()
        }

        /// Writes `input` and reads both outputs at the same time: standard output on the calling
        /// thread, standard error and the input each on a thread of its own (not GCD's pool, whose
        /// few threads blocked reads would starve when many processes run at once).
        private static func collect(_ child: ChildProcess, writing input: Data?) -> (Data, Data) {
            guard let errHandle = child.standardError, let inHandle = child.standardInput,
                let outHandle = child.standardOutput
            else { return (Data(), Data()) }
            let group = DispatchGroup()
            let standardError = Locked(Data())
            group.enter()
            Thread.detachNewThread {
                let data = FileDescriptorIO.readAll(from: errHandle.fileDescriptor)
                standardError.withLock { $0 = data }
                group.leave()
            }
            group.enter()
            Thread.detachNewThread {
                if let input, !input.isEmpty { FileDescriptorIO.writeAll(input, to: inHandle.fileDescriptor) }
                try? inHandle.close()
                group.leave()
            }
            let standardOutput = FileDescriptorIO.readAll(from: outHandle.fileDescriptor)
            group.wait()
            return (standardOutput, standardError.value)
        }
    }
#endif
