import Foundation
import GroceryAPI
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sample's `live` WebSocket, opened by `AuthService` with its token like any authorized call.
@Suite("GroceryServer live WebSocket")
struct LiveGroceriesTests {
    @Test("a logged-in service opens live, gets a category's groceries per message, and closes normally")
    func liveForLoggedInUser() async throws {
        // Given a logged-in service
        let server = try GroceryServer()
        defer { server.stop() }
        let service = try AuthService(baseURL: server.baseURL)
        _ = try await service.signUp(name: "Ann", email: "ann@example.com", password: "correct horse")
        try await service.login(email: "ann@example.com", password: "correct horse")

        // When it opens live and asks for category 1, then for one that does not exist
        let live = try await service.liveGroceries()
        try await live.send(.string("1"))
        let first = try await live.receive()
        try await live.send(.string("99"))
        let missing = try await live.receive()
        await live.close()

        // Then the groceries are the catalog's, the unknown one is an error message, and the close is normal
        guard case .string(let json) = first else {
            Issue.record("expected text, got \(String(describing: first))")
            return
        }
        let groceries = try JSONDecoder().decode([GroceryModel].self, from: Data(json.utf8))
        #expect(groceries == GroceryCatalog.sample.groceries.filter { $0.categoryId == 1 })
        #expect(missing == .string(#"{"error":"not_found"}"#))
        #expect(live.closeCode == .normalClosure)
        let upgrade = try #require(server.server.requests.last { $0.path == "/live" })
        #expect(upgrade.headers["Authorization"]?.hasPrefix("Bearer ") == true)
        #expect(
            upgrade.webSocketMessages.map(\.message) == [.string("1"), first, .string("99"), missing].compactMap { $0 })
    }

    @Test("without a token the socket is closed with 1008 invalid_token")
    func liveWithoutToken() async throws {
        let server = try GroceryServer()
        defer { server.stop() }
        let socket = try await HTTPClient().webSocket(URLRequest(url: server.baseURL.appendingPathComponent("live")))
        #expect(try await socket.receive() == nil)
        #expect(socket.closeCode == .policyViolation)
        #expect(socket.closeReason == "invalid_token")
    }
}
