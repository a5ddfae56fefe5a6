import Foundation
import InternalServiceUtilities
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `HTTPClient.webSocket` against a server that answers the handshake with whatever bytes a test
/// gives it: a megabyte of head, garbage after a valid `101`, a wrong accept value. Each ends in a
/// typed error, never a crash or unbounded memory.
@Suite("WebSocket client against hostile servers")
struct WebSocketHostileServerTests {
    /// Accepts one connection, reads the request head, then writes `answer(key)` and closes.
    final class ScriptedServer: Sendable {
        let port: UInt16
        private let listener: Int32

        init(answer: @escaping @Sendable (_ key: String) -> [UInt8]) throws {
            let (descriptor, port) = try LoopbackSocket.listen()
            listener = descriptor
            self.port = port
            Thread.detachNewThread {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                defer { close(connection) }
                var head: [UInt8] = []
                var byte: UInt8 = 0
                while !head.suffix(4).elementsEqual([13, 10, 13, 10]), recv(connection, &byte, 1, 0) == 1 {
                    head.append(byte)
                }
                let text = String(decoding: head, as: UTF8.self)
                let key =
                    text.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                    .map { String($0.dropFirst("sec-websocket-key:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
                let bytes = answer(key)
                var offset = 0
                while offset < bytes.count {
                    let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
                    guard sent > 0 else { return }
                    offset += sent
                }
                shutdown(connection, Int32(SHUT_WR))
                while recv(connection, &byte, 1, 0) == 1 {}
            }
        }

        deinit {
            close(listener)
        }

        var url: URL {
            get throws { try #require(URL(string: "ws://127.0.0.1:\(port)/")) }
        }
    }

    /// A valid `101` head for `key`.
    static func switching(_ key: String) -> String {
        let accept = Data(SHA1Hasher.hash(Data((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
            .base64EncodedString()
        return "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept)\r\n"
    }

    static func open(_ server: ScriptedServer) async throws -> WebSocket {
        try await HTTPClient().webSocket(URLRequest(url: try server.url))
    }

    @Test("a response head of 1 MiB is refused at the bound")
    func hugeHead() async throws {
        let server = try ScriptedServer { key in
            Array((Self.switching(key) + "X-Filler: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n").utf8)
        }
        let error = await #expect(throws: WebSocketError.self) { try await Self.open(server) }
        guard case .handshakeFailed(.responseHeadTooLarge) = error?.reason else {
            Issue.record("expected responseHeadTooLarge, got \(String(describing: error))")
            return
        }
    }

    @Test("garbage after a valid 101 fails the connection with 1002")
    func garbageAfterHandshake() async throws {
        let server = try ScriptedServer { key in
            Array((Self.switching(key) + "\r\n").utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x13, 0x37]
        }
        let socket = try await Self.open(server)
        let error = await #expect(throws: WebSocketError.self) { try await socket.receive() }
        #expect(error?.closeCode == .protocolError)
        #expect(socket.closeCode == .protocolError)
    }

    @Test("two Sec-WebSocket-Accept fields are refused, even if one is right")
    func duplicateAccept() async throws {
        let server = try ScriptedServer { key in
            Array((Self.switching(key) + "Sec-WebSocket-Accept: AAAA\r\n\r\n").utf8)
        }
        let error = await #expect(throws: WebSocketError.self) { try await Self.open(server) }
        #expect(error?.reason == .handshakeFailed(.acceptMismatch))
    }

    @Test("a server that closes before its head ends is a typed failure")
    func cutHead() async throws {
        let server = try ScriptedServer { _ in Array("HTTP/1.1 101 Switching".utf8) }
        let error = await #expect(throws: WebSocketError.self) { try await Self.open(server) }
        #expect(error?.reason == .handshakeFailed(.connectionClosed))
    }

    @Test("a frame with a 2^63 - 1 length after the handshake fails with 1009 without reading it")
    func endlessLength() async throws {
        let server = try ScriptedServer { key in
            Array((Self.switching(key) + "\r\n").utf8) + [0x82, 0x7F, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        }
        let socket = try await Self.open(server)
        let error = await #expect(throws: WebSocketError.self) { try await socket.receive() }
        #expect(error?.closeCode == .messageTooBig)
    }
}
