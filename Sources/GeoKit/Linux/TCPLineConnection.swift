import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking TCP client that reads newline-terminated lines, every step bounded by a deadline.
/// Used on a thread of its own, never on the Swift concurrency pool.
final class TCPLineConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to `host:port` before `deadline`.
    init(host: String, port: UInt16, deadline: Date) throws(GeoError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc) || canImport(Musl)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw .locationFailed(.unreachable("cannot resolve \(host)"))
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address for \(host)"
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let socketDescriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard socketDescriptor >= 0 else { continue }
            Self.setTimeout(socketDescriptor, until: deadline)
            switch Self.connect(socketDescriptor, to: info.pointee, deadline: deadline) {
            case .connected:
                descriptor = socketDescriptor
                return
            case .failed(let reason):
                lastError = reason
                close(socketDescriptor)
            case .timedOut:
                close(socketDescriptor)
                throw .locationFailed(.timedOut)
            }
        }
        throw .locationFailed(.unreachable("\(host):\(port): \(lastError)"))
    }

    private enum ConnectOutcome {
        case connected
        case failed(String)
        case timedOut
    }

    /// Connects without blocking past `deadline`: a non-blocking `connect`, then `poll` for the time
    /// left and `SO_ERROR` for the result (Darwin ignores `SO_SNDTIMEO` during `connect`). The socket is
    /// blocking again afterwards.
    private static func connect(_ descriptor: Int32, to info: addrinfo, deadline: Date) -> ConnectOutcome {
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
            return .failed(String(cString: strerror(errno)))
        }
        defer { _ = fcntl(descriptor, F_SETFL, flags) }
        if Foundation.connect(descriptor, info.ai_addr, info.ai_addrlen) == 0 { return .connected }
        guard errno == EINPROGRESS || errno == EINTR else { return .failed(String(cString: strerror(errno))) }
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .timedOut }
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return .failed(String(cString: strerror(errno))) }
            if ready == 0 { continue }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else {
                return .failed(String(cString: strerror(errno)))
            }
            return failure == 0 ? .connected : .failed(String(cString: strerror(failure)))
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends all of `text`.
    func send(_ text: String) throws(GeoError) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            #if canImport(Glibc) || canImport(Musl)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let result = bytes[sent...].withUnsafeBytes { raw in
                Foundation.send(descriptor, raw.baseAddress, raw.count, flags)
            }
            guard result > 0 else { throw .locationFailed(.connectionClosed) }
            sent += result
        }
    }

    /// The next line without its terminator; throws when the deadline passes or the peer closes
    /// (mid-line closes are reported as a malformed message).
    func readLine(deadline: Date) throws(GeoError) -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw .locationFailed(.timedOut) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready == 0 { continue }
            if ready < 0 {
                if errno == EINTR { continue }
                throw .locationFailed(.unreachable(String(cString: strerror(errno))))
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                throw buffer.isEmpty
                    ? .locationFailed(.connectionClosed)
                    : .locationFailed(.malformedMessage("the connection closed in the middle of a line"))
            } else if errno != EINTR && errno != EAGAIN {
                throw .locationFailed(.unreachable(String(cString: strerror(errno))))
            }
        }
    }

    private static func setTimeout(_ descriptor: Int32, until deadline: Date) {
        let seconds = max(0.001, deadline.timeIntervalSinceNow)
        var value = timeval(tv_sec: Int(seconds), tv_usec: .init((seconds - seconds.rounded(.down)) * 1_000_000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, size)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, size)
        #if canImport(Darwin)
            // Darwin has no MSG_NOSIGNAL: a write to a closed peer must not raise SIGPIPE.
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}
