// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities

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
            guard let ends = FileDescriptorIO.closeOnExecPipe() else { return nil }
            // A write end that never blocks the handler, however many signals come.
            _ = fcntl(ends.write, F_SETFL, fcntl(ends.write, F_GETFL) | O_NONBLOCK)
            return ends
        }()

        /// Installs the handlers; the signals are caught when it returns.
        ///
        /// - Throws: A `POSIXError` when the pipe cannot be made.
        static func install() throws {
            guard pipeEnds != nil else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
            for number in [SIGINT, SIGTERM] {
                // The handler only calls write (async-signal-safe) and keeps the interrupted code's
                // errno; `pipeEnds` was made above, so reading it takes no lock.
                signal(number) { number in
                    let saved = errno
                    if let ends = TerminationSignals.pipeEnds {
                        var byte = UInt8(truncatingIfNeeded: number)
                        _ = write(ends.write, &byte, 1)
                    }
                    errno = saved
                }
            }
        }

        /// Waits for the first signal after ``install()``; a later one ends the process as by default.
        ///
        /// - Returns: Its number (SIGINT or SIGTERM).
        static func next() async -> Int32 {
            guard let ends = pipeEnds else { return 0 }
            return await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    var byte: UInt8 = 0
                    while read(ends.read, &byte, 1) < 0 && errno == EINTR {}
                    // A second signal while the command stops acts as usual (ends the process).
                    signal(SIGINT, SIG_DFL)
                    signal(SIGTERM, SIG_DFL)
                    continuation.resume(returning: Int32(byte))
                }
            }
        }
    }
#endif
