#if os(Linux)
    import Foundation
    import Glibc

    /// The threads of every ``CurlEventLoop``: each starts as a detached POSIX thread counted here, so
    /// a program can wait for them to end before it exits.
    ///
    /// A process that exits while a loop's thread still runs leaves that thread's objects reachable
    /// only from a thread being torn down, which LeakSanitizer may report as leaked; the command line
    /// tool waits here after its clients are gone (their transports were shut down, so each loop
    /// ends as soon as its last transfer has).
    enum CurlLoopThreads {
        private static let live = NSCondition()
        // Guarded by `live`: read and written only between `live.lock()` and `live.unlock()`.
        nonisolated(unsafe) private static var count = 0

        /// Starts `loop.run()` on a thread of its own.
        ///
        /// - Returns: False when the system could not make a thread (nothing runs then).
        static func start(_ loop: CurlEventLoop) -> Bool {
            live.lock()
            count += 1
            live.unlock()
            let context = Unmanaged.passRetained(loop).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(
                &thread, nil,
                { context in
                    // Every object the thread owns is released inside `runLoop`, before it counts
                    // itself out.
                    if let context { CurlLoopThreads.runLoop(context) }
                    CurlLoopThreads.ended()
                    return nil
                }, context)
            guard created == 0 else {
                Unmanaged<CurlEventLoop>.fromOpaque(context).release()
                ended()
                return false
            }
            pthread_detach(thread)
            return true
        }

        /// Waits until no loop thread runs, or `timeout` has passed.
        ///
        /// - Returns: True when none runs.
        @discardableResult
        static func waitUntilEnded(timeout: Duration = .seconds(5)) -> Bool {
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            let deadline = Date(timeIntervalSinceNow: seconds)
            live.lock()
            defer { live.unlock() }
            while count > 0 {
                guard live.wait(until: deadline) else { return count == 0 }
            }
            return true
        }

        @inline(never)
        private static func runLoop(_ context: UnsafeMutableRawPointer) {
            let loop = Unmanaged<CurlEventLoop>.fromOpaque(context).takeRetainedValue()
            if let setName { _ = setName(pthread_self(), "NetworkKit.curl") }
            loop.run()
        }

        /// glibc's `pthread_setname_np`, which its Swift module does not export.
        private static let setName: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32)? = {
            guard let symbol = dlsym(nil, "pthread_setname_np") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32).self)
        }()

        private static func ended() {
            live.lock()
            count -= 1
            live.broadcast()
            live.unlock()
        }
    }
#endif
