import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Recording proxy and WebSocket: upgrades pass through, messages are relayed and recorded, the file replays")
struct WebSocketRecordingProxyTests {
    /// Waits until `recorder` has written `count` entries (a conversation is written once it ended).
    private static func waitForEntries(_ count: Int, in recorder: HTTPArchiveRecorder) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while recorder.entryCount < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The conversation of these tests: a text, a binary message, then the client's close.
    private static func converse(through url: URL) async throws -> [WebSocketMessage?] {
        var configuration = WebSocketConfiguration()
        configuration.protocols = ["echo.v1"]
        let socket = try await HTTPClient().webSocket(URLRequest(url: url), configuration: configuration)
        try await socket.send(.string("hello"))
        let first = try await socket.receive()
        try await socket.send(.data(Data([0, 1, 0xFF])))
        let second = try await socket.receive()
        await socket.close(code: .normalClosure, reason: "done")
        return [first, second]
    }

    @Test("A client through the proxy talks to the upstream's echo; the file holds the conversation, which replays")
    func relaysRecordsAndReplays() async throws {
        // Given an upstream echo route and a proxy recording to a file
        let folder = try TestFolder()
        defer { folder.remove() }
        let upstream = try MockServer()
        upstream.webSocketEcho("/chat/echo", protocols: ["echo.v1"])
        let proxy = try MockServer()
        let file = folder.file("socket.har")
        let recorder = try proxy.forward(to: upstream.baseURL, recordingTo: file)

        // When a client talks through the proxy
        let answers = try await Self.converse(through: proxy.url("/chat/echo?room=7"))
        try await Self.waitForEntries(1, in: recorder)
        let upstreamRecord = upstream.requests.last?.webSocketMessages ?? []
        proxy.stop()
        recorder.close()
        upstream.stop()

        // Then the echoes came from the upstream, which saw the client's messages
        #expect(answers == [.string("hello"), .data(Data([0, 1, 0xFF]))])
        #expect(
            upstreamRecord.map(\.message) == [
                .string("hello"), .string("hello"), .data(Data([0, 1, 0xFF])), .data(Data([0, 1, 0xFF])),
            ])

        // And the file has one WebSocket entry as Chrome writes one: 101, the upstream's URL as
        // ws://, the frames with the client's close last
        let archive = try HTTPArchive(contentsOf: file)
        #expect(archive.log.entries.count == 1)
        let entry = try #require(archive.log.entries.first)
        #expect(entry.response.status == 101)
        #expect(entry.resourceType == "websocket")
        #expect(entry.request.url.hasPrefix("ws://") && entry.request.url.hasSuffix("/chat/echo?room=7"))
        #expect(
            entry.response.headers.contains {
                $0.name.lowercased() == "sec-websocket-protocol" && $0.value == "echo.v1"
            })
        let frames = try #require(entry.webSocketMessages)
        #expect(frames.map(\.type) == ["send", "receive", "send", "receive", "send"])
        #expect(frames.map(\.opcode) == [1, 1, 2, 2, 8])
        #expect(frames[2].data == Data([0, 1, 0xFF]).base64EncodedString())
        #expect(frames.last?.closePayload?.code == .normalClosure && frames.last?.closePayload?.reason == "done")
        #expect(frames.allSatisfy { $0.time > 1_700_000_000 })
        let check = try await HARCheck.run(file)
        #expect(check.schemaErrors == [])
        #expect(check.entries.map(\.status) == [101])

        // When a server replays the file and the client says the same
        let replay = try MockServer()
        defer { replay.stop() }
        try replay.replay(archiveAt: file)
        let replayed = try await Self.converse(through: replay.url("/chat/echo?room=7"))

        // Then the conversation is the same
        #expect(replayed == answers)
        #expect(replay.requests.last?.webSocketMessages.map(\.message) == upstreamRecord.map(\.message))
    }

    @Test("The upstream's close reaches the client with its code and reason, and is recorded as the server's")
    func upstreamCloses() async throws {
        // Given an upstream that greets and closes with 4000, behind a recording proxy
        let folder = try TestFolder()
        defer { folder.remove() }
        let upstream = try MockServer()
        defer { upstream.stop() }
        upstream.webSocket("/bye") { socket in
            try await socket.send("see you")
            await socket.close(code: WebSocketCloseCode(rawValue: 4000), reason: "server done")
        }
        let proxy = try MockServer()
        defer { proxy.stop() }
        let recorder = try proxy.forward(to: upstream.baseURL, recordingTo: folder.file("bye.har"))

        // When a client reads until the end
        let socket = try await HTTPClient().webSocket(URLRequest(url: proxy.url("/bye")))
        var received: [WebSocketMessage] = []
        for try await message in socket.messages { received.append(message) }
        try await Self.waitForEntries(1, in: recorder)
        recorder.close()

        // Then it got the message and the upstream's close, and the file records both
        #expect(received == [.string("see you")])
        #expect(socket.closeCode?.rawValue == 4000)
        #expect(socket.closeReason == "server done")
        let frames = try #require(try HTTPArchive(contentsOf: recorder.file).log.entries.first?.webSocketMessages)
        #expect(frames.map(\.type) == ["receive", "receive"])
        #expect(frames.last?.closePayload?.code?.rawValue == 4000)
    }

    @Test("An upstream without the route refuses the upgrade: the client hears 1014, nothing is recorded")
    func upstreamRefuses() async throws {
        // Given an upstream with no WebSocket route, behind a recording proxy
        let folder = try TestFolder()
        defer { folder.remove() }
        let upstream = try MockServer()
        defer { upstream.stop() }
        let proxy = try MockServer()
        defer { proxy.stop() }
        let recorder = try proxy.forward(to: upstream.baseURL, recordingTo: folder.file("none.har"))

        // When a client opens a socket through the proxy
        let socket = try await HTTPClient().webSocket(URLRequest(url: proxy.url("/nowhere")))
        let next = try? await socket.receive()

        // Then the proxy closes it with 1014 and writes nothing
        #expect(next == nil)
        #expect(socket.closeCode?.rawValue == 1014)
        #expect(recorder.entryCount == 0)
    }
}
