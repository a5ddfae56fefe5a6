import Foundation
import GroceryAPI
import MockServerKit
import NetworkKit
import Testing

@Suite("AuthService when the server refuses the refreshed token, and AuthAPI on a session's interceptor")
struct AuthRefusalTests {
    @Test("a refusal of the refreshed token stops after one refresh with sessionExpired", arguments: Backend.allCases)
    func refreshedTokenRefused(_ backend: Backend) async throws {
        // Given a server that logs in and refreshes, but refuses every token on `user`
        let server = try MockServer()
        defer { server.stop() }
        let first = TokenModel(accessToken: "access-1", refreshToken: "refresh-1", expiresIn: 60)
        let second = TokenModel(accessToken: "access-2", refreshToken: "refresh-2", expiresIn: 60)
        let refused = APIErrorModel(error: "invalid_token", message: "The access token is not valid.")
        server.stub(method: .post, path: "login") { _ in try .json(first) }
        server.stub(method: .post, path: "token/refresh") { _ in try .json(second) }
        server.stub(method: .get, path: "user") { _ in try .json(refused, status: 401) }
        let service = try backend.service(baseURL: server.baseURL)
        try await service.login(email: "ann@example.com", password: "correct horse")

        // When the user is asked for
        var failure: GroceryAPIError?
        do {
            _ = try await service.currentUser()
        } catch {
            failure = error
        }

        // Then the first token was refused, refreshed once, the second refused too, and the call
        // ended there
        #expect(failure == .sessionExpired("the server refused the refreshed token"))
        let sent = server.requests.filter { $0.path == "/user" }.map { $0.headers["Authorization"] }
        #expect(sent == ["Bearer access-1", "Bearer access-2"])
        #expect(server.requests.filter { $0.path == "/token/refresh" }.count == 1)
    }

    @Test(
        "AuthAPI and AuthService on a Session send every call through the session's interceptor, token added after it")
    func sessionInterceptorRuns() async throws {
        // Given a session whose interceptor (in Alamofire's closure form) tags each request with the
        // Authorization it sees, and a server that logs in and lists categories
        let server = try MockServer()
        defer { server.stop() }
        let tokens = TokenModel(accessToken: "access-1", refreshToken: "refresh-1", expiresIn: 60)
        server.stub(method: .post, path: "login") { _ in try .json(tokens) }
        server.stub(method: .get, path: "categories") { _ in try .json([CategoryModel]()) }
        let tagging = Interceptor(
            adaptHandler: { request, _, completion in
                var tagged = request
                tagged.headers.update(name: "X-Seen-Authorization", value: request.headers["Authorization"] ?? "none")
                completion(.success(tagged))
            },
            retryHandler: { _, _, _, completion in completion(.doNotRetry) })
        let session = Session(configuration: .af.ephemeral, interceptor: tagging)

        // When the API and a service on that session make their calls
        _ = await AuthAPI(baseURL: server.baseURL, session: session).checkEmail(email: "a@b.io")
        let service = try AuthService(baseURL: server.baseURL, session: session)
        try await service.login(email: "a@b.io", password: "correct horse")
        _ = try await service.groceryCategories()

        // Then every request went through the session's interceptor, and the service's token
        // interceptor, a request's own, ran after it: the session's saw no token on `categories`
        let seen = server.requests.map { "\($0.path) \($0.headers["X-Seen-Authorization"] ?? "missing")" }
        #expect(seen == ["/validate/email none", "/login none", "/categories none"])
        #expect(server.requests.last?.headers["Authorization"] == "Bearer access-1")
    }
}
