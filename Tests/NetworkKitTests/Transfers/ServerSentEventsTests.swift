import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Server-Sent Events over HTTP: reconnection, Last-Event-ID, limits")
struct ServerSentEventsTests {
    private static let eventStream: MockHeaders = ["Content-Type": "text/event-stream"]

    /// A client whose waits are recorded instead of slept.
    private func client(recording waits: Locked<[Duration]>) -> HTTPClient {
        HTTPClient { configuration in
            configuration.sleep = { duration in waits.withLock { $0.append(duration) } }
        }
    }

    @Test("the first event arrives while the server holds the rest")
    func firstEventEarly() async throws {
        // Given a stream that sends one event, then waits for the test
        let server = try MockServer()
        defer { server.stop() }
        let rest = Latch()
        defer { rest.open() }
        server.stub(method: .get, path: "/events") { _ in
            .streaming(headers: Self.eventStream) { writer in
                try await writer.write("data: first\n\n")
                await rest.wait()
                try await writer.write("data: second\n\n")
            }
        }

        // When the first event is read
        var events = HTTPClient().events(ServerRoute(server, "events")).makeAsyncIterator()
        let first = try await events.next()

        // Then it came before the release, and the next one after it
        #expect(!rest.isOpen)
        #expect(first == ServerSentEvent(data: "first"))
        rest.open()
        #expect(try await events.next() == ServerSentEvent(data: "second"))
    }

    @Test("after the stream ends it reconnects with Last-Event-ID, after the stream's retry time")
    func reconnects() async throws {
        // Given a server sending two events per connection, numbered after Last-Event-ID; the third
        // connection stays open, so the reading stops before the stream could end a third time
        let server = try MockServer()
        defer { server.stop() }
        let third = Latch()
        defer { third.open() }
        server.stub(method: .get, path: "/events") { request in
            let last = Int(request.headers["Last-Event-ID"] ?? "0") ?? 0
            return .streaming(headers: Self.eventStream) { writer in
                try await writer.write("retry: 1500\n")
                for id in (last + 1)...(last + 2) { try await writer.write("id: \(id)\ndata: event \(id)\n\n") }
                if last == 4 { await third.wait() }
            }
        }
        let waits = Locked<[Duration]>([])

        // When five events are read
        var seen: [ServerSentEvent] = []
        for try await event in client(recording: waits).events(ServerRoute(server, "events")) {
            seen.append(event)
            if seen.count == 5 { break }
        }

        // Then they continue across connections, each reconnection asked after the last ID
        #expect(seen.map(\.data) == (1...5).map { "event \($0)" })
        #expect(seen.map(\.id) == (1...5).map(String.init))
        #expect(server.requests.map { $0.headers["Last-Event-ID"] } == [nil, "2", "4"])
        #expect(server.requests.allSatisfy { $0.headers["Accept"] == "text/event-stream" })
        #expect(waits.value == [.milliseconds(1500), .milliseconds(1500)])
    }

    @Test("a broken connection reconnects; maximumReconnections bounds it and reports the last error")
    func brokenConnection() async throws {
        // Given a server that cuts every stream after one event
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/events") { _ in
            .streaming(headers: Self.eventStream) { writer in
                try await writer.write("data: tick\n\n")
                await writer.cut()
            }
        }
        let waits = Locked<[Duration]>([])
        let options = ServerSentEventOptions(reconnectionTime: .milliseconds(10), maximumReconnections: 2)

        // When read to the end
        var ticks = 0
        let error = await #expect(throws: HTTPError.self) {
            for try await _ in client(recording: waits).events(ServerRoute(server, "events"), options: options) {
                ticks += 1
            }
        }

        // Then there were three connections, and the cut is the error
        #expect(ticks == 3 && server.requests.count == 3)
        #expect(error?.urlErrorCode != nil)
        #expect(waits.value == [.milliseconds(10), .milliseconds(10)])
    }

    @Test("lastEventID resumes from the start; 204 ends quietly; other answers fail without reconnecting")
    func answers() async throws {
        // Given endpoints answering 204, 500, HTML and a stream echoing Last-Event-ID
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/done") { _ in .status(204) }
        server.stub(method: .get, path: "/broken") { _ in .text("oops", status: 500) }
        server.stub(method: .get, path: "/html") { _ in MockResponse(headers: ["Content-Type": "text/html"]) }
        server.stub(method: .get, path: "/echo") { request in
            MockResponse(
                headers: Self.eventStream, body: Data("data: \(request.headers["Last-Event-ID"] ?? "-")\n\n".utf8))
        }
        let client = HTTPClient()

        // Then a resumed stream sent the ID, 204 ends with no event, 500 and HTML are errors, once each
        var resumed = client.events(ServerRoute(server, "echo"), options: ServerSentEventOptions(lastEventID: "41"))
            .makeAsyncIterator()
        #expect(try await resumed.next()?.data == "41")
        var none = 0
        for try await _ in client.events(ServerRoute(server, "done")) { none += 1 }
        #expect(none == 0)
        let status = await #expect(throws: HTTPError.self) {
            for try await _ in client.events(ServerRoute(server, "broken")) {}
        }
        #expect(status?.statusCode == 500 && status?.responseBody == Data("oops".utf8))
        let type = await #expect(throws: HTTPError.self) {
            for try await _ in client.events(ServerRoute(server, "html")) {}
        }
        guard case .unacceptableContentType(let failure)? = type else { throw HTTPError.invalidURL(.missingURL) }
        #expect(failure.received == "text/html")
        #expect(server.requests.filter { $0.path != "/echo" }.count == 3)
    }

    @Test("a 1 MB line is lineTooLong by default and read with a higher limit")
    func largeLine() async throws {
        // Given an event of one 1 MB line
        let server = try MockServer()
        defer { server.stop() }
        let payload = String(repeating: "x", count: 1_000_000)
        server.stub(method: .get, path: "/big") { _ in
            MockResponse(headers: Self.eventStream, body: Data("data: \(payload)\n\n".utf8))
        }
        let client = HTTPClient()

        // Then the default limit refuses it with a typed error, without reconnecting
        let error = await #expect(throws: HTTPError.self) {
            for try await _ in client.events(ServerRoute(server, "big")) {}
        }
        #expect(error?.transferFailure?.reason == .lineTooLong(limit: 512 * 1024))
        #expect(error?.request?.url == server.url("big"))
        // And a 2 MB limit reads it
        let options = ServerSentEventOptions(maximumEventSize: 2_000_000, maximumReconnections: 0)
        var events = client.events(ServerRoute(server, "big"), options: options).makeAsyncIterator()
        #expect(try await events.next()?.data == payload)
    }

    @Test("cancelling the reading task cancels the request mid-stream")
    func cancelMidStream() async throws {
        // Given a stream that keeps writing until its client is gone
        let server = try MockServer()
        defer { server.stop() }
        let gone = Latch()
        let started = Latch()
        server.stub(method: .get, path: "/live") { _ in
            .streaming(headers: Self.eventStream) { writer in
                do throws(MockServerError) {
                    try await writer.write("data: hello\n\n")
                    started.open()
                    while true { try await writer.write(": keep-alive\n") }
                } catch {
                    gone.open()
                }
            }
        }
        let client = HTTPClient()

        // When the reading task is cancelled after the first event
        let reader = Task {
            var count = 0
            for try await _ in client.events(ServerRoute(server, "live")) { count += 1 }
            return count
        }
        await started.wait()
        reader.cancel()

        // Then the server sees the client leave
        await gone.wait()
        _ = await reader.result
        #expect(server.requests.count == 1)
    }
}
