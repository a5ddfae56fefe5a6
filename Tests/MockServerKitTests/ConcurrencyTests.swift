import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@Suite("Many connections at once")
struct ConcurrencyTests {
    @Test("200 keep-alive connections are served at once, twice each")
    func twoHundredConnections() async throws {
        // Given a server whose first round of handlers only finish when all 200 have started
        let server = try MockServer()
        defer { server.stop() }
        let connections = 200
        let gate = Gate(count: connections)
        server.stub(method: .get, path: "/round/1") { _ in
            await gate.arriveAndWait()
            return .text("one")
        }
        server.stub(method: .get, path: "/round/2", response: .text("two"))
        let port = server.port

        // When 200 clients connect, each sends round 1, all read, then each sends round 2 on the same connection
        let answers = try await onThread {
            let clients = try (0..<connections).map { _ in try RawClient(port: port) }
            for client in clients { try client.write("GET /round/1 HTTP/1.1\r\nHost: t\r\n\r\n") }
            var texts = try clients.map { try $0.readResponse().text }
            for client in clients { try client.write("GET /round/2 HTTP/1.1\r\nHost: t\r\n\r\n") }
            texts += try clients.map { try $0.readResponse().text }
            return texts
        }

        // Then every request was answered, on 200 distinct connections, each used twice
        #expect(answers.filter { $0 == "one" }.count == connections)
        #expect(answers.filter { $0 == "two" }.count == connections)
        let perConnection = Dictionary(grouping: server.requests, by: \.connectionID)
        #expect(perConnection.count == connections)
        #expect(perConnection.values.allSatisfy { $0.count == 2 })
    }

    @Test("beyond maxConnections a client waits in the listen queue until an open connection closes")
    func connectionLimit() async throws {
        // Given a server that holds one connection at a time
        var configuration = MockServer.Configuration()
        configuration.maxConnections = 1
        let server = try MockServer(configuration: configuration)
        defer { server.stop() }
        server.stub(method: .get, path: "/item", response: .text("item"))
        let port = server.port

        // When a first client is served and holds its connection, a second one asks, then the first leaves
        let (first, waiting, second) = try await onThread {
            var holder: RawClient? = try RawClient(port: port)
            try holder?.write("GET /item HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try holder?.readResponse().text
            let queued = try RawClient(port: port)
            try queued.write("GET /item HTTP/1.1\r\nHost: t\r\n\r\n")
            queued.setReadTimeout(milliseconds: 300)
            let waiting = (try? queued.readResponse()) == nil
            holder = nil
            queued.setReadTimeout(milliseconds: 60_000)
            return (first, waiting, try queued.readResponse().text)
        }

        // Then the second is answered only once the first connection closed
        #expect(first == "item")
        #expect(waiting)
        #expect(second == "item")
        #expect(Set(server.requests.map(\.connectionID)).count == 2)
    }

    @Test("concurrent URLSession requests all get their own answers")
    func concurrentURLSession() async throws {
        // Given a server echoing a path parameter
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/n/:value") { request in .text(request.pathParameters["value"] ?? "") }

        // When 50 requests run at once
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for number in 0..<50 {
                group.addTask {
                    let (data, _) = try await HTTP.send(HTTP.request(server, "n/\(number)"))
                    return (number, String(decoding: data, as: UTF8.self))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }

        // Then each got its own value back
        #expect(results.count == 50)
        #expect(results.allSatisfy { String($0.key) == $0.value })
    }
}
