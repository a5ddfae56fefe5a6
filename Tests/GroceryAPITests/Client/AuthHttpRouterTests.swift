import Foundation
import GroceryAPI
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("AuthHttpRouter and GroceryHttpRouter build the sample's requests")
struct AuthHttpRouterTests {
    static let base = "https://letscodeeasy.com/groceryapi/public/api"
    static let credentials = AuthModel(name: "Ann", email: "ann@example.com", password: "correct horse")

    @Test(
        "method, URL and bearer header of every case",
        arguments: [
            (AuthHttpRouter.login(credentials), "POST", "login", nil),
            (AuthHttpRouter.signUp(credentials), "POST", "register", nil),
            (AuthHttpRouter.validate(token: "a1"), "GET", "user", "Bearer a1"),
            (AuthHttpRouter.refreshToken(token: "r1"), "POST", "token/refresh", "Bearer r1"),
            (AuthHttpRouter.logout(token: "a2"), "POST", "logout", "Bearer a2"),
            (AuthHttpRouter.validateEmail(email: "ann@example.com"), "POST", "validate/email", nil),
        ] as [(AuthHttpRouter, String, String, String?)])
    func authRequests(route: AuthHttpRouter, method: String, path: String, authorization: String?) throws {
        // Given one case of the router
        // When its request is built
        let request = try route.asURLRequest()

        // Then it goes to the sample's host with the sample's method, path and headers
        #expect(request.httpMethod == method)
        #expect(request.url?.absoluteString == "\(Self.base)/\(path)")
        #expect(request.value(forHTTPHeaderField: "Authorization") == authorization)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=UTF-8")
    }

    @Test("bodies: credentials for login and register, {\"email\": ...} for validate/email, none for the rest")
    func bodies() throws {
        // Given the cases with and without bodies
        // When their bodies are built and read back as JSON
        let login = try #require(try AuthHttpRouter.login(Self.credentials).body())
        let signUp = try #require(try AuthHttpRouter.signUp(Self.credentials).body())
        let email = try #require(try AuthHttpRouter.validateEmail(email: "ann@example.com").body())
        let emailObject = try JSONSerialization.jsonObject(with: email) as? [String: String]

        // Then they carry exactly the sample's fields
        #expect(try JSONDecoder().decode(AuthModel.self, from: login) == Self.credentials)
        #expect(try JSONDecoder().decode(AuthModel.self, from: signUp) == Self.credentials)
        #expect(emailObject == ["email": "ann@example.com"])
        #expect(try AuthHttpRouter.validate(token: "t").body() == nil)
        #expect(try AuthHttpRouter.logout(token: "t").body() == nil)
    }

    @Test("grocery routes: GET categories and GET category/{id}")
    func groceryRequests() throws {
        // Given the grocery router's cases
        // When their requests are built
        let categories = try GroceryHttpRouter.getGroceryCategories.asURLRequest()
        let groceries = try GroceryHttpRouter.getGroceries(categoryId: 42).asURLRequest()

        // Then they are GETs of the sample's paths
        #expect(categories.httpMethod == "GET")
        #expect(categories.url?.absoluteString == "\(Self.base)/categories")
        #expect(groceries.httpMethod == "GET")
        #expect(groceries.url?.absoluteString == "\(Self.base)/category/42")
    }

    @Test("rebasing keeps method, path, headers and body and changes only the host")
    func rebased() throws {
        // Given a route rebased onto a staging host with its own path prefix
        let staging = try #require(URL(string: "http://127.0.0.1:8080/staging/api/"))
        let route = AuthHttpRouter.refreshToken(token: "r1").rebased(onto: staging)

        // When its request is built
        let request = try route.asURLRequest()

        // Then only the base changed
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/staging/api/token/refresh")
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer r1")
    }

    @Test("descriptions never show passwords or tokens")
    func descriptionsHideSecrets() {
        // Given routes carrying a password and a token
        // When they are described
        let texts = ["\(AuthHttpRouter.login(Self.credentials))", "\(AuthHttpRouter.logout(token: "s3cr3t-token"))"]

        // Then neither secret appears
        #expect(texts == ["POST login", "POST logout"])
    }
}
