import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTPArchive WebSocket entries: Chrome's _webSocketMessages and _resourceType, read, written and refused")
struct HTTPArchiveWebSocketTests {
    /// The Chrome export of a chat page with two WebSockets, shared with MockServerKit's replay tests.
    static let chromeFixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Archive
        .deletingLastPathComponent()  // NetworkKitTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures/MockServerKit/HAR/chrome-websocket.har")

    /// A WebSocket entry as JSON with `messages` as its `_webSocketMessages` value.
    static func entry(messages: String) -> String {
        #"""
        {"startedDateTime":"2026-11-30T09:00:00Z","time":1,"cache":{},"_resourceType":"websocket",
         "timings":{"send":0,"wait":1,"receive":0},"_webSocketMessages":\#(messages),
         "request":{"method":"GET","url":"wss://example.com/socket","httpVersion":"HTTP/1.1","cookies":[],
                    "headers":[],"queryString":[],"headersSize":-1,"bodySize":0},
         "response":{"status":101,"statusText":"Switching Protocols","httpVersion":"HTTP/1.1","cookies":[],
                     "headers":[],"content":{"size":0,"mimeType":"x-unknown"},"redirectURL":"","headersSize":-1,
                     "bodySize":0}}
        """#
    }

    static func message(type: String = #""send""#, time: String = "1796030102.5", opcode: String = "1", data: String)
        -> String
    {
        #"{"type":\#(type),"time":\#(time),"opcode":\#(opcode),"data":\#(data)}"#
    }

    static func document(_ entries: [String]) -> Data {
        Data(#"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":["#.utf8)
            + Data(entries.joined(separator: ",").utf8) + Data("]}}".utf8)
    }

    static func failure(_ data: Data, limits: HTTPArchiveLimits = HTTPArchiveLimits()) -> HTTPError.ArchiveFailure? {
        do {
            _ = try HTTPArchive(data: data, limits: limits)
            return nil
        } catch {
            guard case .archiveFailed(let failure) = error else { return nil }
            return failure
        }
    }

    @Test("Chrome's export keeps each frame's type, time, opcode and data, and writes them back equal")
    func chromeRoundTrip() throws {
        // Given Chrome's export of a page with two WebSockets
        let archive = try HTTPArchive(contentsOf: Self.chromeFixture)

        // When it is read, written and read again
        let entry = archive.log.entries[1]
        let written = try JSONEncoder().encode(archive)
        let again = try HTTPArchive(data: written)

        // Then the socket's entry has its resource type and frames, binary data in base64, and the
        // archive reads back equal, with the underscored names Chrome uses
        #expect(entry.resourceType == "websocket")
        #expect(entry.isWebSocket)
        #expect(archive.log.entries[0].isWebSocket == false)
        let frames = try #require(entry.webSocketMessages)
        #expect(frames.map(\.type) == ["send", "receive", "receive", "send", "receive"])
        #expect(frames.map(\.opcode) == [1, 1, 2, 1, 1])
        #expect(frames[0].data == #"{"op":"join","room":"lobby"}"#)
        #expect(frames[0].time == 1_796_030_102.412)
        #expect(frames[2].message == .data(Data([0, 1, 2, 3, 0xFF])))
        #expect(frames[3].message == .string(#"{"op":"say","text":"héllo 👋"}"#))
        #expect(again == archive)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains(#""_webSocketMessages""#) && text.contains(#""_resourceType":"websocket""#))
        let close = try #require(archive.log.entries[2].webSocketMessages?.last?.closePayload)
        #expect(close.code == .normalClosure && close.reason == "bye")
    }

    @Test(
        "A frame field of the wrong type names the entry and the frame's field",
        arguments: [
            (#"{"type":"send","time":"soon","opcode":1,"data":"x"}"#, "_webSocketMessages[0].time"),
            (#"{"type":"send","time":1,"opcode":"text","data":"x"}"#, "_webSocketMessages[0].opcode"),
            (#"{"type":"send","time":1,"opcode":1,"data":7}"#, "_webSocketMessages[0].data"),
            (#"{"type":3,"time":1,"opcode":1,"data":"x"}"#, "_webSocketMessages[0].type"),
        ])
    func wrongTypes(frame: String, field: String) {
        // Given a second entry with one frame of the wrong type
        let data = Self.document([Self.entry(messages: "[]"), Self.entry(messages: "[\(frame)]")])

        // When it is read
        let failure = Self.failure(data)

        // Then the error names entry 1 and the field
        #expect(failure?.entry == 1)
        #expect(failure?.field == field)
        guard case .wrongType? = failure?.reason else {
            Issue.record("expected wrongType, got \(String(describing: failure))")
            return
        }
    }

    @Test("_webSocketMessages that is not a list, or frames missing a field, are refused")
    func notAList() {
        // Given an object where the list should be, and a frame without its data
        let object = Self.failure(Self.document([Self.entry(messages: #"{"type":"send"}"#)]))
        let missing = Self.failure(Self.document([Self.entry(messages: #"[{"type":"send","time":1,"opcode":1}]"#)]))

        // Then both name entry 0 and the field
        #expect(object?.entry == 0 && object?.field == "_webSocketMessages")
        #expect(
            missing == HTTPError.ArchiveFailure(entry: 0, field: "_webSocketMessages[0].data", reason: .missingField))
    }

    @Test("A binary frame that is not base64 names the frame's data; text frames are not decoded")
    func invalidBase64() {
        // Given a text frame that looks like nothing, then a binary frame that is not base64
        let frames = [
            Self.message(data: #""%%% not base64 %%%""#),
            Self.message(type: #""receive""#, opcode: "2", data: #""%%% not base64 %%%""#),
        ]
        let data = Self.document([Self.entry(messages: "[\(frames.joined(separator: ","))]")])

        // Then the error names the binary frame's data
        #expect(
            Self.failure(data)
                == HTTPError.ArchiveFailure(entry: 0, field: "_webSocketMessages[1].data", reason: .invalidBase64))
    }

    @Test("More frames than the limit are refused with an error naming the entry")
    func tooManyFrames() {
        // Given a limit of 3 frames and a second entry with 4
        var limits = HTTPArchiveLimits()
        limits.maximumWebSocketMessages = 3
        let frames = Array(repeating: Self.message(type: #""receive""#, data: #""x""#), count: 4)
        let data = Self.document([
            Self.entry(messages: "[\(frames.prefix(3).joined(separator: ","))]"),
            Self.entry(messages: "[\(frames.joined(separator: ","))]"),
        ])

        // When it is read
        let failure = Self.failure(data, limits: limits)

        // Then the second entry is named
        #expect(failure?.entry == 1)
        #expect(failure?.field == "_webSocketMessages")
        #expect(failure?.description.contains("4 WebSocket messages, more than the limit of 3") == true)
    }

    @Test("A frame over the body limit is refused")
    func frameTooLarge() {
        // Given a body limit of 8 bytes and a 9-byte text frame
        var limits = HTTPArchiveLimits()
        limits.maximumBodyBytes = 8
        let data = Self.document([Self.entry(messages: "[\(Self.message(data: #""123456789""#))]")])

        // Then the frame is named
        #expect(
            Self.failure(data, limits: limits)
                == HTTPError.ArchiveFailure(
                    entry: 0, field: "_webSocketMessages[0].data", reason: .bodyTooLarge(bytes: 9, limit: 8)))
    }

    @Test("HTTPArchiveRecorder records a WebSocket opened through the client as its 101 handshake")
    func recorderKeepsHandshake() async throws {
        // Given a server with an echo route and a client recording to a file
        let folder = try TestFolder()
        defer { folder.remove() }
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/echo")
        let recorder = try HTTPArchiveRecorder(file: folder.file("socket.har"))
        let client = HTTPClient { $0.eventMonitors = [recorder] }

        // When it opens a WebSocket and talks on it
        let socket = try await client.webSocket(URLRequest(url: server.url("/echo")))
        try await socket.send(.string("hi"))
        #expect(try await socket.receive() == .string("hi"))
        await socket.close()
        recorder.close()

        // Then the file has one WebSocket entry: the handshake, without frames (monitors do not
        // see them)
        let archive = try HTTPArchive(contentsOf: recorder.file)
        let entry = try #require(archive.log.entries.first)
        #expect(archive.log.entries.count == 1)
        #expect(entry.response.status == 101)
        #expect(entry.resourceType == "websocket")
        #expect(entry.webSocketMessages == nil)
    }
}
