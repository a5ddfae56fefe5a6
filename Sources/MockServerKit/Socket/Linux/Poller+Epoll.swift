#if os(Linux)
    import Glibc
    import InternalServiceUtilities

    /// The event loop's readiness source on Linux: level-triggered `epoll` (through
    /// InternalServiceUtilities' ``Epoll``), so a wait costs nothing per idle connection and watched
    /// interests are sent to the kernel only when they change.
    final class Poller {
        /// The epoll descriptor, made where the server starts so that a failure is reported there;
        /// only the event-loop thread uses it afterwards.
        struct Handle: Sendable {
            let descriptor: Int32
        }

        private static let batch = 256

        private let descriptor: Int32
        private let events: UnsafeMutableRawBufferPointer

        /// Opens the epoll descriptor.
        ///
        /// - Throws: ``MockServerError/startFailed(_:)`` when the C library lacks epoll or the call fails.
        static func open() throws(MockServerError) -> Handle {
            let descriptor = Epoll.create()
            guard descriptor >= 0 else { throw .startFailed(.systemCall("epoll_create1", errno)) }
            return Handle(descriptor: descriptor)
        }

        /// Takes over an opened handle.
        init(_ handle: Handle) {
            descriptor = handle.descriptor
            events = .allocate(byteCount: Self.batch * Epoll.eventSize, alignment: 8)
        }

        deinit {
            events.deallocate()
        }

        /// Starts watching `descriptor` for `interest`, reporting it as `token`.
        func add(_ descriptor: Int32, token: Int, interest: Readiness) {
            control(Epoll.add, descriptor, token: token, interest: interest)
        }

        /// Changes what a watched descriptor is watched for.
        func modify(_ descriptor: Int32, token: Int, interest: Readiness) {
            control(Epoll.modify, descriptor, token: token, interest: interest)
        }

        /// Stops watching `descriptor` (before it is closed).
        func remove(_ descriptor: Int32, token: Int) {
            control(Epoll.remove, descriptor, token: token, interest: [])
        }

        /// Waits up to `timeout` milliseconds (-1: no limit) and replaces `ready` with what is ready.
        ///
        /// - Returns: false when waiting failed for another reason than a signal.
        func wait(timeout: Int32, into ready: inout [ReadyEvent]) -> Bool {
            ready.removeAll(keepingCapacity: true)
            guard let buffer = events.baseAddress else { return false }
            let count = Epoll.wait(descriptor, buffer, capacity: Int32(Self.batch), timeout: timeout)
            guard count >= 0 else { return errno == EINTR }
            for index in 0..<Int(count) {
                let (mask, data) = Epoll.event(index, in: buffer)
                var readiness: Readiness = []
                if mask & Epoll.readable != 0 { readiness.insert(.readable) }
                if mask & Epoll.writable != 0 { readiness.insert(.writable) }
                if mask & (Epoll.error | Epoll.hangUp) != 0 { readiness.insert(.hangUp) }
                ready.append(ReadyEvent(token: Int(Int64(bitPattern: data)), readiness: readiness))
            }
            return true
        }

        /// Closes the epoll descriptor.
        func close() {
            Socket.close(descriptor)
        }

        private func control(_ operation: Int32, _ watched: Int32, token: Int, interest: Readiness) {
            var mask: UInt32 = 0
            if interest.contains(.readable) { mask |= Epoll.readable }
            if interest.contains(.writable) { mask |= Epoll.writable }
            _ = Epoll.control(descriptor, operation, watched, events: mask, data: UInt64(bitPattern: Int64(token)))
        }
    }
#endif
