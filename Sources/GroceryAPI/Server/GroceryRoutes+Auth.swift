import Foundation
import MockServerKit

extension GroceryRoutes {
    func installAuthRoutes(on server: MockServer) {
        server.stub(method: .post, path: "register") { request in self.register(request) }
        server.stub(method: .post, path: "login") { request in self.login(request) }
        server.stub(method: .get, path: "user") { request in
            switch self.authenticatedUser(request) {
            case .success(let user): return Self.success(user)
            case .failure(let rejection): return rejection.response
            }
        }
        server.stub(method: .post, path: "token/refresh") { request in self.refresh(request) }
        server.stub(method: .post, path: "logout") { request in self.logout(request) }
        server.stub(method: .post, path: "validate/email") { request in self.validateEmail(request) }
    }

    private func register(_ request: MockRequest) -> MockResponse {
        let body: CredentialsBody
        switch Self.credentials(of: request) {
        case .success(let value): body = value
        case .failure(let rejection): return rejection.response
        }
        let problems = RegistrationRules.problems(name: body.name, email: body.email, password: body.password)
        guard problems.isEmpty, let name = body.name, let email = body.email, let password = body.password else {
            return Self.failure(422, "validation_failed", "Some fields are invalid.", fields: problems)
        }
        let trimmedName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let address = RegistrationRules.normalized(email)
        guard let user = store.register(name: trimmedName, email: address, password: password) else {
            return Self.failure(409, "email_exists", "An account with this e-mail address already exists.")
        }
        return Self.success(user, status: 201)
    }

    private func login(_ request: MockRequest) -> MockResponse {
        let body: CredentialsBody
        switch Self.credentials(of: request) {
        case .success(let value): body = value
        case .failure(let rejection): return rejection.response
        }
        guard let email = body.email, let password = body.password, !email.isEmpty, !password.isEmpty else {
            var fields: [String: [String]] = [:]
            if body.email?.isEmpty ?? true { fields["email"] = ["is required"] }
            if body.password?.isEmpty ?? true { fields["password"] = ["is required"] }
            return Self.failure(422, "validation_failed", "Some fields are missing.", fields: fields)
        }
        let address = RegistrationRules.normalized(email)
        guard
            let tokens = store.login(email: address, password: password, now: configuration.now(), lifetimes: lifetimes)
        else { return Self.failure(401, "invalid_credentials", "The e-mail address or password is wrong.") }
        // The access token also as a session cookie, for clients that keep cookies rather than
        // tokens (a web view, curl -c): it lasts as long as the token.
        return Self.success(tokens).settingCookie(
            Self.sessionCookie, tokens.accessToken, path: "/", maxAge: Int(lifetimes.access), flags: .httpOnly,
            sameSite: .lax)
    }

    private func refresh(_ request: MockRequest) -> MockResponse {
        let fromBody = try? request.decodeJSON(RefreshTokenModel.self).refreshToken
        guard let token = request.bearerToken ?? fromBody else {
            _ = store.refresh(refreshToken: "", now: configuration.now(), lifetimes: lifetimes)
            return Self.failure(401, "missing_token", "Send the refresh token as Authorization: Bearer.")
        }
        guard let tokens = store.refresh(refreshToken: token, now: configuration.now(), lifetimes: lifetimes) else {
            return Self.failure(401, "invalid_token", "The refresh token is not valid.")
        }
        return Self.success(tokens)
    }

    private func logout(_ request: MockRequest) -> MockResponse {
        guard let token = Self.accessToken(of: request), store.logout(accessToken: token) else {
            return Self.failure(401, "invalid_token", "The access token is not valid.")
        }
        return MockResponse(status: 204).deletingCookie(Self.sessionCookie, path: "/")
    }

    private func validateEmail(_ request: MockRequest) -> MockResponse {
        let body: CredentialsBody
        switch Self.credentials(of: request) {
        case .success(let value): body = value
        case .failure(let rejection): return rejection.response
        }
        if let problem = RegistrationRules.problem(email: body.email) {
            return Self.failure(
                422, "validation_failed", "The e-mail address is invalid.", fields: ["email": [problem]])
        }
        let address = RegistrationRules.normalized(body.email ?? "")
        guard !store.isRegistered(address) else {
            return Self.failure(409, "email_exists", "An account with this e-mail address already exists.")
        }
        return Self.success(EmailAvailabilityModel(email: address, available: true))
    }
}
