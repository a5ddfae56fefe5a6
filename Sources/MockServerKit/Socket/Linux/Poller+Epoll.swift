#if os(Linux)
    import Glibc
    import InternalServiceUtilities

    /// The event loop's readiness source on Linux: level-triggered `epoll`, so a wait costs nothing
    /// per idle connection and watched interests are sent to the kernel only when they change.
    ///
    /// Glibc's Swift module does not import `<sys/epoll.h>`, so the three calls are looked up by name
    /// (``CLibrary``) and `struct epoll_event` is read and written as bytes in its kernel layout.
    final class Poller {
        /// The epoll descriptor, made where the server starts so that a failure is reported there;
        /// only the event-loop thread uses it afterwards.
        struct Handle: Sendable {
            let descriptor: Int32
        }

        private typealias Create = @convention(c) (Int32) -> Int32
        private typealias Control = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
        private typealias Wait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32

        private struct Calls {
            let control: Control
            let wait: Wait
        }

        private static let calls: Calls? = {
            guard let control = CLibrary.function("epoll_ctl", as: Control.self),
                let wait = CLibrary.function("epoll_wait", as: Wait.self)
            else { return nil }
            return Calls(control: control, wait: wait)
        }()

        // The kernel's values, the same on every Linux architecture.
        private static let input: UInt32 = 0x001
        private static let output: UInt32 = 0x004
        private static let error: UInt32 = 0x008
        private static let hangUp: UInt32 = 0x010
        private static let add: Int32 = 1
        private static let remove: Int32 = 2
        private static let modify: Int32 = 3

        // `struct epoll_event` is packed on x86-64 (a 32-bit mask, then 64 bits of data) and
        // naturally aligned elsewhere.
        #if arch(x86_64)
            private static let eventSize = 12
            private static let dataOffset = 4
        #else
            private static let eventSize = 16
            private static let dataOffset = 8
        #endif
        private static let batch = 256

        private let descriptor: Int32
        private let calls: Calls
        private let events: UnsafeMutableRawBufferPointer

        /// Opens the epoll descriptor.
        ///
        /// - Throws: ``MockServerError/startFailed(_:)`` when the C library lacks epoll or the call fails.
        static func open() throws(MockServerError) -> Handle {
            guard calls != nil, let create = CLibrary.function("epoll_create1", as: Create.self) else {
                throw .startFailed(.systemCall("epoll_create1", ENOSYS))
            }
            let descriptor = create(Int32(O_CLOEXEC))
            guard descriptor >= 0 else { throw .startFailed(.systemCall("epoll_create1", errno)) }
            return Handle(descriptor: descriptor)
        }

        /// Takes over an opened handle.
        init(_ handle: Handle) {
            descriptor = handle.descriptor
            // `open()` made sure the calls exist; were they missing, every wait would fail and the
            // loop would end instead of serving.
            calls = Self.calls ?? Calls(control: { _, _, _, _ in -1 }, wait: { _, _, _, _ in -1 })
            events = .allocate(byteCount: Self.batch * Self.eventSize, alignment: 8)
        }

        deinit {
            events.deallocate()
        }

        /// Starts watching `descriptor` for `interest`, reporting it as `token`.
        func add(_ descriptor: Int32, token: Int, interest: Readiness) {
            control(Self.add, descriptor, token: token, interest: interest)
        }

        /// Changes what a watched descriptor is watched for.
        func modify(_ descriptor: Int32, token: Int, interest: Readiness) {
            control(Self.modify, descriptor, token: token, interest: interest)
        }

        /// Stops watching `descriptor` (before it is closed).
        func remove(_ descriptor: Int32, token: Int) {
            control(Self.remove, descriptor, token: token, interest: [])
        }

        /// Waits up to `timeout` milliseconds (-1: no limit) and replaces `ready` with what is ready.
        ///
        /// - Returns: false when waiting failed for another reason than a signal.
        func wait(timeout: Int32, into ready: inout [ReadyEvent]) -> Bool {
            ready.removeAll(keepingCapacity: true)
            let count = calls.wait(descriptor, events.baseAddress, Int32(Self.batch), timeout)
            guard count >= 0 else { return errno == EINTR }
            for index in 0..<Int(count) {
                let offset = index * Self.eventSize
                let mask = events.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                let data = events.loadUnaligned(fromByteOffset: offset + Self.dataOffset, as: UInt64.self)
                var readiness: Readiness = []
                if mask & Self.input != 0 { readiness.insert(.readable) }
                if mask & Self.output != 0 { readiness.insert(.writable) }
                if mask & (Self.error | Self.hangUp) != 0 { readiness.insert(.hangUp) }
                ready.append(ReadyEvent(token: Int(Int64(bitPattern: data)), readiness: readiness))
            }
            return true
        }

        /// Closes the epoll descriptor.
        func close() {
            Socket.close(descriptor)
        }

        private func control(_ operation: Int32, _ watched: Int32, token: Int, interest: Readiness) {
            var event = (UInt64(0), UInt64(0))
            withUnsafeMutableBytes(of: &event) { bytes in
                var mask: UInt32 = 0
                if interest.contains(.readable) { mask |= Self.input }
                if interest.contains(.writable) { mask |= Self.output }
                bytes.storeBytes(of: mask, toByteOffset: 0, as: UInt32.self)
                bytes.storeBytes(of: UInt64(bitPattern: Int64(token)), toByteOffset: Self.dataOffset, as: UInt64.self)
                _ = calls.control(descriptor, operation, watched, bytes.baseAddress)
            }
        }
    }
#endif
