import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Faults: what a client sees of each broken answer")
struct FaultTests {
    /// A server whose `GET /fault` answers a 20-byte text body under `condition`.
    private static func server(_ condition: NetworkCondition, seed: UInt64 = 1) throws -> MockServer {
        var configuration = MockServer.Configuration()
        configuration.seed = seed
        let server = try MockServer(configuration: configuration)
        server.stub(method: .get, path: "/fault", conditions: [condition], response: .text("twenty bytes of body"))
        return server
    }

    @Test("emptyResponse closes the connection before a single byte")
    func emptyResponse() async throws {
        // Given a server whose answer is an empty response
        let server = try Self.server(.emptyResponse)
        defer { server.stop() }
        let port = server.port

        // When a raw client asks
        let exchange = try await onThread { try RawExchange.get("/fault", port: port) }

        // Then it reads zero bytes and then the end of the stream (a FIN, not a reset)
        #expect(exchange.received.isEmpty)
        #expect(exchange.end == .closed)
    }

    @Test("connectionReset makes the client's read fail with ECONNRESET")
    func connectionReset() async throws {
        // Given a server that resets instead of answering
        let server = try Self.server(.connectionReset)
        defer { server.stop() }
        let port = server.port

        // When a raw client asks
        let exchange = try await onThread { try RawExchange.get("/fault", port: port) }

        // Then its read fails with a reset, and nothing arrived before it
        #expect(exchange.end == .reset)
        #expect(exchange.received.isEmpty)
    }

    @Test("malformedChunk sends a chunked head, then bytes that are not chunk framing, then closes")
    func malformedChunk() async throws {
        // Given a server whose answer has a malformed chunk
        let server = try Self.server(.malformedChunk)
        defer { server.stop() }
        let port = server.port

        // When a raw client asks, and URLSession asks too
        let exchange = try await onThread { try RawExchange.get("/fault", port: port) }
        var urlSessionFailed = false
        do {
            _ = try await HTTP.send(HTTP.request(server, "fault"))
        } catch {
            urlSessionFailed = true
        }

        // Then the head announces chunked coding, the first body line is no hexadecimal size, the
        // last chunk never comes, and URLSession reports an error instead of a body
        #expect(exchange.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(exchange.head.contains("Transfer-Encoding: chunked"))
        let sizeLine = String(decoding: exchange.body, as: UTF8.self).components(separatedBy: "\r\n")[0]
        #expect(Int(sizeLine, radix: 16) == nil)
        #expect(!exchange.text.hasSuffix("0\r\n\r\n"))
        #expect(exchange.end == .closed)
        #expect(urlSessionFailed)
    }

    @Test("randomDataThenClose sends random bytes and closes; the same seed sends the same bytes")
    func randomData() async throws {
        // Given two servers with the same seed and one with another
        let first = try Self.server(.randomDataThenClose, seed: 42)
        let same = try Self.server(.randomDataThenClose, seed: 42)
        let other = try Self.server(.randomDataThenClose, seed: 43)
        defer { for server in [first, same, other] { server.stop() } }
        let ports = [first.port, same.port, other.port]

        // When each is asked twice
        let exchanges = try await onThread {
            try ports.map { port in try (0..<2).map { _ in try RawExchange.get("/fault", port: port) } }
        }

        // Then each answer is 1 to 1,024 bytes that are no HTTP response, followed by a close;
        // the same seed repeats the bytes, another seed does not, and successive answers differ
        for exchange in exchanges.joined() {
            #expect((1...1024).contains(exchange.received.count))
            #expect(!exchange.text.hasPrefix("HTTP/"))
            #expect(exchange.end == .closed)
        }
        #expect(exchanges[0].map(\.received) == exchanges[1].map(\.received))
        #expect(exchanges[0][0].received != exchanges[2][0].received)
        #expect(exchanges[0][0].received != exchanges[0][1].received)
    }

    @Test("closeAfter sends the head and that many body bytes, then closes")
    func closeAfter() async throws {
        // Given a server that dies after 6 body bytes
        let server = try Self.server(.closeAfter(bodyBytes: 6))
        defer { server.stop() }
        let port = server.port

        // When a raw client asks
        let exchange = try await onThread { try RawExchange.get("/fault", port: port) }

        // Then the head announces 20 bytes, 6 arrive, and the connection closes
        #expect(exchange.head.contains("Content-Length: 20"))
        #expect(exchange.body == Data("twenty".utf8))
        #expect(exchange.end == .closed)
    }

