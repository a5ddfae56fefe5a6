#if canImport(Glibc)
    import Foundation
    import InternalServiceUtilities

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif
    import Glibc

    /// The cancellation of one exchange of ``SocketTransport``: a pipe that every wait of its
    /// connections polls beside the socket, so a cancellation from another thread ends the wait at once.
    ///
    /// The descriptors are written and closed under the lock, so a late ``cancel()`` (the exchange's
    /// handler runs on the canceller's thread) never writes to a descriptor number that was closed and
    /// reused meanwhile.
    final class CancellationPipe: Sendable {
        private struct Descriptors {
            var read: Int32
            var write: Int32
            var cancelled = false
        }

        private let descriptors: Locked<Descriptors>
        /// The end that becomes readable on cancellation; valid until ``close()``, which only the
        /// exchange's own thread calls once it no longer polls.
        let readEnd: Int32

        init() throws(URLError) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw URLError.socket(.cannotConnectToHost, "pipe failed: errno \(errno)") }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            readEnd = ends[0]
            descriptors = Locked(Descriptors(read: ends[0], write: ends[1]))
        }

        var isCancelled: Bool { descriptors.withLock { $0.cancelled } }

        /// Wakes every wait, now and later.
        func cancel() {
            descriptors.withLock { state in
                guard !state.cancelled else { return }
                state.cancelled = true
                if state.write >= 0 {
                    var byte: UInt8 = 1
                    _ = Glibc.write(state.write, &byte, 1)
                }
            }
        }

        func close() {
            descriptors.withLock { state in
                if state.read >= 0 { _ = Glibc.close(state.read) }
                if state.write >= 0 { _ = Glibc.close(state.write) }
                state.read = -1
                state.write = -1
            }
        }
    }

    /// One TCP connection of ``SocketTransport``, used by one thread: a non-blocking socket whose every
    /// wait polls it and the exchange's ``CancellationPipe``, for at most `timeout` (the request's
    /// longest time without progress). Errors are `URLError`s with URLSession's codes.
    final class SocketConnection {
        private let socket: Int32
        private let cancellation: CancellationPipe
        private let timeout: Int32

        /// Connects to `host`'s `port`, trying each of its addresses in turn.
        ///
        /// - Throws: `cannotFindHost` when the name does not resolve, `cannotConnectToHost` when no
        ///   address accepts, `timedOut`, `cancelled`.
        init(host: String, port: Int, timeout: TimeInterval, cancellation: CancellationPipe) throws(URLError) {
            let milliseconds = Int32((min(max(timeout, 0.001), 86_400) * 1000).rounded(.up))
            self.cancellation = cancellation
            self.timeout = milliseconds
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
                throw URLError.socket(.cannotFindHost, "\(host) does not resolve")
            }
            defer { freeaddrinfo(first) }
            var lastError = URLError.socket(.cannotConnectToHost, "no address of \(host)")
            var next: UnsafeMutablePointer<addrinfo>? = first
            while let address = next {
                next = address.pointee.ai_next
                let candidate = Glibc.socket(
                    address.pointee.ai_family,
                    Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                        | Int32(SOCK_CLOEXEC.rawValue), 0)
                guard candidate >= 0 else { continue }
                do throws(URLError) {
                    try Self.connect(candidate, to: address.pointee, timeout: milliseconds, cancellation: cancellation)
                    socket = candidate
                    return
                } catch {
                    _ = Glibc.close(candidate)
                    if error.code != .cannotConnectToHost { throw error }
                    lastError = error
                }
            }
            throw lastError
        }

        deinit {
            _ = Glibc.close(socket)
        }

        /// Sends all of `bytes`.
        func send(_ bytes: UnsafeRawBufferPointer) throws(URLError) {
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let sent = Glibc.send(socket, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent > 0 {
                    offset += sent
                } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                    try wait(for: Int16(POLLOUT))
                } else {
                    throw URLError.socket(.networkConnectionLost, "the connection closed while sending: errno \(errno)")
                }
            }
        }

        func send(_ data: Data) throws(URLError) {
            let sent = data.withUnsafeBytes { bytes in Result { () throws(URLError) in try send(bytes) } }
            try sent.get()
        }

        /// Receives at most `buffer.count` bytes into `buffer`, waiting for some; 0 at the end of the
        /// stream.
        func receive(into buffer: UnsafeMutableRawBufferPointer) throws(URLError) -> Int {
            while true {
                let count = recv(socket, buffer.baseAddress, buffer.count, 0)
                if count >= 0 { return count }
                guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                    throw URLError.socket(.networkConnectionLost, "the connection broke: errno \(errno)")
                }
                try wait(for: Int16(POLLIN))
            }
        }

        /// Waits until the socket is ready for `events`.
        private func wait(for events: Int16) throws(URLError) {
            try Self.wait(socket, for: events, timeout: timeout, cancellation: cancellation)
        }

        private static func wait(
            _ socket: Int32, for events: Int16, timeout: Int32, cancellation: CancellationPipe
        ) throws(URLError) {
            var fds = [
                pollfd(fd: socket, events: events, revents: 0),
                pollfd(fd: cancellation.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                let ready = poll(&fds, 2, timeout)
                if ready < 0, errno == EINTR { continue }
                if fds[1].revents != 0 || cancellation.isCancelled { throw URLError(.cancelled) }
                if ready == 0 { throw URLError(.timedOut) }
                guard ready > 0 else { throw URLError.socket(.unknown, "poll failed: errno \(errno)") }
                return  // ready, or an error or hang-up that the next call reports
            }
        }

        private static func connect(
            _ socket: Int32, to address: addrinfo, timeout: Int32, cancellation: CancellationPipe
        ) throws(URLError) {
            if Glibc.connect(socket, address.ai_addr, address.ai_addrlen) == 0 { return }
            guard errno == EINPROGRESS else {
                throw URLError.socket(.cannotConnectToHost, "connect failed: errno \(errno)")
            }
            try wait(socket, for: Int16(POLLOUT), timeout: timeout, cancellation: cancellation)
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length) == 0, failure == 0 else {
                throw URLError.socket(.cannotConnectToHost, "connect failed: errno \(failure)")
            }
        }
    }

    extension URLError {
        /// An error of ``SocketTransport`` with `code`, whose description is `reason`.
        static func socket(_ code: URLError.Code, _ reason: String) -> URLError {
            URLError(code, userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }
#endif
