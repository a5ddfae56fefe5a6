import Foundation
import GroceryAPI
import MockServerKit
import Testing

@Suite("MockServer stubs made from the sample's own routers")
struct RouterStubTests {
    @Test(
        "a stub from AuthHttpRouter.login answers AuthAPI pointed at the server under the sample's path prefix",
        arguments: Backend.allCases)
    func loginStubSharesTheRouter(_ backend: Backend) async throws {
        // Given a mock server stubbed with the login route exactly as the app defines it (sample host's path prefix)
        let server = try MockServer()
        defer { server.stop() }
        let credentials = AuthModel(email: "ann@example.com", password: "correct horse")
        let tokens = TokenModel(accessToken: "access-1", refreshToken: "refresh-1", expiresIn: 60)
        try server.stub(AuthHttpRouter.login(credentials)) { _ in try .json(tokens) }

        // When the client logs in against the server with the same path prefix
        let api = backend.api(baseURL: server.url("groceryapi/public/api/"))
        let received = try await api.login(credentials)

        // Then the stub answered, and the server saw the sample's method, path, header and body
        #expect(received == tokens)
        let request = try #require(server.requests.last)
        #expect(request.method == .post)
        #expect(request.path == "/groceryapi/public/api/login")
        #expect(request.headers["Content-Type"] == "application/json; charset=UTF-8")
        #expect(try request.decodeJSON(AuthModel.self) == credentials)
    }
}
