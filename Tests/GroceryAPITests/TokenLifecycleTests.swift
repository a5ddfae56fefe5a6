import Foundation
import GroceryAPI
import Testing

@Suite("GroceryServer login, token expiry, refresh and logout")
struct TokenLifecycleTests {
    @Test("login returns tokens that open user; a wrong password gets 401")
    func login() async throws {
        // Given a registered account
        let (server, client) = try makeServer()
        defer { server.stop() }
        let tokens = try await client.signUpAndLogIn(email: "ann@example.com")

        // When user is asked with the access token, and login is tried with a wrong password
        let user = try await client.send("GET", "user", bearer: tokens.accessToken)
        let wrong = try await client.send(
            "POST", "login", body: AuthModel(email: "ann@example.com", password: "wrong pass"))

        // Then the user is returned, the lifetime is announced, and the wrong password is refused
        #expect(user.status == 200)
        #expect(try user.decode(UserModel.self).email == "ann@example.com")
        #expect(tokens.expiresIn == 60)
        #expect(tokens.tokenType == "Bearer")
        #expect(wrong.status == 401)
        #expect(try wrong.decode(APIErrorModel.self).error == "invalid_credentials")
    }

    @Test("an access token stops working when its lifetime has passed on the server's clock")
    func expiry() async throws {
        // Given a logged-in user and a clock the test controls
        let clock = ManualClock()
        let (server, client) = try makeServer(clock: clock)
        defer { server.stop() }
        let tokens = try await client.signUpAndLogIn(email: "ann@example.com")

        // When the clock moves to one second before, then to the end of the 60 s lifetime
        clock.advance(by: 59)
        let before = try await client.send("GET", "user", bearer: tokens.accessToken)
        clock.advance(by: 1)
        let after = try await client.send("GET", "user", bearer: tokens.accessToken)

        // Then it works before and is refused as expired after
        #expect(before.status == 200)
        #expect(after.status == 401)
        #expect(try after.decode(APIErrorModel.self).error == "token_expired")
    }

    @Test("refresh rotates both tokens, the old refresh token is spent, and calls are counted")
    func refreshRotates() async throws {
        // Given a logged-in user whose access token expired
        let clock = ManualClock()
        let (server, client) = try makeServer(clock: clock)
        defer { server.stop() }
        let first = try await client.signUpAndLogIn(email: "ann@example.com")
        clock.advance(by: 120)

        // When the refresh token is used twice
        let refreshed = try await client.send("POST", "token/refresh", bearer: first.refreshToken)
        let reused = try await client.send("POST", "token/refresh", bearer: first.refreshToken)

        // Then the first call gives a new pair that works, the second is refused, and both were counted
        #expect(refreshed.status == 200)
        let second = try refreshed.decode(TokenModel.self)
        #expect(second.accessToken != first.accessToken)
        #expect(second.refreshToken != first.refreshToken)
        #expect(try await client.send("GET", "user", bearer: second.accessToken).status == 200)
        #expect(reused.status == 401)
        #expect(server.refreshRequestCount == 2)
    }

    @Test("the refresh token may also come in the JSON body")
    func refreshFromBody() async throws {
        // Given a logged-in user
        let (server, client) = try makeServer()
        defer { server.stop() }
        let tokens = try await client.signUpAndLogIn(email: "ann@example.com")

        // When the refresh token is sent in the body
        let answer = try await client.send(
            "POST", "token/refresh", body: RefreshTokenModel(refreshToken: tokens.refreshToken))

        // Then a new pair is issued
        #expect(answer.status == 200)
        #expect(try answer.decode(TokenModel.self).refreshToken != tokens.refreshToken)
    }

    @Test("logout invalidates both the access and the refresh token")
    func logout() async throws {
        // Given a logged-in user
        let (server, client) = try makeServer()
        defer { server.stop() }
        let tokens = try await client.signUpAndLogIn(email: "ann@example.com")

        // When they log out
        let logout = try await client.send("POST", "logout", bearer: tokens.accessToken)

        // Then both tokens are refused afterwards, and a second logout too
        #expect(logout.status == 204)
        #expect(try await client.send("GET", "user", bearer: tokens.accessToken).status == 401)
        #expect(try await client.send("POST", "token/refresh", bearer: tokens.refreshToken).status == 401)
        #expect(try await client.send("POST", "logout", bearer: tokens.accessToken).status == 401)
    }

    @Test("a refresh token stops working after its own lifetime")
    func refreshTokenExpires() async throws {
        // Given a logged-in user and the default 30-day refresh lifetime
        let clock = ManualClock()
        let (server, client) = try makeServer(clock: clock)
        defer { server.stop() }
        let tokens = try await client.signUpAndLogIn(email: "ann@example.com")

        // When 30 days pass
        clock.advance(by: 30 * 24 * 60 * 60)
        let answer = try await client.send("POST", "token/refresh", bearer: tokens.refreshToken)

        // Then the refresh token is refused
        #expect(answer.status == 401)
        #expect(try answer.decode(APIErrorModel.self).error == "invalid_token")
    }

    @Test("descriptions of credentials and tokens never show the secrets")
    func descriptionsHideSecrets() {
        // Given models holding secrets
        let credentials = AuthModel(name: "Ann", email: "ann@example.com", password: "hunter2hunter2")
        let tokens = TokenModel(accessToken: "access-secret", refreshToken: "refresh-secret", expiresIn: 60)

        // When they are described (as logs and string interpolation do)
        let text = "\(credentials) \(tokens)"

        // Then no secret appears
        #expect(!text.contains("hunter2"))
        #expect(!text.contains("secret"))
        #expect(text.contains("ann@example.com"))
    }
}
