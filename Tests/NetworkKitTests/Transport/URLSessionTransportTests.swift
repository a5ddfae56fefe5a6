import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What ``URLSessionTransport`` does apart from the conformance suite's cases.
@Suite("URLSessionTransport", .timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    @Test("an exchange sent after shutdown ends cancelled, and its request never leaves")
    func sendAfterShutdown() async throws {
        // Given a URLSession transport that has shut down
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/late") { _ in .text("late") }
        let transport = URLSessionTransport()
        transport.shutdown()

        // When an exchange is sent through it
        let exchange = HTTPExchange(request: URLRequest(url: server.url("late")))
        let error = await #expect(throws: HTTPError.self) { try await exchange.send(through: transport) }

        // Then it ended cancelled (FoundationNetworking stops the process on a task made in an
        // invalidated session), and the server saw nothing
        guard case .cancelled? = error else {
            Issue.record("expected cancelled, got \(String(describing: error))")
            return
        }
        #expect(server.requests.isEmpty)
    }

    @Test("a request starts while every thread of Dispatch's global queue computes")
    func startWhileGlobalQueueBusy() async throws {
        // Given a client on the URLSession transport, and a server answering from its event loop
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/busy", response: .text("answered"))
        let client = HTTPClient { $0.transport = .urlSession }
        let url = server.url("busy")

        // When it sends a request while CPU-bound work fills Dispatch's global queue (which adds no
        // thread for computing ones), the spinners giving up after 5 s
        let (body, returnedWhileBusy) = try await BusyGlobalQueues.run {
            try await client.send(URLRequest(url: url)).body
        }

        // Then the answer came while the queue was still full: the task's start did not wait for it
        #expect(String(decoding: body, as: UTF8.self) == "answered")
        #expect(returnedWhileBusy, "the request waited for Dispatch's global queue")
    }
}
