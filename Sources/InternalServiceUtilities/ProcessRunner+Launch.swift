#if os(Linux) || os(macOS)
    import Dispatch
    import Foundation

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    extension ProcessRunner {
        /// Starts `process` from a short-lived thread that has unblocked every signal first.
        ///
        /// A child inherits the signal mask of the thread that spawns it, and the worker threads of
        /// Dispatch and Swift concurrency block nearly all signals (SIGCHLD, SIGTERM, SIGINT…).
        /// Spawned from one of them, `timeout` could not stop its child with SIGTERM and gdb, which
        /// learns that its inferior stopped or exited through SIGCHLD, would wait forever with the
        /// program stopped. `Process` has no way to set the child's mask, so the spawn itself
        /// happens on a thread whose mask is empty.
        ///
        /// - Parameter process: A configured process, not yet started.
        /// - Throws: `ProcessLaunchError` when it cannot be started.
        static func launch(_ process: Process) throws(ProcessLaunchError) {
            let outcome = Locked<ProcessLaunchError?>(nil)
            let started = DispatchSemaphore(value: 0)
            let thread = Thread {
                var nothing = sigset_t()
                sigemptyset(&nothing)
                pthread_sigmask(SIG_SETMASK, &nothing, nil)
                do {
                    try process.run()
                } catch {
                    outcome.withLock { $0 = ProcessLaunchError(detail: error.localizedDescription) }
                }
                started.signal()
            }
            thread.start()
            started.wait()
            if let failure = outcome.value { throw failure }
        }
    }
#endif
