import Foundation
import GroceryAPI
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("GroceryServer's session cookie")
struct CookieSessionTests {
    @Test("login sets an HttpOnly session cookie that lets a client in without a bearer token; logout deletes it")
    func cookieSession() async throws {
        // Given a server with an account, and a client that keeps cookies (every client does by default)
        let server = try GroceryServer()
        defer { server.stop() }
        let client = HTTPClient { $0.acceptableStatusCodes = 100..<600 }
        func post(_ path: String, _ body: AuthModel? = nil) async throws -> HTTPResponse {
            var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try body.map { try JSONEncoder().encode($0) }
            return try await client.send(request)
        }
        let user = URLRequest(url: server.baseURL.appendingPathComponent("user"))
        _ = try await post("register", AuthModel(name: "Ann", email: "ann@example.com", password: "correct horse"))
        let before = try await client.send(user)

        // When it logs in, asks for its account, logs out and asks again
        let login = try await post("login", AuthModel(email: "ann@example.com", password: "correct horse"))
        let kept = client.configuration.cookies?.cookies ?? []
        let inside = try await client.send(user)
        let logout = try await post("logout")
        let afterLogout = client.configuration.cookies?.cookies ?? []
        let outside = try await client.send(user)

        // Then the cookie held the access token, let the client in alone, and was gone after logout
        let tokens = try JSONDecoder().decode(TokenModel.self, from: login.body)
        #expect(before.statusCode == 401)
        #expect(kept.map(\.name) == ["session"])
        #expect(kept.first?.value == tokens.accessToken)
        #expect(kept.first?.isHTTPOnly == true)
        #expect(inside.statusCode == 200)
        #expect(try JSONDecoder().decode(UserModel.self, from: inside.body).email == "ann@example.com")
        #expect(server.server.requests.last(where: { $0.path.hasSuffix("/user") })?.bearerToken == nil)
        #expect(logout.statusCode == 204)
        #expect(afterLogout.isEmpty)
        #expect(outside.statusCode == 401)
    }
}
