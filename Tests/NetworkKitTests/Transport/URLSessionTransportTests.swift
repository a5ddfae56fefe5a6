import Foundation
import MockServerKit
import NetworkKit
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
}
