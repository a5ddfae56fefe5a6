import Foundation
import InternalServiceUtilities
import MockServerKit
import ServiceUtilsTestSupport
import Testing

/// Conditions on streamed responses (`MockResponse.streaming`): the faults that cut, stall,
/// overstate or break a body, and the pace, act on the bytes the writer writes as they come.
@Suite("Conditions on streamed responses")
struct StreamedConditionTests {
    /// Four pieces of 1,000 bytes (computed, not stored: LeakSanitizer does not follow the storage
    /// reference `Data` keeps in its enum payload, and reports a global's bytes as leaked at exit).
    private static var pieces: [Data] { (0..<4).map { Data(repeating: UInt8(ascii: "a") + UInt8($0), count: 1000) } }
    private static var whole: Data { pieces.reduce(Data(), +) }

    /// How a streamed body's writer ended: "finished", or the error it got.
    private final class WriterLog: Sendable {
        let outcome = Locked<String?>(nil)
        let done = Latch()

        func record(_ text: String) {
            outcome.withLock { $0 = text }
            done.open()
        }
    }

    /// A server whose `GET /stream` streams ``pieces`` (with a declared length unless `chunked`)
    /// under `condition`, telling `log` how the writer ended.
    private static func server(_ condition: NetworkCondition, chunked: Bool = false, log: WriterLog) throws
        -> MockServer
    {
        let server = try MockServer()
        let length = chunked ? nil : whole.count
        server.stub(method: .get, path: "/stream", conditions: [condition]) { _ in
            .streaming(headers: ["Content-Type": "text/plain"], length: length) { writer in
                do {
                    for piece in pieces { try await writer.write(piece) }
                    log.record("finished")
                } catch {
                    log.record("\(error)")
                    throw error
                }
            }
        }
        return server
    }

    @Test("closeAfter cuts a streamed body after that many bytes, and the writer hears the client is gone")
    func closeAfter() async throws {
        // Given a streamed 4,000-byte body with a declared length, cut after 1,500 bytes
        let log = WriterLog()
        let server = try Self.server(.closeAfter(bodyBytes: 1500), log: log)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads it
        let exchange = try await onThread { try RawExchange.get("/stream", port: port) }
        await log.done.wait()

        // Then the head announced 4,000, 1,500 bytes came, the connection closed, and the writer stopped
        #expect(exchange.head.contains("Content-Length: 4000"))
        #expect(exchange.body == Self.whole.prefix(1500))
        #expect(exchange.end == .closed)
        #expect(log.outcome.value != "finished")
    }

    @Test("closeAfter counts a chunked stream's bytes as sent, chunk framing included")
    func closeAfterChunked() async throws {
        // Given a chunked streamed body cut after 100 bytes
        let log = WriterLog()
        let server = try Self.server(.closeAfter(bodyBytes: 100), chunked: true, log: log)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads it
        let exchange = try await onThread { try RawExchange.get("/stream", port: port) }

        // Then 100 bytes of the first chunk's framing and data came, then the close
        #expect(exchange.head.contains("Transfer-Encoding: chunked"))
        #expect(exchange.body.count == 100)
        #expect(String(decoding: exchange.body, as: UTF8.self).hasPrefix("3e8\r\naaaa"))
        #expect(exchange.end == .closed)
    }

