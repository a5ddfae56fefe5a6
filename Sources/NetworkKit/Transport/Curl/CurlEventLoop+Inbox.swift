#if os(Linux)
    extension CurlEventLoop {
        /// What callers leave for the loop's thread, and what each side is doing, behind the loop's
        /// `inbox` lock.
        struct Inbox {
            var new: [CurlExchange] = []
            var cancelled: [CurlExchange] = []
            var running = false
            /// The loop's thread waits (or is about to) with no transfer running, and no caller has
            /// started one since: the next submission may start its transfer itself.
            var callerMayStart = false
            /// The loop's thread waits in epoll (or is about to) with this inbox empty: a submission,
            /// a cancellation or a shutdown must wake it. While it runs it reads the inbox before
            /// its next wait, and a wake-up would only cost two system calls and a turn of the loop.
            var waiting = false
            /// A caller holds the multi handle while it waits for its own answer: a submission or a
            /// cancellation interrupts it, so the loop's thread can take over.
            var callerWaits = false
            /// The transport was shut down: an idle loop ends at once.
            var stopping = false

            /// No submission or cancellation waits for the loop.
            var isEmpty: Bool { new.isEmpty && cancelled.isEmpty }
        }
    }
#endif
