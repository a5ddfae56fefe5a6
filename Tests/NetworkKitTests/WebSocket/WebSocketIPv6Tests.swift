import Foundation
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A WebSocket to an IPv6 literal (`ws://[::1]:port`): the handshake's `Host` keeps the brackets
/// and the connection reaches the server on the IPv6 loopback, on both transports.
@Suite("WebSocket over IPv6")
struct WebSocketIPv6Tests {
    @Test(
        "an echo over ws://[::1], text and binary, closed normally", arguments: [BuiltInTransport.libcurl, .urlSession])
    func echoOverIPv6Loopback(engine: BuiltInTransport) async throws {
        // Given a MockServer listening on ::1 with an echo route
        var configuration = MockServer.Configuration()
        configuration.host = "::1"
        let server = try MockServer(configuration: configuration)
        defer { server.stop() }
        server.webSocketEcho("/echo")
        let url = server.url("echo")
        #expect(url.absoluteString.hasPrefix("http://[::1]:"))

        // When a client on the transport opens a WebSocket to it and echoes two messages
        let client = HTTPClient { $0.transport = engine }
        let socket = try await client.webSocket(URLRequest(url: url))
        try await socket.send(.string("over IPv6"))
        let echoedText = try await socket.receive()
        let bytes = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try await socket.send(.data(bytes))
        let echoedBytes = try await socket.receive()
        await socket.close()

        // Then both came back whole, the close was normal, and the server saw the bracketed Host
        #expect(echoedText == .string("over IPv6"))
        #expect(echoedBytes == .data(bytes))
        #expect(socket.closeCode == .normalClosure)
        let request = try #require(server.requests.first { $0.path == "/echo" })
        #expect(request.headers["Host"] == "[::1]:\(server.port)")
        #expect(request.webSocketMessages.count == 4)
    }
}
