#if os(Linux)
    import Glibc
    import InternalServiceUtilities

    /// The sockets libcurl asks a ``CurlEventLoop`` to watch, kept in an epoll set, an eventfd that
    /// wakes the loop's thread from its wait, and one that interrupts a caller waiting for its own
    /// answer (the loop's thread would take a shared one's wake-up away from it).
    ///
    /// epoll's set lives in the kernel: a socket added from any thread (a caller that started its
    /// transfer itself) is watched by a wait already under way, so adding one never needs a wake-up.
    final class CurlSocketWatcher: Sendable {
        /// A socket libcurl can act on, and what it is ready for (`CURL_CSELECT_IN`, `_OUT`, `_ERR`).
        struct Readiness {
            var socket: Int32
            var flags: Int32
        }

        private let epoll: Int32
        private let wakeDescriptor: Int32
        /// The eventfd ``interrupt()`` writes to; readable until ``clearInterrupt()``.
        let interruptDescriptor: Int32
        /// How many ready sockets one wait reports at most.
        static let batch = 64

        /// Makes the epoll set and the eventfd, or nil when the system refuses either.
        init?() {
            guard let eventDescriptor = Self.eventDescriptor else { return nil }
            let epoll = Epoll.create()
            guard epoll >= 0 else { return nil }
            let wake = eventDescriptor(0, Int32(O_CLOEXEC | O_NONBLOCK))
            let interrupt = eventDescriptor(0, Int32(O_CLOEXEC | O_NONBLOCK))
            guard wake >= 0, interrupt >= 0,
                Epoll.control(epoll, Epoll.add, wake, events: Epoll.readable, data: UInt64(wake)) == 0
            else {
                for descriptor in [wake, interrupt, epoll] where descriptor >= 0 { close(descriptor) }
                return nil
            }
            self.epoll = epoll
            wakeDescriptor = wake
            interruptDescriptor = interrupt
        }

        deinit {
            close(interruptDescriptor)
            close(wakeDescriptor)
            close(epoll)
        }

        /// Watches `socket` for what libcurl asked (`CURL_POLL_IN`, `_OUT`, `_INOUT`), or stops
        /// watching it (`CURL_POLL_REMOVE`).
        func watch(_ socket: Int32, what: Int32) {
            guard socket >= 0 else { return }
            var events: UInt32 = 0
            if what & Libcurl.Poll.readable != 0 { events |= Epoll.readable }
            if what & Libcurl.Poll.writable != 0 { events |= Epoll.writable }
            if what == Libcurl.Poll.remove || events == 0 {
                // The socket may already be closed, which removed it from the set.
                _ = Epoll.control(epoll, Epoll.remove, socket, events: 0, data: 0)
                return
            }
            // A socket libcurl closed without telling leaves the set by itself, and its number may
            // come back for a new one: try a change first, then an addition.
            if Epoll.control(epoll, Epoll.modify, socket, events: events, data: UInt64(socket)) != 0 {
                _ = Epoll.control(epoll, Epoll.add, socket, events: events, data: UInt64(socket))
            }
        }

        /// Makes the current or next ``wait(milliseconds:into:)`` return at once.
        func wake() {
            Self.post(wakeDescriptor)
        }

        /// Makes ``interruptDescriptor`` readable, ending a caller's wait for its answer.
        func interrupt() {
            Self.post(interruptDescriptor)
        }

        /// Makes ``interruptDescriptor`` unreadable again.
        func clearInterrupt() {
            Self.drain(interruptDescriptor)
        }

        /// Adds one to an eventfd's counter, which makes it readable.
        private static func post(_ descriptor: Int32) {
            var one: UInt64 = 1
            _ = write(descriptor, &one, 8)
        }

        /// Reads an eventfd's counter back to zero, which makes it unreadable.
        private static func drain(_ descriptor: Int32) {
            var value: UInt64 = 0
            _ = read(descriptor, &value, 8)
        }

        /// Waits until a watched socket is ready, ``wake()`` is called or `milliseconds` pass, and
        /// puts the ready sockets into `ready` (replacing what it held).
        func wait(milliseconds: Int32, into ready: inout [Readiness]) {
            ready.removeAll(keepingCapacity: true)
            withUnsafeTemporaryAllocation(byteCount: Epoll.eventSize * Self.batch, alignment: 8) { buffer in
                guard let base = buffer.baseAddress else { return }
                let count = Epoll.wait(epoll, base, capacity: Int32(Self.batch), timeout: milliseconds)
                for index in 0..<max(Int(count), 0) {
                    let (events, data) = Epoll.event(index, in: base)
                    let socket = Int32(truncatingIfNeeded: data)
                    if socket == wakeDescriptor {
                        Self.drain(wakeDescriptor)
                        continue
                    }
                    var flags: Int32 = 0
                    if events & Epoll.readable != 0 { flags |= Libcurl.Ready.readable }
                    if events & Epoll.writable != 0 { flags |= Libcurl.Ready.writable }
                    if events & (Epoll.error | Epoll.hangUp) != 0 { flags |= Libcurl.Ready.error }
                    ready.append(Readiness(socket: socket, flags: flags))
                }
            }
        }

        /// `eventfd`, which Glibc's Swift module does not import.
        private static let eventDescriptor = CLibrary.function(
            "eventfd", as: (@convention(c) (UInt32, Int32) -> Int32).self)
    }
#endif
