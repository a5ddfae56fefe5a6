#if os(Linux)
    import Glibc

    /// Linux's epoll, which Glibc's Swift module does not import: the calls are found by name
    /// (``CLibrary``) and `struct epoll_event` is read and written as bytes in the kernel's layout
    /// (packed on x86-64: a 32-bit mask, then 64 bits of data; naturally aligned elsewhere).
    ///
    /// ```swift
    /// let epoll = Epoll.create()                                   // -1 and errno on failure
    /// _ = Epoll.control(epoll, Epoll.add, socket, events: Epoll.readable, data: UInt64(socket))
    /// withUnsafeTemporaryAllocation(byteCount: Epoll.eventSize * 16, alignment: 8) { buffer in
    ///     guard let base = buffer.baseAddress else { return }
    ///     let count = Epoll.wait(epoll, base, capacity: 16, timeout: 1000)
    ///     for index in 0..<max(Int(count), 0) { let (mask, data) = Epoll.event(index, in: base) }
    /// }
    /// ```
    package enum Epoll {
        /// `EPOLLIN`, `EPOLLOUT`, `EPOLLERR`, `EPOLLHUP`: the same on every Linux architecture.
        package static let readable: UInt32 = 0x001
        package static let writable: UInt32 = 0x004
        package static let error: UInt32 = 0x008
        package static let hangUp: UInt32 = 0x010
        /// `EPOLL_CTL_ADD`, `EPOLL_CTL_DEL`, `EPOLL_CTL_MOD`.
        package static let add: Int32 = 1
        package static let remove: Int32 = 2
        package static let modify: Int32 = 3

        /// The size of one `struct epoll_event`, the stride of a buffer given to ``wait(_:_:capacity:timeout:)``.
        #if arch(x86_64)
            package static let eventSize = 12
            private static let dataOffset = 4
        #else
            package static let eventSize = 16
            private static let dataOffset = 8
        #endif

        /// `epoll_create1(EPOLL_CLOEXEC)`: a new epoll descriptor, or -1 with `errno` set.
        package static func create() -> Int32 {
            guard let calls else {
                errno = ENOSYS
                return -1
            }
            return calls.create(Int32(O_CLOEXEC))
        }

        /// `epoll_ctl`: watches `descriptor` for `events` (adding, modifying or removing it), reported
        /// with `data`.
        ///
        /// - Returns: 0, or -1 with `errno` set.
        package static func control(
            _ epoll: Int32, _ operation: Int32, _ descriptor: Int32, events: UInt32, data: UInt64
        )
            -> Int32
        {
            guard let calls else { return -1 }
            var event = (UInt64(0), UInt64(0))
            return withUnsafeMutableBytes(of: &event) { bytes in
                bytes.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
                bytes.storeBytes(of: data, toByteOffset: dataOffset, as: UInt64.self)
                return calls.control(epoll, operation, descriptor, bytes.baseAddress)
            }
        }

        /// `epoll_wait` into `buffer`, room for `capacity` events of ``eventSize`` bytes.
        ///
        /// - Returns: How many events are ready, or -1 with `errno` set (`EINTR` for a signal).
        package static func wait(_ epoll: Int32, _ buffer: UnsafeMutableRawPointer, capacity: Int32, timeout: Int32)
            -> Int32
        {
            guard let calls else { return -1 }
            return calls.wait(epoll, buffer, capacity, timeout)
        }

        /// The event at `index` of a buffer ``wait(_:_:capacity:timeout:)`` filled: its mask and data.
        package static func event(_ index: Int, in buffer: UnsafeRawPointer) -> (events: UInt32, data: UInt64) {
            let event = buffer + index * eventSize
            return (
                event.loadUnaligned(as: UInt32.self), event.loadUnaligned(fromByteOffset: dataOffset, as: UInt64.self)
            )
        }

        private struct Calls: @unchecked Sendable {
            // Safe: immutable C function pointers into the C library, which is never unloaded.
            let create: @convention(c) (Int32) -> Int32
            let control: @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
            let wait: @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
        }

        private static let calls: Calls? = {
            guard let create = CLibrary.function("epoll_create1", as: (@convention(c) (Int32) -> Int32).self),
                let control = CLibrary.function(
                    "epoll_ctl", as: (@convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32).self),
                let wait = CLibrary.function(
                    "epoll_wait", as: (@convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32).self)
            else { return nil }
            return Calls(create: create, control: control, wait: wait)
        }()
    }
#endif