    @Test("stallAfter sends that many bytes of a streamed body, then holds the connection silent")
    func stallAfter() async throws {
        // Given a streamed body that stalls after 2,000 bytes
        let log = WriterLog()
        let server = try Self.server(.stallAfter(bodyBytes: 2000), log: log)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads until 2,000 body bytes are in, then reads on for 300 ms more. The
        // writer runs on Dispatch's threads, which a whole suite on two cores still keeps busy (when
        // it ran on Swift's shared ones, CI saw it wait over 20 s), so the first part waits up to two
        // minutes: a bound on a hang, not on speed.
        let (exchange, after) = try await onThread {
            let client = try RawClient(port: port)
            client.setReadTimeout(milliseconds: 300)
            try client.write("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
            var received = Data()
            let deadline = ContinuousClock.now + .seconds(120)
            while RawExchange(received: received, end: .timedOut).body.count < 2000, ContinuousClock.now < deadline {
                let (more, end) = try client.readToEnd()
                received += more
                if end != .timedOut { return (RawExchange(received: received, end: end), Data()) }
            }
            let (after, end) = try client.readToEnd()
            return (RawExchange(received: received, end: end), after)
        }
        await log.done.wait()

        // Then 2,000 bytes came, then silence, and the writer was told to stop
        #expect(exchange.body == Self.whole.prefix(2000))
        #expect(exchange.end == .timedOut)
        #expect(after.isEmpty)
        #expect(log.outcome.value != "finished")
    }

    @Test("contentLengthLonger overstates a streamed body's declared length, then closes after the body")
    func contentLengthLonger() async throws {
        // Given a streamed 4,000-byte body announced 100 bytes longer
        let log = WriterLog()
        let server = try Self.server(.contentLengthLonger(by: 100), log: log)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads it
        let exchange = try await onThread { try RawExchange.get("/stream", port: port) }

        // Then the head announced 4,100, the 4,000 bytes came whole, then the close
        #expect(exchange.head.contains("Content-Length: 4100"))
        #expect(exchange.body == Self.whole)
        #expect(exchange.end == .closed)
    }

    @Test("contentLengthLonger on a chunked stream leaves out the last chunk and closes")
    func contentLengthLongerChunked() async throws {
        // Given a chunked streamed body under contentLengthLonger
        let log = WriterLog()
        let server = try Self.server(.contentLengthLonger(by: 100), chunked: true, log: log)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads it
        let exchange = try await onThread { try RawExchange.get("/stream", port: port) }

        // Then every chunk came but the last, then the close
        let text = String(decoding: exchange.body, as: UTF8.self)
        #expect(text.components(separatedBy: "3e8\r\n").count == 5)
        #expect(!text.hasSuffix("0\r\n\r\n"))
        #expect(exchange.end == .closed)
    }

    @Test(
        "malformedChunk announces chunked coding and sends the stream unframed after a bad size line",
        arguments: [false, true])
    func malformedChunk(chunked: Bool) async throws {
        // Given a streamed body, with a declared length or chunked, under malformedChunk
        let log = WriterLog()
        let server = try Self.server(.malformedChunk, chunked: chunked, log: log)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads it
        let exchange = try await onThread { try RawExchange.get("/stream", port: port) }

        // Then the head says chunked, the body is the bad line and the raw bytes, with no last chunk
        #expect(exchange.head.contains("Transfer-Encoding: chunked"))
        #expect(!exchange.head.contains("Content-Length"))
        #expect(exchange.body == Data("not-a-chunk-size\r\n".utf8) + Self.whole)
        #expect(exchange.end == .closed)
    }

    @Test("a dribble lets a streamed body with a declared length out in that many pieces over the time")
    func dribble() async throws {
        // Given a streamed 4,000-byte body dribbled in 4 pieces over 600 ms
        let log = WriterLog()
        let server = try Self.server(.dribble(chunks: 4, over: .milliseconds(600)), log: log)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads each piece as it comes (asking the server to close afterwards)
        let start = ContinuousClock.now
        let pieces = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /stream HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            return try client.readPiecesUntilClosed()
        }
        let elapsed = ContinuousClock.now - start

        // Then the head came alone, then four pieces of 1,000 bytes, the last no sooner than 600 ms
        #expect(String(decoding: pieces[0], as: UTF8.self).hasSuffix("\r\n\r\n"))
        #expect(pieces.dropFirst().map(\.count) == [1000, 1000, 1000, 1000])
        #expect(pieces.dropFirst().reduce(Data(), +) == Self.whole)
        #expect(elapsed >= .milliseconds(600))
    }

    @Test("a bandwidth limit makes a streamed body of N bytes take at least about N / rate", arguments: [false, true])
    func bandwidth(chunked: Bool) async throws {
        // Given a streamed 4,000-byte body at 10,000 bytes a second
        let log = WriterLog()
        let server = try Self.server(.bandwidth(bytesPerSecond: 10_000), chunked: chunked, log: log)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads the whole answer (asking the server to close afterwards)
        let start = ContinuousClock.now
        let exchange = try await onThread {
            try RawExchange.get("/stream", port: port, fields: "Connection: close\r\n")
        }
        let elapsed = ContinuousClock.now - start

        // Then it is whole (framed as announced) and took at least 4,000 / 10,000 s
        let framed = Self.pieces.map { Data("3e8\r\n".utf8) + $0 + Data("\r\n".utf8) }.reduce(Data(), +)
        #expect(exchange.body == (chunked ? framed + Data("0\r\n\r\n".utf8) : Self.whole))
        #expect(elapsed >= .milliseconds(400))
        await log.done.wait()
        #expect(log.outcome.value == "finished")
    }
}
