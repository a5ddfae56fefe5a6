#if os(Linux)
    import Foundation
    import Glibc
    import InternalServiceUtilities

    /// Waits, for async callers, until sockets are readable or writable: one thread of the process
    /// sleeps in `epoll_wait` for every socket a caller waits on, and resumes the waiting task when
    /// its socket is ready. A WebSocket's libcurl connection (``CurlWebSocketStream``) uses it once
    /// `curl_easy_recv` or `curl_easy_send` says it would block.
    ///
    /// Each wait registers its socket with `EPOLLONESHOT` for the directions waited on, so a ready
    /// socket is reported once and a socket no one waits on costs nothing. epoll's set lives in the
    /// kernel, so a socket added from any thread is watched by a wait already under way: the thread
    /// never needs waking.
    ///
    /// ```swift
    /// guard await SocketReadiness.shared?.wait(socket, for: .readable) == true else { return }  // cancelled
    /// ```
    final class SocketReadiness: Sendable {
        /// What a caller waits for.
        enum Direction: Sendable {
            case readable
            case writable
        }

        private struct Waiters {
            var read: CheckedContinuation<Bool, Never>?
            var write: CheckedContinuation<Bool, Never>?
            /// Whether the socket is in the epoll set (added once, then modified).
            var registered = false

            var events: UInt32 {
                (read == nil ? 0 : Epoll.readable) | (write == nil ? 0 : Epoll.writable)
            }
        }

        /// `EPOLLONESHOT`: report the socket once, then stop until it is modified again.
        private static let oneShot: UInt32 = 1 << 30
        /// How many ready sockets one `epoll_wait` reports at most.
        private static let batch = 64

        /// The process's watcher, started on first use; nil when the system refuses epoll.
        static let shared: SocketReadiness? = SocketReadiness()

        private let epoll: Int32
        private let waiters = Locked([Int32: Waiters]())

        private init?() {
            let epoll = Epoll.create()
            guard epoll >= 0 else { return nil }
            self.epoll = epoll
            let thread = Thread { [self] in run() }
            thread.name = "NetworkKit socket readiness"
            thread.start()
        }

        /// Waits until `socket` is ready for `direction` (or failed, or hung up: the next call on it
        /// then says why), or until ``cancel(_:)``.
        ///
        /// One task at a time waits for each direction of a socket.
        ///
        /// - Parameters:
        ///   - socket: The socket, open while the wait lasts (``cancel(_:)`` before closing it).
        ///   - direction: What to wait for.
        ///   - register: Called with the wait's registration, under the caller's own lock if it needs
        ///     one: the stream checks there that it is still open, so a ``cancel(_:)`` made after its
        ///     check cannot miss the wait.
        /// - Returns: True when the socket is ready, false when the wait was cancelled or the socket
        ///   could not be watched.
        func wait(_ socket: Int32, for direction: Direction, under register: (() -> Bool) -> Bool) async -> Bool {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let registered = register {
                    waiters.withLock { table -> Bool in
                        var entry = table[socket] ?? Waiters()
                        switch direction {
                        case .readable: entry.read = continuation
                        case .writable: entry.write = continuation
                        }
                        guard arm(socket, &entry) else {
                            switch direction {
                            case .readable: entry.read = nil
                            case .writable: entry.write = nil
                            }
                            table[socket] = entry.events == 0 && !entry.registered ? nil : entry
                            return false
                        }
                        table[socket] = entry
                        return true
                    }
                }
                if !registered { continuation.resume(returning: false) }
            }
        }

        /// Ends every wait on `socket` (they return false) and removes it from the epoll set; called
        /// before the socket is closed.
        ///
        /// - Parameter socket: The socket.
        func cancel(_ socket: Int32) {
            let entry = waiters.withLock { table -> Waiters? in
                guard let entry = table.removeValue(forKey: socket) else { return nil }
                if entry.registered { _ = Epoll.control(epoll, Epoll.remove, socket, events: 0, data: 0) }
                return entry
            }
            entry?.read?.resume(returning: false)
            entry?.write?.resume(returning: false)
        }

        /// Puts `socket` in the epoll set for what `entry` waits on (under the table's lock).
        private func arm(_ socket: Int32, _ entry: inout Waiters) -> Bool {
            let events = entry.events | Self.oneShot
            if entry.registered, Epoll.control(epoll, Epoll.modify, socket, events: events, data: UInt64(socket)) == 0 {
                return true
            }
            // Not in the set yet, or it left it when a socket of the same number was closed.
            guard Epoll.control(epoll, Epoll.add, socket, events: events, data: UInt64(socket)) == 0 else {
                return false
            }
            entry.registered = true
            return true
        }

        private func run() {
            var ready: [CheckedContinuation<Bool, Never>] = []
            while true {
                withUnsafeTemporaryAllocation(byteCount: Epoll.eventSize * Self.batch, alignment: 8) { buffer in
                    guard let base = buffer.baseAddress else { return }
                    let count = Epoll.wait(epoll, base, capacity: Int32(Self.batch), timeout: -1)
                    guard count > 0 else { return }
                    waiters.withLock { table in
                        for index in 0..<Int(count) {
                            let (events, data) = Epoll.event(index, in: base)
                            let socket = Int32(truncatingIfNeeded: data)
                            guard var entry = table[socket] else { continue }
                            let failed = events & (Epoll.error | Epoll.hangUp) != 0
                            if failed || events & Epoll.readable != 0, let read = entry.read {
                                ready.append(read)
                                entry.read = nil
                            }
                            if failed || events & Epoll.writable != 0, let write = entry.write {
                                ready.append(write)
                                entry.write = nil
                            }
                            // One-shot: still waited on in the other direction, it is armed again.
                            if entry.events != 0, !arm(socket, &entry) {
                                if let read = entry.read { ready.append(read) }
                                if let write = entry.write { ready.append(write) }
                                entry.read = nil
                                entry.write = nil
                            }
                            table[socket] = entry
                        }
                    }
                }
                for continuation in ready { continuation.resume(returning: true) }
                ready.removeAll(keepingCapacity: true)
            }
        }
    }
#endif