    @Test("contentLengthLonger announces more than it sends, then closes")
    func contentLengthLonger() async throws {
        // Given a server that overstates its length by 100
        let server = try Self.server(.contentLengthLonger(by: 100))
        defer { server.stop() }
        let port = server.port

        // When a raw client asks
        let exchange = try await onThread { try RawExchange.get("/fault", port: port) }

        // Then the head says 120, the 20 real bytes come, and then the close
        #expect(exchange.head.contains("Content-Length: 120"))
        #expect(exchange.body == Data("twenty bytes of body".utf8))
        #expect(exchange.end == .closed)
    }

    @Test("stallBeforeHead sends nothing, and the connection ends only when the server stops")
    func stallBeforeHead() async throws {
        // Given a server that stalls before the head
        let server = try Self.server(.stallBeforeHead)
        let port = server.port

        // When a raw client asks, waits for a while, then the server stops
        let (whileStalled, afterStop) = try await onThread {
            let client = try RawClient(port: port)
            client.setReadTimeout(milliseconds: 500)
            try client.write("GET /fault HTTP/1.1\r\nHost: t\r\n\r\n")
            let whileStalled = try client.readToEnd()
            server.stop()
            return (whileStalled, try client.readToEnd())
        }

        // Then no byte came while it stalled, and the stop closed the connection, still without one
        #expect(whileStalled.0.isEmpty)
        #expect(whileStalled.1 == .timedOut)
        #expect(afterStop.0.isEmpty)
        #expect(afterStop.1 == .closed)
    }

    @Test("stallAfter sends the head and that many body bytes, then nothing until the server stops")
    func stallAfter() async throws {
        // Given a server that stalls after 6 body bytes
        let server = try Self.server(.stallAfter(bodyBytes: 6))
        let port = server.port

        // When a raw client reads what comes, then the server stops
        let (whileStalled, afterStop) = try await onThread {
            let client = try RawClient(port: port)
            client.setReadTimeout(milliseconds: 500)
            try client.write("GET /fault HTTP/1.1\r\nHost: t\r\n\r\n")
            let whileStalled = try client.readToEnd()
            server.stop()
            return (whileStalled, try client.readToEnd())
        }

        // Then the head and 6 bytes came, then silence, then the close at the stop
        let exchange = RawExchange(received: whileStalled.0, end: whileStalled.1)
        #expect(exchange.head.contains("Content-Length: 20"))
        #expect(exchange.body == Data("twenty".utf8))
        #expect(exchange.end == .timedOut)
        #expect(afterStop.0.isEmpty)
        #expect(afterStop.1 == .closed)
    }

    @Test("a stall holds only its own connection, and a client that gives up frees it")
    func stalledClientLeaves() async throws {
        // Given a server whose /fault stalls, with a client waiting on it
        let server = try Self.server(.stallBeforeHead)
        defer { server.stop() }
        server.stub(method: .get, path: "/ok", response: .text("ok"))
        let port = server.port
        let (stalledEnd, answer) = try await onThread {
            let stalled = try RawClient(port: port)
            try stalled.write("GET /fault HTTP/1.1\r\nHost: t\r\n\r\n")

            // When another client asks for /ok meanwhile, and then the stalled client gives up
            let other = try RawClient(port: port)
            try other.write("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
            let answer = try other.readResponse().text
            stalled.setReadTimeout(milliseconds: 100)
            return (try stalled.readToEnd().1, answer)
        }

        // Then the other was answered while the stall went on, and once both clients have gone the
        // server holds its listener alone
        #expect(answer == "ok")
        #expect(stalledEnd == .timedOut)
        #if os(Linux)
            #expect(await ServerSockets.settle(on: server, at: 1))
        #endif
    }

    @Test("a streamed response gets the delay, the faults before its head, and the body faults")
    func streamedResponse() async throws {
        // Given a streamed response behind a delay and cut after 3 body bytes, and another streamed
        // response that is reset
        let server = try MockServer()
        defer { server.stop() }
        server.stub(
            method: .get, path: "/stream", conditions: [.delay(.milliseconds(200)), .closeAfter(bodyBytes: 3)]
        ) { _ in
            .streaming(length: 5) { writer in try await writer.write("whole") }
        }
        server.stub(method: .get, path: "/reset", conditions: [.connectionReset]) { _ in
            .streaming { writer in try await writer.write("never") }
        }
        let port = server.port

        // When a raw client asks for each
        let start = ContinuousClock.now
        let (streamed, reset) = try await onThread {
            (try RawExchange.get("/stream", port: port), try RawExchange.get("/reset", port: port))
        }

        // Then the stream's head came after the delay with 3 of its 5 bytes, then the close; the
        // other was reset before its head (conditions on streamed bodies: StreamedConditionTests)
        #expect(streamed.head.contains("Content-Length: 5"))
        #expect(streamed.body == Data("who".utf8))
        #expect(streamed.end == .closed)
        #expect(ContinuousClock.now - start >= .milliseconds(200))
        #expect(reset.end == .reset)
        #expect(reset.received.isEmpty)
    }
}
