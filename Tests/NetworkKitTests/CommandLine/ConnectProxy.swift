import Foundation
import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP proxy that only tunnels (`CONNECT host:port`), on 127.0.0.1, for tests of clients that
/// reach a server through `http_proxy` / `https_proxy`: it relays bytes both ways on threads of
/// its own and keeps the request lines it was sent.
final class ConnectProxy: Sendable {
    let port: UInt16
    private let listener: Int32
    private let lines = Locked<[String]>([])

    init() throws {
        let (descriptor, port) = try LoopbackSocket.listen()
        listener = descriptor
        self.port = port
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { return }
                Thread.detachNewThread { [self] in tunnel(client) }
            }
        }
    }

    /// The request lines received, such as `CONNECT 127.0.0.1:8080 HTTP/1.1`.
    var requestLines: [String] { lines.withLock { $0 } }

    /// The proxy's URL, for `http_proxy`.
    var url: String { "http://127.0.0.1:\(port)" }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func tunnel(_ client: Int32) {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard recv(client, &byte, 1, 0) == 1 else {
                close(client)
                return
            }
            head.append(byte)
        }
        let line = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
        lines.withLock { $0.append(line) }
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "CONNECT", let colon = parts[1].lastIndex(of: ":"),
            let port = UInt16(parts[1][parts[1].index(after: colon)...]),
            let upstream = try? LoopbackSocket.connect(port: port)
        else {
            _ = Array("HTTP/1.1 502 Bad Gateway\r\n\r\n".utf8).withUnsafeBytes {
                send(client, $0.baseAddress, $0.count, 0)
            }
            close(client)
            return
        }
        _ = Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8).withUnsafeBytes {
            send(client, $0.baseAddress, $0.count, 0)
        }
        let done = Locked(0)
        for (from, to) in [(client, upstream), (upstream, client)] {
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                while true {
                    let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
                    guard count > 0,
                        buffer.withUnsafeBytes({ send(to, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }) == count
                    else { break }
                }
                shutdown(to, Int32(SHUT_WR))
                if done.withLock({ value -> Bool in
                    value += 1
                    return value == 2
                }) {
                    close(client)
                    close(upstream)
                }
            }
        }
    }
}
