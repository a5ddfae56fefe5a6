#if os(Linux)
    import Glibc
    import InternalServiceUtilities

    /// The sockets libcurl asks a ``CurlEventLoop`` to watch, kept in an epoll set, and an eventfd
    /// that wakes the loop's thread from its wait.
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
        /// How many ready sockets one wait reports at most.
        static let batch = 64

        /// Makes the epoll set and the eventfd, or nil when the system refuses either.
        init?() {
            guard let functions = Functions.shared else { return nil }
            let epoll = functions.create(Constant.closeOnExec)
            guard epoll >= 0 else { return nil }
            let wake = functions.eventDescriptor(0, Constant.closeOnExec | Constant.nonBlocking)
            guard wake >= 0 else {
                close(epoll)
                return nil
            }
            self.epoll = epoll
            wakeDescriptor = wake
            guard control(Constant.add, wake, events: Constant.readable) == 0 else {
                close(wake)
                close(epoll)
                return nil
            }
        }

        deinit {
            close(wakeDescriptor)
            close(epoll)
        }

        /// Watches `socket` for what libcurl asked (`CURL_POLL_IN`, `_OUT`, `_INOUT`), or stops
        /// watching it (`CURL_POLL_REMOVE`).
        func watch(_ socket: Int32, what: Int32) {
            guard socket >= 0 else { return }
            var events: UInt32 = 0
            if what & 1 != 0 { events |= Constant.readable }
            if what & 2 != 0 { events |= Constant.writable }
            if what == 4 || events == 0 {
                // The socket may already be closed, which removed it from the set.
                _ = control(Constant.delete, socket, events: 0)
                return
            }
            // A socket libcurl closed without telling leaves the set by itself, and its number may
            // come back for a new one: try a change first, then an addition, and the other way round.
            if control(Constant.modify, socket, events: events) != 0 {
                _ = control(Constant.add, socket, events: events)
            }
        }

        /// Makes the current or next ``wait(milliseconds:into:)`` return at once.
        func wake() {
            var one: UInt64 = 1
            _ = write(wakeDescriptor, &one, 8)
        }

        /// Waits until a watched socket is ready, ``wake()`` is called or `milliseconds` pass, and
        /// puts the ready sockets into `ready` (replacing what it held).
        func wait(milliseconds: Int32, into ready: inout [Readiness]) {
            ready.removeAll(keepingCapacity: true)
            guard let functions = Functions.shared else { return }
            let stride = Constant.eventStride
            withUnsafeTemporaryAllocation(byteCount: stride * Self.batch, alignment: 8) { buffer in
                guard let base = buffer.baseAddress else { return }
                let count = functions.wait(epoll, base, Int32(Self.batch), milliseconds)
                guard count > 0 else { return }
                for index in 0..<Int(count) {
                    let event = base + index * stride
                    let events = event.loadUnaligned(as: UInt32.self)
                    let socket = event.loadUnaligned(fromByteOffset: Constant.dataOffset, as: Int32.self)
                    if socket == wakeDescriptor {
                        var value: UInt64 = 0
                        _ = read(wakeDescriptor, &value, 8)
                        continue
                    }
                    var flags: Int32 = 0
                    if events & Constant.readable != 0 { flags |= 1 }
                    if events & Constant.writable != 0 { flags |= 2 }
                    if events & (Constant.error | Constant.hangUp) != 0 { flags |= 4 }
                    ready.append(Readiness(socket: socket, flags: flags))
                }
            }
        }

        private func control(_ operation: Int32, _ socket: Int32, events: UInt32) -> Int32 {
            guard let functions = Functions.shared else { return -1 }
            return withUnsafeTemporaryAllocation(byteCount: Constant.eventStride, alignment: 8) { buffer in
                guard let event = buffer.baseAddress else { return -1 }
                event.initializeMemory(as: UInt8.self, repeating: 0, count: Constant.eventStride)
                event.storeBytes(of: events, as: UInt32.self)
                event.storeBytes(of: Int64(socket), toByteOffset: Constant.dataOffset, as: Int64.self)
                return functions.control(epoll, operation, socket, event)
            }
        }

        /// Linux's `<sys/epoll.h>` and `<sys/eventfd.h>` values, stable in its ABI.
        private enum Constant {
            static let add: Int32 = 1
            static let delete: Int32 = 2
            static let modify: Int32 = 3
            static let readable: UInt32 = 0x001
            static let writable: UInt32 = 0x004
            static let error: UInt32 = 0x008
            static let hangUp: UInt32 = 0x010
            static let closeOnExec: Int32 = 0o2000000
            static let nonBlocking: Int32 = 0o4000
            // `struct epoll_event` is packed on x86-64 (12 bytes, data at 4), aligned elsewhere.
            #if arch(x86_64)
                static let eventStride = 12
                static let dataOffset = 4
            #else
                static let eventStride = 16
                static let dataOffset = 8
            #endif
        }

        /// epoll and eventfd, which Glibc's Swift module does not import.
        private struct Functions: @unchecked Sendable {
            // Safe: immutable C function pointers into the C library, which is never unloaded.
            let create: @convention(c) (Int32) -> Int32
            let control: @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
            let wait: @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
            let eventDescriptor: @convention(c) (UInt32, Int32) -> Int32

            static let shared: Functions? = {
                guard
                    let create = CLibrary.function("epoll_create1", as: (@convention(c) (Int32) -> Int32).self),
                    let control = CLibrary.function(
                        "epoll_ctl",
                        as: (@convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32).self),
                    let wait = CLibrary.function(
                        "epoll_wait",
                        as: (@convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32).self),
                    let eventDescriptor = CLibrary.function(
                        "eventfd", as: (@convention(c) (UInt32, Int32) -> Int32).self)
                else { return nil }
                return Functions(create: create, control: control, wait: wait, eventDescriptor: eventDescriptor)
            }()
        }
    }
#endif
