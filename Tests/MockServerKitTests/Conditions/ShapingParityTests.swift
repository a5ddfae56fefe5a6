import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

/// Buffered and streamed answers go through one shaping path: under the same conditions a client
/// receives the same bytes from either.
@Suite("Buffered and streamed answers under the same conditions")
struct ShapingParityTests {
    /// Four pieces of 1,000 bytes (computed, not stored: LeakSanitizer does not follow the storage
    /// reference `Data` keeps in its enum payload, and reports a global's bytes as leaked at exit).
    private static var pieces: [Data] { (0..<4).map { Data(repeating: UInt8(ascii: "a") + UInt8($0), count: 1000) } }
    private static var whole: Data { pieces.reduce(Data(), +) }

    /// A server answering `/buffered` with ``whole`` in one piece and `/streamed` with the same
    /// bytes written in four, with a declared length, both under `conditions`.
    private static func server(_ conditions: [NetworkCondition]) throws -> MockServer {
        let server = try MockServer()
        server.stub(
            method: .get, path: "/buffered", conditions: conditions,
            response: MockResponse(headers: ["Content-Type": "text/plain"], body: whole))
        server.stub(method: .get, path: "/streamed", conditions: conditions) { _ in
            .streaming(headers: ["Content-Type": "text/plain"], length: whole.count) { writer in
                for piece in pieces { try await writer.write(piece) }
            }
        }
        return server
    }

    /// What arrived, without the `Date` field (the two answers may straddle a second).
    private static func withoutDate(_ exchange: RawExchange) -> String {
        exchange.text.components(separatedBy: "\r\n").filter { !$0.hasPrefix("Date: ") }.joined(separator: "\r\n")
    }

    @Test(
        "a client receives the same bytes and the same ending from a buffered and a streamed answer",
        arguments: [
            [.closeAfter(bodyBytes: 1500)], [.closeAfter(bodyBytes: 0)], [.closeAfter(bodyBytes: 9000)],
            [.contentLengthLonger(by: 10)], [.malformedChunk], [.dribble(chunks: 3, over: .milliseconds(30))],
            [.bandwidth(bytesPerSecond: 400_000)], [.bandwidth(bytesPerSecond: 200_000), .closeAfter(bodyBytes: 1500)],
            [.bandwidth(bytesPerSecond: 200_000), .closeAfter(bodyBytes: 0)],
            [.dribble(chunks: 2, over: .milliseconds(20)), .contentLengthLonger(by: 5)],
        ] as [[NetworkCondition]])
    func sameBytes(_ conditions: [NetworkCondition]) async throws {
        // Given a server answering the same body buffered and streamed under the conditions
        let server = try Self.server(conditions)
        defer { server.stop() }
        let port = server.port

        // When a raw client asks for each, asking the server to close afterwards
        let (buffered, streamed) = try await onThread {
            let fields = "Connection: close\r\n"
            return (
                try RawExchange.get("/buffered", port: port, fields: fields),
                try RawExchange.get("/streamed", port: port, fields: fields)
            )
        }

        // Then both sent the same head and body, and ended the same way
        #expect(buffered.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(Self.withoutDate(buffered) == Self.withoutDate(streamed))
        #expect(buffered.end == streamed.end)
    }

    @Test(
        "a cut under a bandwidth limit counts body bytes only: the head arrives whole",
        arguments: ["/buffered", "/streamed"])
    func cutUnderBandwidth(_ path: String) async throws {
        // Given an answer let out at 200,000 bytes a second and cut after 1,500 body bytes
        let server = try Self.server([.bandwidth(bytesPerSecond: 200_000), .closeAfter(bodyBytes: 1500)])
        defer { server.stop() }
        let port = server.port

        // When a raw client reads it
        let exchange = try await onThread { try RawExchange.get(path, port: port) }

        // Then the whole head came, announcing 4,000 bytes, then exactly 1,500 of them, then the close
        #expect(exchange.head.contains("Content-Type: text/plain"))
        #expect(exchange.head.contains("Content-Length: 4000"))
        #expect(exchange.body == Self.whole.prefix(1500))
        #expect(exchange.end == .closed)
    }

    @Test(
        "HEAD gets the head alone and the cutting fault's close, buffered or streamed",
        arguments: ["/buffered", "/streamed"])
    func headUnderCut(_ path: String) async throws {
        // Given an answer cut after 10 body bytes
        let server = try Self.server([.closeAfter(bodyBytes: 10)])
        defer { server.stop() }
        let port = server.port

        // When a raw client asks with HEAD on a connection it keeps open (giving up after 10 s)
        let (received, end) = try await onThread {
            let client = try RawClient(port: port, timeout: 10)
            try client.write("HEAD \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readToEnd()
        }

        // Then the head announced the length, no body came, and the server closed the connection
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.contains("Content-Length: 4000"))
        #expect(text.hasSuffix("\r\n\r\n"))
        #expect(end == .closed)
    }
}
