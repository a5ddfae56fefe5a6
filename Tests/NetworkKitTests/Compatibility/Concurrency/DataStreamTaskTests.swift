import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `DataStreamTask` (`streamTask()`, `streamingData`, `streamingStrings`,
/// `streamingDecodables`), end to end against MockServer.
@Suite("DataStreamTask: a DataStreamRequest's pieces as AsyncSequences")
struct DataStreamTaskTests {
    /// The session of every request (a request does not keep its session alive).
    let session = Session()

    struct Tick: Codable, Sendable, Equatable {
        var n: Int
    }

    /// `/feed` writes three lines with pauses, `/ticks` three JSON objects, and `/held` one line, then
    /// the rest when `release` opens.
    static func server(release: Latch = Latch()) throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/feed") { _ in
            .streaming(headers: ["Content-Type": "text/plain"]) { writer in
                for line in ["one\n", "two\n", "three\n"] {
                    try await writer.write(line)
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        }
        server.stub(method: .get, path: "/ticks") { _ in
            .streaming(headers: ["Content-Type": "application/json"]) { writer in
                for n in 1...3 {
                    try await writer.write(#"{"n":\#(n)}"#)
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        }
        server.stub(method: .get, path: "/held") { _ in
            .streaming(headers: ["Content-Type": "text/plain"]) { writer in
                try await writer.write("first\n")
                await release.wait()
                try await writer.write("rest\n")
            }
        }
        return server
    }

    @Test("streamingStrings and streamingData yield every piece, then the completion, and end")
    func strings() async throws {
        let server = try Self.server()
        defer { server.stop() }

        var text = ""
        var completions: [DataStreamRequest.Completion] = []
        for await event in session.streamRequest(server.url("feed")).streamTask().streamingStrings() {
            if let piece = event.value { text += piece }
            if let completion = event.completion { completions.append(completion) }
        }
        #expect(text == "one\ntwo\nthree\n")
        #expect(completions.count == 1)
        #expect(completions.first?.response?.statusCode == 200)
        #expect(completions.first?.error == nil)

        var bytes = Data()
        for await event in session.streamRequest(server.url("feed")).streamTask().streamingData() {
            if let piece = event.value { bytes += piece }
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "one\ntwo\nthree\n")
    }

    @Test("streamingDecodables decodes each piece")
    func decodables() async throws {
        let server = try Self.server()
        defer { server.stop() }
        var ticks: [Tick] = []
        for await event in session.streamRequest(server.url("ticks")).streamTask().streamingDecodables(Tick.self) {
            if let tick = event.value { ticks.append(tick) }
            #expect(event.error == nil)
        }
        #expect(ticks == [Tick(n: 1), Tick(n: 2), Tick(n: 3)])
    }

    @Test("leaving the loop early cancels the request, unless automaticallyCancelling is false")
    func earlyExit() async throws {
        let release = Latch()
        let server = try Self.server(release: release)
        defer {
            release.open()
            server.stop()
        }

        // Given a held stream, read up to its first piece
        let cancelled = session.streamRequest(server.url("held"))
        for await event in cancelled.streamTask().streamingStrings() where event.value != nil { break }
        let kept = session.streamRequest(server.url("held"))
        for await event in kept.streamTask().streamingStrings(automaticallyCancelling: false) where event.value != nil {
            break
        }

        // Then the first request was cancelled and the second goes on
        #expect(cancelled.isCancelled)
        #expect(!kept.isCancelled)
        kept.cancel()
    }
}
