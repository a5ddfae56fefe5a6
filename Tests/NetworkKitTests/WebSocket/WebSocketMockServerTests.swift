import Foundation
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// NetworkKit's client against MockServerKit's WebSocket routes: echo with and without compression,
/// scripted conversations, the route's faults, and the conversation recorded on the request.
@Suite("WebSocket client against MockServer routes")
struct WebSocketMockServerTests {
    static func open(_ server: MockServer, _ path: String, configuration: WebSocketConfiguration = .init())
        async throws -> WebSocket
    {
        try await HTTPClient().webSocket(URLRequest(url: server.url(path)), configuration: configuration)
    }

    @Test("echo, compressed and not, of text and 2 MiB of binary; the server recorded both directions")
    func echo() async throws {
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/echo")
        server.webSocketEcho("/plain", compression: .refused)
        let payload = Data((0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        for (path, compressed) in [("echo", true), ("plain", false)] {
            let socket = try await Self.open(server, path)
            #expect(socket.isCompressed == compressed)
            try await socket.send(.string("hello"))
            #expect(try await socket.receive() == .string("hello"))
            try await socket.send(.data(payload))
            #expect(try await socket.receive() == .data(payload))
            await socket.close()
            #expect(socket.closeCode == .normalClosure)
        }
        let recorded = try #require(server.requests.first { $0.path == "/echo" }).webSocketMessages
        #expect(recorded.map(\.direction) == [.fromClient, .fromServer, .fromClient, .fromServer])
        #expect(recorded.first?.message == .string("hello"))
    }

    @Test("a scripted conversation, with the route's subprotocol")
    func script() async throws {
        let server = try MockServer()
        defer { server.stop() }
        server.webSocket(
            "/chat", protocols: ["chat"],
            script: [.send(.string("welcome")), .expect(.string("hi")), .send(.string("bye")), .close()])
        let socket = try await Self.open(server, "chat", configuration: WebSocketConfiguration(protocols: ["chat"]))
        #expect(socket.negotiatedProtocol == "chat")
        #expect(try await socket.receive() == .string("welcome"))
        try await socket.send(.string("hi"))
        #expect(try await socket.receive() == .string("bye"))
        #expect(try await socket.receive() == nil)
        #expect(socket.closeCode == .normalClosure)
    }

    @Test("a dropped connection fails with 1006; a broken frame with 1002")
    func faults() async throws {
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/drop", conditions: [.dropConnection(afterMessages: 2)])
        server.webSocketEcho("/broken", conditions: [.invalidFrame(.reservedBits, afterMessages: 0)])

        let dropped = try await Self.open(server, "drop")
        try await dropped.send(.string("one"))
        #expect(try await dropped.receive() == .string("one"))
        try? await dropped.send(.string("two"))
        let lost = await #expect(throws: WebSocketError.self) {
            while try await dropped.receive() != nil {}
        }
        #expect(lost?.closeCode == .abnormalClosure)

        let broken = try await Self.open(server, "broken")
        let refused = await #expect(throws: WebSocketError.self) { try await broken.receive() }
        #expect(refused?.closeCode == .protocolError)
    }

    @Test("a paced route still delivers every message whole")
    func slowFrames() async throws {
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/slow", conditions: [.bandwidth(bytesPerSecond: 200_000)])
        let socket = try await Self.open(server, "slow", configuration: WebSocketConfiguration(compression: .none))
        let text = String(repeating: "slow frames ", count: 2_000)
        try await socket.send(.string(text))
        #expect(try await socket.receive() == .string(text))
        await socket.close()
    }
}
