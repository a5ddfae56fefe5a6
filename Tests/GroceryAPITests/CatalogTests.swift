import Foundation
import GroceryAPI
import MockServerKit
import Testing

@Suite("GroceryServer categories and groceries")
struct CatalogTests {
    @Test("categories and category/{id} list the catalog for a logged-in user")
    func catalog() async throws {
        // Given a logged-in user
        let (server, client) = try makeServer()
        defer { server.stop() }
        let tokens = try await client.signUpAndLogIn(email: "ann@example.com")

        // When the categories and the first category are fetched
        let categories = try await client.send("GET", "categories", bearer: tokens.accessToken)
        let fruit = try await client.send("GET", "category/1", bearer: tokens.accessToken)

        // Then they match the built-in catalog
        #expect(try categories.decode([CategoryModel].self) == GroceryCatalog.sample.categories)
        let items = try fruit.decode([GroceryModel].self)
        #expect(items.map(\.name) == ["Apples", "Bananas", "Blueberries"])
        #expect(items.allSatisfy { $0.categoryId == 1 })
    }

    @Test("an unknown category is 404 and no token is 401")
    func refusals() async throws {
        // Given a logged-in user
        let (server, client) = try makeServer()
        defer { server.stop() }
        let tokens = try await client.signUpAndLogIn(email: "ann@example.com")

        // When an unknown and a non-numeric category are asked, and categories without a token
        let unknown = try await client.send("GET", "category/99", bearer: tokens.accessToken)
        let word = try await client.send("GET", "category/fruit", bearer: tokens.accessToken)
        let anonymous = try await client.send("GET", "categories")

        // Then they are refused
        #expect(unknown.status == 404)
        #expect(word.status == 404)
        #expect(anonymous.status == 401)
        #expect(try anonymous.decode(APIErrorModel.self).error == "missing_token")
    }

    @Test("the server records what the client sent")
    func recordsRequests() async throws {
        // Given a server
        let (server, client) = try makeServer()
        defer { server.stop() }

        // When a client registers
        _ = try await client.send(
            "POST", "register", body: AuthModel(name: "Ann", email: "ann@example.com", password: "12345678"))

        // Then the recorded request holds the path and the JSON body
        let request = try #require(server.server.requests.last)
        #expect(request.method == .post)
        #expect(request.path == "/register")
        #expect(
            try request.decodeJSON(AuthModel.self)
                == AuthModel(name: "Ann", email: "ann@example.com", password: "12345678"))
    }
}
