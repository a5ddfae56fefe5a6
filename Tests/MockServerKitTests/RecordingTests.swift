import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@Suite("What MockServer records: a ring of the most recent requests, all of them, or none")
struct RecordingTests {
    /// A server answering `GET /n/:value` with 204 and keeping `limit` requests.
    private func server(keeping limit: MockServer.RecordingLimit?) throws -> MockServer {
        var configuration = MockServer.Configuration()
        if let limit { configuration.recordedRequestLimit = limit }
        let server = try MockServer(configuration: configuration)
        server.stub(method: .get, path: "/n/:value", response: .status(204))
        return server
    }

    /// The numbers of the recorded `/n/<number>` paths, oldest first.
    private func recordedNumbers(_ server: MockServer) -> [Int] {
        server.requests.compactMap { Int($0.path.dropFirst("/n/".count)) }
    }

    /// Sends `GET /n/<number>` for each number over one keep-alive connection, pipelined in batches
    /// of 100, and reads every answer; returns the statuses that were not 204.
    private func send(_ numbers: ClosedRange<Int>, to server: MockServer) async throws -> [Int] {
        let port = server.port
        return try await onThread {
            let client = try RawClient(port: port)
            var unexpected: [Int] = []
            for batch in stride(from: numbers.lowerBound, through: numbers.upperBound, by: 100) {
                let last = min(batch + 99, numbers.upperBound)
                try client.write((batch...last).map { "GET /n/\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
                for _ in batch...last {
                    let status = try client.readResponse().status
                    if status != 204 { unexpected.append(status) }
                }
            }
            return unexpected
        }
    }

    @Test("a limit of five keeps exactly the five most recent requests, in order, after wrapping twice")
    func ringKeepsMostRecent() async throws {
        // Given a server that keeps five requests
        let server = try server(keeping: 5)
        defer { server.stop() }

        // When twelve requests are made (the ring wraps round twice)
        #expect(try await send(1...12, to: server).isEmpty)

        // Then the last five are kept, oldest first
        #expect(server.requests.map(\.path) == (8...12).map { "/n/\($0)" })
    }

    @Test("after clearing a wrapped ring, it fills again from the next request in order")
    func clearAfterWrapping() async throws {
        // Given a ring of three that has wrapped round
        let server = try server(keeping: .mostRecent(3))
        defer { server.stop() }
        #expect(try await send(1...7, to: server).isEmpty)

        // When it is cleared and four more requests arrive
        server.clearRequests()
        #expect(server.requests.isEmpty)
        #expect(try await send(8...11, to: server).isEmpty)

        // Then it holds the three most recent of those, in order
        #expect(server.requests.map(\.path) == ["/n/9", "/n/10", "/n/11"])
    }

    @Test("unlimited keeps every request, beyond the default's thousand")
    func unlimitedKeepsAll() async throws {
        // Given a server asked to keep every request
        let server = try server(keeping: .unlimited)
        defer { server.stop() }

        // When 1,500 requests are made
        #expect(try await send(1...1_500, to: server).isEmpty)

        // Then all 1,500 are recorded, in arrival order
        let numbers = recordedNumbers(server)
        #expect(numbers.count == 1_500)
        #expect(numbers == Array(1...1_500), "first \(numbers.prefix(3)), last \(numbers.suffix(3))")
    }

    @Test("a limit of zero records nothing and still answers every request")
    func zeroKeepsNone() async throws {
        // Given a server that keeps no requests
        let server = try server(keeping: 0)
        defer { server.stop() }

        // When requests are made
        let unexpected = try await send(1...50, to: server)

        // Then each was answered by its stub and none recorded
        #expect(unexpected.isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test("by default a busy server keeps only the 1,000 most recent of 3,000 keep-alive requests")
    func defaultIsBounded() async throws {
        // Given a server with the default configuration
        let server = try server(keeping: nil)
        defer { server.stop() }
        #expect(server.configuration.recordedRequestLimit == .standard)
        #expect(MockServer.RecordingLimit.standard.maximumCount == 1_000)

        // When 3,000 requests arrive on one keep-alive connection, the record read twice on the way
        #expect(try await send(1...1_200, to: server).isEmpty)
        let midway = recordedNumbers(server)
        #expect(try await send(1_201...3_000, to: server).isEmpty)

        // Then the record stayed at the bound and holds the most recent thousand, in order
        #expect(midway.count == 1_000)
        #expect(midway == Array(201...1_200), "first \(midway.prefix(3)), last \(midway.suffix(3))")
        let final = recordedNumbers(server)
        #expect(final.count == 1_000)
        #expect(final == Array(2_001...3_000), "first \(final.prefix(3)), last \(final.suffix(3))")
        #expect(Set(server.requests.map(\.connectionID)).count == 1)
    }

    @Test("limits read as written: numbers, negative counts as none, and a description")
    func limitValues() {
        // Given limits made in each way, Then they compare and describe themselves as expected
        let fifty: MockServer.RecordingLimit = 50
        #expect(fifty == .mostRecent(50))
        #expect(fifty.maximumCount == 50)
        #expect(MockServer.RecordingLimit.mostRecent(-3) == 0)
        #expect(MockServer.RecordingLimit.unlimited.maximumCount == nil)
        #expect(MockServer.RecordingLimit.unlimited != .standard)
        #expect(
            [MockServer.RecordingLimit.standard, .unlimited, 0].map(\.description)
                == ["most recent 1000", "unlimited", "none"])
    }
}
