import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Conditions: fail-first, server-wide against per-route, clamping, no leaks")
struct ConditionScopeTests {
    /// Sends `GET path` `count` times, each on a new connection; the status each got, or nil when
    /// the connection ended without a response.
    private static func statuses(_ path: String, port: UInt16, count: Int) async throws -> [Int?] {
        try await onThread {
            try (0..<count).map { _ in
                let client = try RawClient(port: port)
                try client.write("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")
                return try? client.readResponse().status
            }
        }
    }

    @Test("failFirst answers exactly N requests with the failure, then the real answer")
    func failFirstStatus() async throws {
        // Given a stub that fails its first 3 requests with 503, and one whose first 2 are reset
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/flaky", conditions: [.failFirst(3, status: 503)], response: .text("ok"))
        server.stub(method: .get, path: "/reset", response: .text("ok").with(.failFirst(2, with: .connectionReset)))

        // When each is asked five times
        let flaky = try await Self.statuses("/flaky", port: server.port, count: 5)
        let reset = try await Self.statuses("/reset", port: server.port, count: 5)

        // Then exactly the first N failed and the rest got the answer
        #expect(flaky == [503, 503, 503, 200, 200])
        #expect(reset == [nil, nil, 200, 200, 200])
    }

    @Test("a retrying NetworkKit client gets through a server that fails its first requests")
    func retryingClient() async throws {
        // Given a route that is reset once, then fails twice with 503, then answers
        let server = try MockServer()
        defer { server.stop() }
        server.conditions = [.failFirst(1, with: .connectionReset)]
        server.stub(method: .get, path: "/items", conditions: [.failFirst(2, status: 503)], response: .text("[]"))
        let client = HTTPClient {
            $0.retriers = [RetryPolicy(maximumRetries: 5)]
            $0.sleep = { _ in }
        }

        // When the client sends one request
        let response = try await client.send(URLRequest(url: server.url("items")))

        // Then the route's fail-first won over the server's (same kind), so two 503s and then the answer
        #expect(response.statusCode == 200)
        #expect(response.attempts == 3)
        #expect(String(decoding: response.body, as: UTF8.self) == "[]")
    }

    @Test("a route's condition wins over the server's of the same kind, the response's over both")
    func precedence() async throws {
        // Given a server-wide empty response and 150 ms delay, a plain stub, a stub with its own
        // fault, and a stub whose response brings another
        let server = try MockServer()
        defer { server.stop() }
        server.conditions = [.emptyResponse, .delay(.milliseconds(150))]
        server.stub(method: .get, path: "/plain", response: .text("twenty bytes of body"))
        server.stub(
            method: .get, path: "/route", conditions: [.closeAfter(bodyBytes: 6)],
            response: .text("twenty bytes of body"))
        server.stub(
            method: .get, path: "/response", conditions: [.closeAfter(bodyBytes: 6)],
            response: .text("twenty bytes of body").with(.contentLengthLonger(by: 5)))
        let port = server.port

        // When each is asked (and an unknown path too)
        let start = ContinuousClock.now
        let (plain, route, response, missing) = try await onThread {
            (
                try RawExchange.get("/plain", port: port), try RawExchange.get("/route", port: port),
                try RawExchange.get("/response", port: port), try RawExchange.get("/missing", port: port)
            )
        }
        let elapsed = ContinuousClock.now - start

        // Then the server's fault hit the plain stub and the 404, the route's replaced it, the
        // response's replaced the route's, and the server's delay (another kind) applied to all four
        #expect(plain.received.isEmpty)
        #expect(missing.received.isEmpty)
        #expect(route.body == Data("twenty".utf8))
        #expect(response.head.contains("Content-Length: 25"))
        #expect(response.body == Data("twenty bytes of body".utf8))
        #expect(elapsed >= .milliseconds(600))
    }

    @Test("out-of-range values are clamped, never trapped on")
    func clamping() async throws {
        // Given conditions built from negative, zero and reversed values
        let conditions: [NetworkCondition] = [
            .closeAfter(bodyBytes: -5), .contentLengthLonger(by: -1), .stallAfter(bodyBytes: -2),
            .delay(.seconds(-1)), .uniformDelay(lower: .seconds(2), upper: .seconds(-3)),
            .logNormalDelay(median: .seconds(-1), sigma: -.infinity), .dribble(chunks: 0, over: .seconds(-1)),
            .bandwidth(bytesPerSecond: -100), .slowClose(delay: .seconds(-4)), .failFirst(-3, status: 503),
        ]

        // When they are described, a huge log-normal spread is drawn, and a clamped dribble is served
        let drawn = NetworkCondition.delaysForTesting(
            [.logNormalDelay(median: .seconds(1), sigma: 1e300)], seed: 3, count: 20)
        let server = try MockServer()
        defer { server.stop() }
        server.stub(
            method: .get, path: "/dribble", conditions: [.dribble(chunks: -4, over: .seconds(-1))],
            response: .text("whole"))
        let answer = try await onThread {
            let client = try RawClient(port: server.port)
            try client.write("GET /dribble HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse().text
        }

        // Then each keeps the nearest valid value, draws stay within an hour, and the dribble is sent whole
        #expect(
            conditions.map(\.description) == [
                "closeAfter(bodyBytes: 0)", "contentLengthLonger(by: 0)", "stallAfter(bodyBytes: 0)",
                "delay(0.0 seconds)", "uniformDelay(lower: 0.0 seconds, upper: 2.0 seconds)",
                "logNormalDelay(median: 0.0 seconds, sigma: 0.0)", "dribble(chunks: 1, over: 0.0 seconds)",
                "bandwidth(bytesPerSecond: 1)", "slowClose(delay: 0.0 seconds)", "failFirst(0, status: 503)",
            ])
        #expect(drawn.allSatisfy { $0 >= .zero && $0 <= .seconds(3600) })
        #expect(answer == "whole")
    }

    #if os(Linux)
        @Test("after 1,000 faulted requests the server holds no more descriptors than before", .timeLimit(.minutes(3)))
        func noDescriptorLeak() async throws {
            // Given a server cycling through every fault that ends a connection, and its socket count
            let server = try MockServer()
            defer { server.stop() }
            let faults: [NetworkCondition] = [
                .emptyResponse, .connectionReset, .randomDataThenClose, .malformedChunk, .closeAfter(bodyBytes: 3),
                .contentLengthLonger(by: 10), .slowClose(delay: .milliseconds(1)),
                .failFirst(1, with: .stallBeforeHead),
            ]
            for (index, fault) in faults.enumerated() {
                server.stub(method: .get, path: "/\(index)", conditions: [fault], response: .text("some body"))
            }
            let before = ServerSockets.count(on: server)
            let port = server.port

            // When 1,000 requests meet those faults, each asking for a close and closing its side once
            // the answer ended (or, for the one that stalls, the first to the last path, once it gave
            // up after half a second; the others wait long, so a slow run, as under a sanitizer, never
            // makes a timeout of a late answer)
            let stalled = faults.count - 1
            let ends = try await onThread {
                try (0..<1000).map { index in
                    try RawExchange.get(
                        "/\(index % faults.count)", port: port, fields: "Connection: close\r\n",
                        readTimeout: index == stalled ? 500 : 30_000
                    ).end
                }
            }

            // Then every connection ended, and the server is back to its listener alone
            #expect(before == 1)
            #expect(ends.filter { $0 == .timedOut }.count == 1)  // the one stalled request
            #expect(await ServerSockets.settle(on: server, at: before))
        }
    #endif
}
