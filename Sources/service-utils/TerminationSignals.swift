// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// SIGINT and SIGTERM caught from the moment ``install()`` returns, for commands that serve until
    /// stopped: a command installs it before it prints that it is ready, so a signal sent right after
    /// that line is never lost nor left to kill the process.
    ///
    /// The handler only writes the signal's number to a pipe (`write` is async-signal-safe); a thread
    /// of its own reads it.
    enum TerminationSignals {
        /// The pipe the handler writes to, made before the handler is installed.
        private static let pipeEnds: (read: Int32, write: Int32)? = {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }()

        /// Installs the handlers; the signals are caught when it returns.
        ///
        /// - Throws: A `POSIXError` when the pipe cannot be made.
        static func install() throws {
            guard pipeEnds != nil else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
            for number in [SIGINT, SIGTERM] {
                signal(number) { number in
                    guard let ends = TerminationSignals.pipeEnds else { return }
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(ends.write, &byte, 1)
                }
            }
        }

        /// Waits for the first signal after ``install()``.
        ///
        /// - Returns: Its number (SIGINT or SIGTERM).
        static func next() async -> Int32 {
            guard let ends = pipeEnds else { return 0 }
            return await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    var byte: UInt8 = 0
                    while read(ends.read, &byte, 1) < 0 && errno == EINTR {}
                    continuation.resume(returning: Int32(byte))
                }
            }
        }
    }
#endif
