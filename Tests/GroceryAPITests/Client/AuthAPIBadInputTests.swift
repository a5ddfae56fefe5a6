import Foundation
import GroceryAPI
import MockServerKit
import NetworkKit
import Testing

@Suite("AuthAPI's sign-up and e-mail check on bad input and odd servers")
struct AuthAPIBadInputTests {
    @Test("422 field errors from GroceryServer are SignUpError.invalidData", arguments: Backend.allCases)
    func fieldErrors(_ backend: Backend) async throws {
        // Given the reference server
        let (server, _) = try makeServer()
        defer { server.stop() }
        let api = backend.api(baseURL: server.baseURL)

        // When sign-up is sent with a malformed address and a short password
        // Then the server's 422 is invalidData, and nothing was registered
        await #expect(throws: SignUpError.invalidData) {
            _ = try await api.signUp(username: "Ann", email: "not-an-address", password: "short")
        }
        #expect(await api.checkEmail(email: "ann@example.com"))
    }

    @Test("a successful status with a body that is not JSON is SignUpError.invalidJSON", arguments: Backend.allCases)
    func successWithoutJSON(_ backend: Backend) async throws {
        // Given a mock server answering register with text, stubbed from the router itself
        let server = try MockServer()
        defer { server.stop() }
        let route = AuthHttpRouter.signUp(AuthModel(email: "", password: "")).rebased(onto: server.baseURL)
        try server.stub(route, response: .text("<html>maintenance</html>", status: 201))

        // When sign-up is sent
        // Then the answer is refused as not JSON
        await #expect(throws: SignUpError.invalidJSON) {
            _ = try await backend.api(baseURL: server.baseURL).signUp(
                username: "Ann", email: "a@b.io", password: "12345678")
        }
    }

    @Test("a server error without the API's JSON is SignUpError.error naming the status", arguments: Backend.allCases)
    func serverErrorWithoutJSON(_ backend: Backend) async throws {
        // Given a mock server answering register with a plain-text 503
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .post, path: "register", response: .text("busy", status: 503))

        // When sign-up is sent
        // Then the error names the status
        await #expect(throws: SignUpError.error("HTTP 503 without the API's error JSON")) {
            _ = try await backend.api(baseURL: server.baseURL).signUp(
                username: "Ann", email: "a@b.io", password: "12345678")
        }
    }

    @Test(
        "a server that reads the body as broken JSON (400 invalid_json) is SignUpError.invalidJSON",
        arguments: Backend.allCases)
    func serverSaysInvalidJSON(_ backend: Backend) async throws {
        // Given a mock server answering like GroceryServer does to a body that is not JSON
        let server = try MockServer()
        defer { server.stop() }
        let body = APIErrorModel(error: "invalid_json", message: "The body is not a JSON object.")
        server.stub(method: .post, path: "register") { _ in try .json(body, status: 400) }

        // When sign-up is sent
        // Then it is invalidJSON
        await #expect(throws: SignUpError.invalidJSON) {
            _ = try await backend.api(baseURL: server.baseURL).signUp(
                username: "Ann", email: "a@b.io", password: "12345678")
        }
    }

    @Test(
        "checkEmail is false for a taken or malformed address, a 500 and a closed port, and never throws",
        arguments: Backend.allCases)
    func checkEmailFalseCases(_ backend: Backend) async throws {
        // Given the reference server with one account, a mock answering 500, and a refused port
        let (server, client) = try makeServer()
        defer { server.stop() }
        _ = try await client.signUpAndLogIn(email: "ann@example.com")
        let failing = try MockServer()
        failing.stub(method: .post, path: "validate/email", response: .status(500))
        // Port 1 needs root to listen on, so nothing answers there and the connection is refused.
        let closedURL = try #require(URL(string: "http://127.0.0.1:1/"))
        defer { failing.stop() }

        // When addresses are checked
        let api = backend.api(baseURL: server.baseURL)
        let taken = await api.checkEmail(email: "ANN@example.com ")
        let malformed = await api.checkEmail(email: "ann@")
        let free = await api.checkEmail(email: "bob@example.com")
        let serverError = await backend.api(baseURL: failing.baseURL).checkEmail(email: "bob@example.com")
        let noServer = await backend.api(baseURL: closedURL).checkEmail(email: "bob@example.com")

        // Then only the free address on a working server is true
        #expect(!taken && !malformed && !serverError && !noServer)
        #expect(free)
    }

    @Test(
        "a decoded call whose answer is not the model fails with NetworkKit's decoding error",
        arguments: Backend.allCases)
    func undecodableAnswer(_ backend: Backend) async throws {
        // Given a mock server whose login answers JSON of another shape
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .post, path: "login") { _ in .json(data: Data(#"{"token": 7}"#.utf8)) }

        // When login is sent
        var failure: GroceryAPIError?
        do {
            _ = try await backend.api(baseURL: server.baseURL).login(AuthModel(email: "a@b.io", password: "12345678"))
        } catch {
            failure = error
        }

        // Then the error is a decoding failure naming the type
        guard case .requestFailed(.decodingFailed(let decoding)) = failure else {
            Issue.record("expected a decoding failure, got \(String(describing: failure))")
            return
        }
        #expect(decoding.type == "TokenModel")
    }

    @Test("the completion forms deliver the same answers as the async ones", arguments: Backend.allCases)
    func completionForms(_ backend: Backend) async throws {
        // Given the reference server
        let (server, _) = try makeServer()
        defer { server.stop() }
        let api = backend.api(baseURL: server.baseURL)

        // When the e-mail check and sign-up (twice) run with completions
        let free = await withCheckedContinuation { continuation in
            api.checkEmail(email: "ann@example.com") { continuation.resume(returning: $0) }
        }
        let first = await withCheckedContinuation { continuation in
            api.signUp(username: "Ann", email: "ann@example.com", password: "correct horse") {
                continuation.resume(returning: $0.map(\.statusCode))
            }
        }
        let second = await withCheckedContinuation { continuation in
            api.signUp(username: "Ann", email: "ann@example.com", password: "correct horse") {
                continuation.resume(returning: $0.map(\.statusCode))
            }
        }

        // Then they match the server's answers
        #expect(free)
        #expect(first == .success(201))
        #expect(second == .failure(.emailExists))
    }
}
