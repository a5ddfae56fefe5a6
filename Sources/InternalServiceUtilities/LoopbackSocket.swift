#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blocking IPv4 TCP sockets on 127.0.0.1, for the tests and benchmarks that start or reach local
/// servers (free ports, refused ports, raw clients).
///
/// The caller owns every descriptor returned and closes it.
package enum LoopbackSocket {
    /// A system call that failed, with its `errno`.
    package struct Failure: Error, CustomStringConvertible {
        /// The call, such as `bind`.
        package let call: String
        /// Its `errno`.
        package let code: Int32

        /// Such as `connect() failed: errno 111`.
        package var description: String { "\(call)() failed: errno \(code)" }
    }

    /// A new TCP socket bound to 127.0.0.1:`port` and not yet listening; port 0 lets the system pick
    /// a free one.
    ///
    /// - Parameter port: The port to bind, or 0.
    /// - Returns: The descriptor and the port it is bound to.
    /// - Throws: ``Failure`` when `socket`, `bind` or `getsockname` fails.
    package static func bind(port: UInt16 = 0) throws(Failure) -> (descriptor: Int32, port: UInt16) {
        let descriptor = try makeSocket()
        var address = loopbackAddress(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw closing(descriptor, Failure(call: "bind", code: errno)) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw closing(descriptor, Failure(call: "getsockname", code: errno)) }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// A new TCP socket bound to 127.0.0.1:`port` and listening.
    ///
    /// - Parameters:
    ///   - port:    The port to bind, or 0 for a free one.
    ///   - backlog: The length of the queue of pending connections.
    /// - Returns: The descriptor and the port it listens on.
    /// - Throws: ``Failure`` when a system call fails.
    package static func listen(port: UInt16 = 0, backlog: Int32 = 16) throws(Failure) -> (
        descriptor: Int32, port: UInt16
    ) {
        let bound = try bind(port: port)
        guard systemListen(bound.descriptor, backlog) == 0 else {
            throw closing(bound.descriptor, Failure(call: "listen", code: errno))
        }
        return bound
    }

    /// A new TCP connection to 127.0.0.1:`port`.
    ///
    /// - Parameter port: The server's port.
    /// - Returns: The connected descriptor.
    /// - Throws: ``Failure`` when `socket` or `connect` fails (`ECONNREFUSED` when nothing listens).
    package static func connect(port: UInt16) throws(Failure) -> Int32 {
        let descriptor = try makeSocket()
        var address = loopbackAddress(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw closing(descriptor, Failure(call: "connect", code: errno)) }
        return descriptor
    }

    private static func makeSocket() throws(Failure) -> Int32 {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
        return descriptor
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// Closes `descriptor` and hands back `failure`, whose `errno` was read before the close.
    private static func closing(_ descriptor: Int32, _ failure: Failure) -> Failure {
        close(descriptor)
        return failure
    }
}

// The system calls, named apart from this type's own `bind`, `listen` and `connect`.
private func systemBind(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(descriptor, address, length)
}

private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
    listen(descriptor, backlog)
}

private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
