#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the server makes, so the rest of the module never
/// touches `Glibc` or `Darwin` directly.
enum Socket {
    /// What a non-blocking read or write did.
    enum Transfer: Equatable {
        /// This many bytes moved.
        case bytes(Int)
        /// Nothing can move now (`EAGAIN`); wait for the poller.
        case wouldBlock
        /// The peer closed its side (reads only).
        case endOfStream
        /// The connection is broken (`ECONNRESET`, `EPIPE`…).
        case failed(Int32)
    }

    /// The last `errno`.
    static var lastError: Int32 { errno }

    /// Opens a listening TCP socket on `host:port` (IPv4 or IPv6 literal; port 0 lets the OS pick).
    ///
    /// - Returns: the descriptor and the port actually bound.
    static func listen(host: String, port: UInt16, backlog: Int32) throws(MockServerError) -> (Int32, UInt16) {
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        if let address = ipv4Address(host, port: port) {
            family = AF_INET
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeMutableBytes(of: &storage) { raw in raw.storeBytes(of: address, as: sockaddr_in.self) }
        } else if let address = ipv6Address(host, port: port) {
            family = AF_INET6
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeMutableBytes(of: &storage) { raw in raw.storeBytes(of: address, as: sockaddr_in6.self) }
        } else {
            throw .startFailed(.invalidHost(host))
        }
        let descriptor = socket(family, streamType, 0)
        guard descriptor >= 0 else { throw .startFailed(.systemCall("socket", errno)) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw .startFailed(.systemCall("bind", code))
        }
        guard systemListen(descriptor, backlog) == 0, setNonBlocking(descriptor) else {
            let code = errno
            close(descriptor)
            throw .startFailed(.systemCall("listen", code))
        }
        return (descriptor, boundPort(descriptor) ?? port)
    }

    /// Accepts one pending connection, already non-blocking with Nagle off; nil when none is waiting.
    static func accept(_ listener: Int32) -> Int32? {
        let descriptor = systemAccept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        guard setNonBlocking(descriptor) else {
            close(descriptor)
            return nil
        }
        var yes: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    /// Reads what is available into `buffer`, up to `buffer.count` bytes.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .endOfStream }
        return classify(errno)
    }

    /// Writes as much of `bytes` as the socket takes now.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Transfer {
        let count = send(descriptor, bytes.baseAddress, bytes.count, noSignal)
        if count >= 0 { return .bytes(count) }
        return classify(errno)
    }

    /// Stops sending (FIN) but keeps the descriptor open for reading.
    static func shutdownWrite(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(shutdownWriteHow))
    }

    /// Makes the next close send a reset (RST) instead of a FIN: `SO_LINGER` on, with no time to linger.
    static func resetOnClose(_ descriptor: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Closes a descriptor, ignoring errors (there is nothing useful to do about them).
    static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// Sets `O_NONBLOCK`; false when `fcntl` fails.
    static func setNonBlocking(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL, 0)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
    }

    private static func classify(_ code: Int32) -> Transfer {
        if code == EAGAIN || code == EWOULDBLOCK || code == EINTR { return .wouldBlock }
        return .failed(code)
    }

    private static func boundPort(_ descriptor: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: &storage) { raw -> UInt16 in
            if family == AF_INET6 {
                return UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
            }
            return UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
    }

    private static func ipv4Address(_ host: String, port: UInt16) -> sockaddr_in? {
        var address = sockaddr_in()
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return nil }
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        return address
    }

    private static func ipv6Address(_ host: String, port: UInt16) -> sockaddr_in6? {
        var address = sockaddr_in6()
        guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { return nil }
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        return address
    }
}

// MARK: - Platform spellings

extension Socket {
    #if canImport(Darwin)
        fileprivate static let streamType = SOCK_STREAM
        fileprivate static let noSignal: Int32 = 0
        fileprivate static let shutdownWriteHow = SHUT_WR
    #else
        fileprivate static let streamType = Int32(SOCK_STREAM.rawValue)
        fileprivate static let noSignal = Int32(MSG_NOSIGNAL)
        fileprivate static let shutdownWriteHow = Int32(SHUT_WR)
    #endif
}

// File-scope wrappers: inside `Socket` the names `listen`, `accept` and `close` mean its own members.

private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    listen(descriptor, backlog)
}

private func systemAccept(
    _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
) -> Int32 {
    accept(descriptor, address, length)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
