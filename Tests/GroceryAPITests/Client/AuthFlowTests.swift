import Foundation
import GroceryAPI
import MockServerKit
import SecurityKit
import Testing

@Suite("AuthService against GroceryServer over loopback, the whole flow")
struct AuthFlowTests {
    @Test(
        "check e-mail, sign up twice, login, validate, expiry and refresh, catalog, logout, rejection",
        arguments: Backend.allCases)
    func wholeFlow(_ backend: Backend) async throws {
        // Given a GroceryServer with a clock the test moves, and an AuthService keeping tokens in a SecretStore
        let clock = ManualClock()
        let (server, _) = try makeServer(clock: clock)
        defer { server.stop() }
        let store = InMemorySecretStore()
        let service = try backend.service(baseURL: server.baseURL, secureStore: store)
        let email = "ann@example.com"
        let password = "correct horse"

        // When the address is checked and the account is created, then created again
        let freeBefore = await service.checkEmail(email)
        let user = try await service.signUp(name: "Ann", email: email, password: password)
        let freeAfter = await service.checkEmail(email)
        await #expect(throws: SignUpError.emailExists) {
            _ = try await service.signUp(name: "Ann", email: email, password: password)
        }

        // Then the address was free, the account exists, and it is taken now
        #expect(freeBefore)
        #expect(user.name == "Ann" && user.email == email)
        #expect(!freeAfter)

        // When the user logs in and asks who they are
        try await service.login(email: email, password: password)
        let stored = try JSONDecoder().decode(TokenModel.self, from: store.load(by: "GroceryAPI.tokens"))
        let me = try await service.currentUser()

        // Then the tokens are in the store and the server knows the user
        #expect(me == user)
        #expect(await service.isLoggedIn)

        // When the access token expires on the server's clock and the user is asked again
        clock.advance(by: 61)
        let expiredCode = await Self.apiErrorCode { () async throws(GroceryAPIError) in
            _ = try await service.api.validate(token: stored.accessToken)
        }
        let again = try await service.currentUser()

        // Then the service refreshed once by itself, saved the new pair and the call succeeded
        #expect(expiredCode == "token_expired")
        #expect(again == user)
        #expect(server.refreshRequestCount == 1)
        let renewed = try JSONDecoder().decode(TokenModel.self, from: store.load(by: "GroceryAPI.tokens"))
        #expect(renewed.accessToken != stored.accessToken)
        #expect(renewed.refreshToken != stored.refreshToken)

        // When the catalog is listed
        let categories = try await service.groceryCategories()
        let fruit = try await service.groceries(categoryId: 1)

        // Then it is the server's catalog
        #expect(categories == GroceryCatalog.sample.categories)
        #expect(fruit == GroceryCatalog.sample.groceries.filter { $0.categoryId == 1 })

        // When the user logs out
        try await service.logout()

        // Then the tokens are gone locally, the service refuses without sending, and the server
        // rejects the last access token
        #expect(!(await service.isLoggedIn))
        #expect(throws: SecureStoreError.notFound(key: "GroceryAPI.tokens")) { try store.load(by: "GroceryAPI.tokens") }
        let sentBefore = server.server.requests.count
        await #expect(throws: GroceryAPIError.notLoggedIn) { _ = try await service.groceryCategories() }
        #expect(server.server.requests.count == sentBefore)
        let afterLogout = await Self.apiErrorCode { () async throws(GroceryAPIError) in
            _ = try await service.api.validate(token: renewed.accessToken)
        }
        #expect(afterLogout == "invalid_token")
    }

    /// The API error code `body` was rejected with; nil when it succeeded or failed otherwise.
    static func apiErrorCode(_ body: () async throws(GroceryAPIError) -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return error.statusCode == 401 ? error.apiErrorCode : nil
        }
    }
}
