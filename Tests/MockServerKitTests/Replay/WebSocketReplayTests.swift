import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `chrome-websocket.har`: Chrome's export of a chat page. Entry 1 is `wss://chat.example.com/socket?room=lobby`
/// (subprotocol `chat.v2`): the client joins, the server answers with a text and a binary message,
/// the client speaks, the server echoes; no close was recorded. Entry 2 is `/feed`: two ticks
/// 0.4 s apart, then the server's close (1000, "bye").
@Suite("Replaying WebSocket entries of a HAR file, as Chrome exports them, to NetworkKit's client")
struct WebSocketReplayTests {
    static let join = #"{"op":"join","room":"lobby"}"#
    static let say = #"{"op":"say","text":"héllo 👋"}"#

    private static func open(_ server: MockServer, _ path: String, protocols: [String] = [])
        async throws -> WebSocket
    {
        var configuration = WebSocketConfiguration()
        configuration.protocols = protocols
        return try await HTTPClient().webSocket(URLRequest(url: server.url(path)), configuration: configuration)
    }

    @Test(
        "The recorded conversation plays: each answer after the client's message, in order, and the socket stays open")
    func playsChromeConversation() async throws {
        // Given a server replaying Chrome's export
        let server = try ReplayFixtures.server(replaying: "chrome-websocket.har")
        defer { server.stop() }

        // When the client opens the socket with the recorded subprotocol and says what was recorded
        let socket = try await Self.open(server, "/socket?room=lobby", protocols: ["chat.v2"])
        try await socket.send(.string(Self.join))
        let joined = try await socket.receive()
        let binary = try await socket.receive()
        try await socket.send(.string(Self.say))
        let said = try await socket.receive()

        // Then the answers are the recorded ones, and the connection is still open (the recording
        // ended without a close) until the client closes it
        #expect(socket.negotiatedProtocol == "chat.v2")
        #expect(joined == .string(#"{"op":"joined","users":2}"#))
        #expect(binary == .data(Data([0, 1, 2, 3, 0xFF])))
        #expect(said == .string(#"{"op":"said","text":"héllo 👋"}"#))
        #expect(socket.closeCode == nil)
        await socket.close(code: .goingAway, reason: "leaving")
        #expect(socket.closeCode == .goingAway)
        let upgrade = try #require(server.requests.last)
        #expect(
            upgrade.webSocketMessages.map(\.direction) == [
                .fromClient, .fromServer, .fromServer, .fromClient, .fromServer,
            ])
    }

    @Test("A client message that differs from the recording closes with 1008 naming what was expected")
    func mismatchCloses() async throws {
        // Given the replay, and a client that says something else first
        let server = try ReplayFixtures.server(replaying: "chrome-websocket.har")
        defer { server.stop() }
        let socket = try await Self.open(server, "/socket?room=lobby", protocols: ["chat.v2"])

        // When it sends the wrong message
        try await socket.send(.string(#"{"op":"join","room":"attic"}"#))
        let next = try? await socket.receive()

        // Then nothing is answered and the close names the entry, the message and what was expected
        #expect(next == nil)
        #expect(socket.closeCode == .policyViolation)
        let reason = try #require(socket.closeReason)
        #expect(reason.hasPrefix("entry 1, message 1: expected "))
        #expect(reason.contains(#"{\"op\":\"join\""#) || reason.contains(#""{"op":"join""#))
    }

    @Test("With webSocketMessageMatching .ignored, client messages are only counted")
    func countMatching() async throws {
        // Given the replay matching client messages by count
        var options = MockServer.ReplayOptions()
        options.webSocketMessageMatching = .ignored
        let server = try ReplayFixtures.server(replaying: "chrome-websocket.har", options: options)
        defer { server.stop() }
        let socket = try await Self.open(server, "/socket?room=lobby", protocols: ["chat.v2"])

        // When the client says other things, as many as were recorded
        try await socket.send(.string("first"))
        let joined = try await socket.receive()
        _ = try await socket.receive()
        try await socket.send(.data(Data([9])))
        let said = try await socket.receive()

        // Then the recorded answers come all the same
        #expect(joined == .string(#"{"op":"joined","users":2}"#))
        #expect(said == .string(#"{"op":"said","text":"héllo 👋"}"#))
        await socket.close()
    }

    @Test("A recorded close from the server is sent with its code and reason")
    func recordedClose() async throws {
        // Given the replay of the feed, which the server closed
        let server = try ReplayFixtures.server(replaying: "chrome-websocket.har")
        defer { server.stop() }
        let socket = try await Self.open(server, "/feed")

        // When the client reads until the end
        var received: [WebSocketMessage] = []
        for try await message in socket.messages { received.append(message) }

        // Then it got both ticks and the recorded close
        #expect(received == [.string("tick 1"), .string("tick 2")])
        #expect(socket.closeCode == .normalClosure)
        #expect(socket.closeReason == "bye")
    }

    @Test("keepsWebSocketTiming keeps the recorded pauses between the server's messages")
    func keepsTiming() async throws {
        // Given the replay keeping the recorded timing (0.4 s between the ticks, 0.4 s to the close)
        var options = MockServer.ReplayOptions()
        options.keepsWebSocketTiming = true
        let server = try ReplayFixtures.server(replaying: "chrome-websocket.har", options: options)
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let socket = try await Self.open(server, "/feed")

        // When the client reads the ticks and the close
        let first = try await socket.receive()
        let second = try await socket.receive()
        let secondAt = start.duration(to: clock.now)
        let end = try await socket.receive()
        let endAt = start.duration(to: clock.now)

        // Then the second came at least 0.4 s after the socket opened (the first is sent at once), and
        // the close 0.4 s later again
        #expect(first == .string("tick 1") && second == .string("tick 2") && end == nil)
        #expect(secondAt >= .milliseconds(400))
        #expect(endAt >= .milliseconds(800))
        #expect(socket.closeReason == "bye")
    }

    @Test("An upgrade no WebSocket entry matches is refused with the replay's 404")
    func unmatchedUpgrade() async throws {
        // Given the replay
        let server = try ReplayFixtures.server(replaying: "chrome-websocket.har")
        defer { server.stop() }

        // When a client opens a path (and a query) nothing recorded
        let wrongRoom = await #expect(throws: WebSocketError.self) {
            try await Self.open(server, "/socket?room=attic")
        }

        // Then the handshake failed on the 404 status, and the page's HTTP entry still answers
        guard case .handshakeFailed(.unexpectedStatus(404))? = wrongRoom?.reason else {
            Issue.record("expected a 404 handshake failure, got \(String(describing: wrongRoom))")
            return
        }
        let page = try await HTTPClient().send(URLRequest(url: server.url("/")))
        #expect(page.text.hasPrefix("<!doctype html>"))
    }

    @Test("An invalid binary frame in the file is refused when the replay starts, naming the entry and frame")
    func invalidFrameInFile() throws {
        // Given a WebSocket entry whose binary frame is not base64
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("broken.har")
        let text = try String(contentsOf: ReplayFixtures.file("chrome-websocket.har"), encoding: .utf8)
            .replacingOccurrences(of: "AAECA/8=", with: "not*base64")
        try Data(text.utf8).write(to: file)
        let server = try MockServer()
        defer { server.stop() }

        // When it is replayed
        let failure = #expect(throws: MockServerError.self) { try server.replay(archiveAt: file) }

        // Then the error names entry 1's third frame
        guard case .invalidArchive(let archiveFailure)? = failure else {
            Issue.record("expected invalidArchive, got \(String(describing: failure))")
            return
        }
        #expect(archiveFailure.entry == 1)
        #expect(archiveFailure.field == "_webSocketMessages[2].data")
        #expect(archiveFailure.reason == .invalidBase64)
    }
}
