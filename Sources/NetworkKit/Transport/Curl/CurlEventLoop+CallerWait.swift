#if os(Linux)
    import Foundation
    import InternalServiceUtilities

    /// A caller's wait for its own answer (see ``CurlEventLoop/submit(_:)``), with `engine` held.
    extension CurlEventLoop {
        /// For tests: how many sockets are parked (see `parked`), how many answers callers read,
        /// how many requests will skip the caller's wait, and whether the next request may be
        /// started by its caller.
        var observed: (parkedSockets: Int, answeredByCallers: Int, callerWaitsSkipped: Int, callerMayStart: Bool) {
            engine.lock()
            defer { engine.unlock() }
            return (parked.count, answeredByCallers, callerWaitsSkipped, inbox.withLock { $0.callerMayStart })
        }

        /// Requests that skip the caller's wait after one that ran out.
        static let callerWaitBackoff = 64

        /// Reads `transfer`'s answer on the calling thread while it waits for it on one socket and
        /// nothing else, for at most the settings' `callerWait` (1 ms: long enough for a server on
        /// the same machine or network, short enough that a thread of Swift's pool is never held
        /// long): polls that socket and lets libcurl read it. The transfer completes here when the
        /// answer comes in time; otherwise it is left as it is, for the loop's thread.
        func awaitAnswer(of transfer: CurlExchange) {
            guard callerWaitsSkipped == 0 else {
                callerWaitsSkipped -= 1
                return
            }
            let deadline = ContinuousClock.now + settings.callerWait
            let alone = inbox.withLock { inbox -> Bool in
                inbox.callerWaits = inbox.isEmpty
                return inbox.callerWaits
            }
            defer { inbox.withLock { $0.callerWaits = false } }
            while alone, transfer.easy != nil, let socket = onlyReadSocket() {
                // A socket the loop's thread still watches (parked after an answer it read) leaves
                // its epoll set, or the answer would wake that thread too.
                if registered.contains(socket) { unregister(socket) }
                let remaining = ContinuousClock.now.duration(to: deadline)
                // A request or a cancellation from another caller interrupts the wait, and the
                // loop's thread takes over.
                var answer = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
                var other = pollfd(fd: watcher.interruptDescriptor, events: Int16(POLLIN), revents: 0)
                guard remaining > .zero, Self.poll(&answer, &other, milliseconds: Self.milliseconds(remaining)) else {
                    callerWaitsSkipped = Self.callerWaitBackoff
                    return
                }
                if other.revents != 0 { return watcher.clearInterrupt() }
                let revents = Int32(answer.revents)
                guard revents & Int32(POLLNVAL) == 0, revents != 0 else { return }
                let failed = revents & Int32(POLLERR | POLLHUP) != 0
                act(on: socket, flags: Libcurl.Ready.readable | (failed ? Libcurl.Ready.error : 0))
                drive(rounds: 1)
            }
        }

        /// `poll(2)` on two descriptors: whether either is ready within `milliseconds`.
        private static func poll(_ first: inout pollfd, _ second: inout pollfd, milliseconds: Int32) -> Bool {
            withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { descriptors in
                guard let base = descriptors.baseAddress else { return false }
                base.initialize(to: first)
                (base + 1).initialize(to: second)
                let ready = Glibc.poll(base, 2, milliseconds)
                first = base.pointee
                second = (base + 1).pointee
                return ready > 0
            }
        }

        /// The one socket libcurl waits to read (and nothing else) while watches are deferred.
        private func onlyReadSocket() -> Int32? {
            var found: Int32?
            for (socket, what) in deferred where what != Libcurl.Poll.remove {
                guard found == nil, what == Libcurl.Poll.readable else { return nil }
                found = socket
            }
            return found
        }
    }
#endif
