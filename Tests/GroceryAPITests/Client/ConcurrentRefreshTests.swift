import Foundation
import GroceryAPI
import MockServerKit
import NetworkKit
import SecurityKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("AuthService refreshing once for many requests, and when refreshing fails")
struct ConcurrentRefreshTests {
    @Test(
        "50 requests in flight when the access token expires cause one refresh, and all 50 succeed",
        arguments: Backend.allCases)
    func fiftyRequestsOneRefresh(_ backend: Backend) async throws {
        // Given a logged-in service whose category requests are held at a gate once prepared, token
        // included (the service's interceptor adapts ahead of the client's adapters; on a Session, the
        // client is the one beneath it)
        let clock = ManualClock()
        let (server, _) = try makeServer(clock: clock)
        defer { server.stop() }
        let gate = ArrivalGate(expected: 50)
        var configuration = HTTPClient.Configuration()
        configuration.adapters = [
            Adapter { request in
                if request.url?.path.hasSuffix("/categories") == true { await gate.arrive() }
                return request
            }
        ]
        let service = try backend.service(baseURL: server.baseURL, configuration: configuration)
        _ = try await service.signUp(name: "Ann", email: "ann@example.com", password: "correct horse")
        try await service.login(email: "ann@example.com", password: "correct horse")

        // When 50 requests are started, the token expires while all are in flight, and they go on
        let requests = Task {
            try await withThrowingTaskGroup(of: [CategoryModel].self) { group in
                for _ in 0..<50 { group.addTask { try await service.groceryCategories() } }
                return try await group.reduce(into: [[CategoryModel]]()) { $0.append($1) }
            }
        }
        await gate.waitForAll()
        clock.advance(by: 61)
        await gate.open()
        let results = try await requests.value

        // Then the server saw one refresh, every request was refused once and retried, and all succeeded
        #expect(server.refreshRequestCount == 1)
        #expect(results.count == 50)
        #expect(results.allSatisfy { $0 == GroceryCatalog.sample.categories })
        let sent = server.server.requests.filter { $0.path == "/categories" }
        #expect(sent.count == 100)
        // …which is 50 requests with the expired token and 50 with the refreshed one
        let byToken = Dictionary(grouping: sent) { $0.headers["Authorization"] ?? "" }
        #expect(byToken.keys.allSatisfy { $0.hasPrefix("Bearer ") })
        #expect(byToken.values.map(\.count).sorted() == [50, 50])
    }

    @Test(
        "a refused refresh token ends the session: the call fails as expired and the tokens are forgotten",
        arguments: Backend.allCases)
    func refreshRefused(_ backend: Backend) async throws {
        // Given a logged-in service on a server whose refresh tokens live 120 s
        let clock = ManualClock()
        var configuration = GroceryServer.Configuration()
        configuration.accessTokenLifetime = .seconds(60)
        configuration.refreshTokenLifetime = .seconds(120)
        configuration.now = { clock.now }
        let server = try GroceryServer(configuration: configuration)
        defer { server.stop() }
        let store = InMemorySecretStore()
        let service = try backend.service(baseURL: server.baseURL, secureStore: store)
        _ = try await service.signUp(name: "Ann", email: "ann@example.com", password: "correct horse")
        try await service.login(email: "ann@example.com", password: "correct horse")

        // When both tokens have expired and the user is asked for
        clock.advance(by: 121)
        var failure: GroceryAPIError?
        do {
            _ = try await service.currentUser()
        } catch {
            failure = error
        }

        // Then one refresh was tried, the call says the session expired, and the store is empty
        #expect(server.refreshRequestCount == 1)
        guard case .sessionExpired = failure else {
            Issue.record("expected sessionExpired, got \(String(describing: failure))")
            return
        }
        #expect(store.keys.isEmpty)
    }

    @Test("a new service on the same store picks the session up without logging in", arguments: Backend.allCases)
    func sessionSurvivesInTheStore(_ backend: Backend) async throws {
        // Given a service that logged in with a SecretStore
        let (server, _) = try makeServer()
        defer { server.stop() }
        let store = InMemorySecretStore()
        let first = try backend.service(baseURL: server.baseURL, secureStore: store)
        let user = try await first.signUp(name: "Ann", email: "ann@example.com", password: "correct horse")
        try await first.login(email: "ann@example.com", password: "correct horse")

        // When another service is made on the same store
        let second = try backend.service(baseURL: server.baseURL, secureStore: store)

        // Then it is logged in and the server accepts its token
        #expect(await second.isLoggedIn)
        #expect(try await second.currentUser() == user)
    }

    @Test("a store holding something else under the token key is reported, not trusted", arguments: Backend.allCases)
    func unreadableStore(_ backend: Backend) throws {
        // Given a store with bytes that are not a token pair under the key
        let store = InMemorySecretStore(entries: ["GroceryAPI.tokens": Data("not json".utf8)])

        // When a service is made on it
        // Then it fails saying the tokens are unreadable
        #expect(throws: GroceryAPIError.tokenStorageFailed(.unreadableTokens)) {
            _ = try backend.service(secureStore: store)
        }
    }
}
