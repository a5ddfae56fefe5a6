import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@Suite("Latency and pace: delayed heads, dribbled bodies, bandwidth, slow close")
struct LatencyAndPaceTests {
    /// A server whose `GET /body` answers `body` under `conditions`.
    private static func server(
        _ conditions: [NetworkCondition], body: String = "payload", seed: UInt64 = 7
    ) throws -> MockServer {
        var configuration = MockServer.Configuration()
        configuration.seed = seed
        let server = try MockServer(configuration: configuration)
        server.stub(method: .get, path: "/body", conditions: conditions, response: .text(body))
        return server
    }

    /// Sends `GET /body` on one connection `count` times; each answer with how long it took.
    private static func timedAnswers(port: UInt16, count: Int) async throws -> [(String, Duration)] {
        try await onThread {
            let client = try RawClient(port: port)
            return try (0..<count).map { _ in
                let start = ContinuousClock.now
                try client.write("GET /body HTTP/1.1\r\nHost: t\r\n\r\n")
                let text = try client.readResponse().text
                return (text, ContinuousClock.now - start)
            }
        }
    }

    @Test("a fixed delay holds the answer back at least that long")
    func fixedDelay() async throws {
        // Given a server that waits 300 ms before each head
        let server = try Self.server([.delay(.milliseconds(300))])
        defer { server.stop() }

        // When two requests are sent on one connection
        let answers = try await Self.timedAnswers(port: server.port, count: 2)

        // Then both arrive whole, neither sooner than 300 ms after it was sent
        #expect(answers.map(\.0) == ["payload", "payload"])
        #expect(answers.allSatisfy { $0.1 >= .milliseconds(300) })
    }

    @Test("random delays repeat for a seed, differ for another, and each answer waits its draw")
    func seededRandomDelays() async throws {
        // Given the draws of uniform and log-normal delays for two seeds
        let uniform = [NetworkCondition.uniformDelay(lower: .milliseconds(50), upper: .milliseconds(250))]
        let logNormal = [NetworkCondition.logNormalDelay(median: .milliseconds(100), sigma: 0.5)]
        let first = NetworkCondition.delaysForTesting(uniform, seed: 11, count: 5)
        let again = NetworkCondition.delaysForTesting(uniform, seed: 11, count: 5)
        let other = NetworkCondition.delaysForTesting(uniform, seed: 12, count: 5)
        let tail = NetworkCondition.delaysForTesting(logNormal, seed: 11, count: 200)

        // When a server seeded 11 answers five requests under the uniform delay
        let server = try Self.server(uniform, seed: 11)
        defer { server.stop() }
        let answers = try await Self.timedAnswers(port: server.port, count: 5)

        // Then the draws repeat for the seed and not for the other, uniform ones stay in their
        // bounds, log-normal ones centre on the median, and each answer waited at least its draw
        #expect(first == again)
        #expect(first != other)
        #expect(first.allSatisfy { (.milliseconds(50)...(.milliseconds(250))).contains($0) })
        let sorted = tail.sorted()
        #expect((.milliseconds(70)...(.milliseconds(140))).contains(sorted[100]))
        #expect(Set(tail).count > 150)
        for (answer, draw) in zip(answers, first) { #expect(answer.1 >= draw) }
    }

    @Test("a dribbled body arrives in the given number of pieces over the given time")
    func dribble() async throws {
        // Given a 1,000-byte body dribbled in 4 pieces over 800 ms
        let body = String(repeating: "d", count: 1000)
        let server = try Self.server([.dribble(chunks: 4, over: .milliseconds(800))], body: body)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads each piece as it comes (asking the server to close afterwards)
        let start = ContinuousClock.now
        let pieces = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /body HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            return try client.readPiecesUntilClosed()
        }
        let elapsed = ContinuousClock.now - start

        // Then the head came alone, then four pieces of 250 bytes, the last no sooner than 800 ms
        #expect(pieces.count == 5)
        #expect(String(decoding: pieces[0], as: UTF8.self).hasSuffix("\r\n\r\n"))
        #expect(pieces.dropFirst().map(\.count) == [250, 250, 250, 250])
        #expect(elapsed >= .milliseconds(800))
    }

    @Test("a bandwidth limit makes N bytes take at least about N / rate")
    func bandwidth() async throws {
        // Given a 6,000-byte body at 20,000 bytes a second
        let body = String(repeating: "b", count: 6000)
        let server = try Self.server([.bandwidth(bytesPerSecond: 20_000)], body: body)
        defer { server.stop() }
        let port = server.port

        // When a raw client reads the whole answer
        let start = ContinuousClock.now
        let answer = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /body HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse()
        }
        let elapsed = ContinuousClock.now - start

        // Then it is whole and took at least 6,000 / 20,000 s (the head's bytes count as well)
        #expect(answer.body.count == 6000)
        #expect(elapsed >= .milliseconds(300))
    }

    @Test("slow close sends the answer with Connection: close, then closes only after the delay")
    func slowClose() async throws {
        // Given a server that closes 400 ms after the last byte
        let server = try Self.server([.slowClose(delay: .milliseconds(400))])
        defer { server.stop() }
        let port = server.port

        // When a raw client reads the answer, then waits for the close
        let (answer, rest, end, sinceAnswer) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /body HTTP/1.1\r\nHost: t\r\n\r\n")
            let answer = try client.readResponse()
            let answered = ContinuousClock.now
            let (rest, end) = try client.readToEnd()
            return (answer, rest, end, ContinuousClock.now - answered)
        }

        // Then the answer said it would close, and the close (a FIN) came no sooner than 400 ms after it
        #expect(answer.text == "payload")
        #expect(rest.isEmpty)
        #expect(end == .closed)
        #expect(answer.headers["connection"] == "close")
        #expect(sinceAnswer >= .milliseconds(350))
    }
}
