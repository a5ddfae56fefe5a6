import Foundation
import GroceryAPI
import Testing

@Suite("GroceryServer registration and e-mail validation")
struct RegistrationTests {
    @Test("a valid registration creates the account and returns it with 201")
    func registers() async throws {
        // Given a fresh server
        let (server, client) = try makeServer()
        defer { server.stop() }

        // When someone registers with a mixed-case address
        let answer = try await client.send(
            "POST", "register", body: AuthModel(name: " Ann ", email: "Ann@Example.COM", password: "correct horse"))

        // Then the account comes back with the trimmed name and normalised address
        #expect(answer.status == 201)
        let user = try answer.decode(UserModel.self)
        #expect(user.name == "Ann")
        #expect(user.email == "ann@example.com")
    }

    @Test("invalid fields get 422 with an error for each field")
    func validation() async throws {
        // Given a fresh server
        let (server, client) = try makeServer()
        defer { server.stop() }

        // When the name is blank, the address malformed and the password short
        let answer = try await client.send(
            "POST", "register", body: AuthModel(name: "  ", email: "ann@example", password: "short"))

        // Then all three fields are reported
        #expect(answer.status == 422)
        let error = try answer.decode(APIErrorModel.self)
        #expect(error.error == "validation_failed")
        #expect(error.fields?["name"] == ["is required"])
        #expect(error.fields?["email"] == ["is not a valid e-mail address"])
        #expect(error.fields?["password"] == ["must be at least 8 characters"])
    }

    @Test(
        "malformed addresses are rejected",
        arguments: ["", "plain", "@example.com", "a@b", "a b@example.com", "a@example..com", "a@-x.com", "a@b@c.com"])
    func malformedAddresses(_ address: String) async throws {
        // Given a fresh server
        let (server, client) = try makeServer()
        defer { server.stop() }

        // When the address is checked
        let answer = try await client.send("POST", "validate/email", body: EmailModel(email: address))

        // Then it is a 422 naming the email field
        #expect(answer.status == 422)
        #expect(try answer.decode(APIErrorModel.self).fields?["email"] != nil)
    }

    @Test("a second registration with the same address (any case) gets 409 email_exists")
    func duplicateEmail() async throws {
        // Given a registered address
        let (server, client) = try makeServer()
        defer { server.stop() }
        _ = try await client.send(
            "POST", "register", body: AuthModel(name: "Ann", email: "ann@example.com", password: "12345678"))

        // When it is registered again in upper case
        let again = try await client.send(
            "POST", "register", body: AuthModel(name: "Other", email: "ANN@example.com", password: "abcdefgh"))

        // Then it is a conflict
        #expect(again.status == 409)
        #expect(try again.decode(APIErrorModel.self).error == "email_exists")
    }

    @Test("validate/email answers 200 for a free address and 409 for a taken one")
    func validateEmail() async throws {
        // Given one registered address
        let (server, client) = try makeServer()
        defer { server.stop() }
        _ = try await client.send(
            "POST", "register", body: AuthModel(name: "Ann", email: "ann@example.com", password: "12345678"))

        // When a free and the taken address are checked
        let free = try await client.send("POST", "validate/email", body: EmailModel(email: "bob@example.com"))
        let taken = try await client.send("POST", "validate/email", body: EmailModel(email: "ann@example.com"))

        // Then the first is available and the second a conflict
        #expect(free.status == 200)
        #expect(
            try free.decode(EmailAvailabilityModel.self)
                == EmailAvailabilityModel(email: "bob@example.com", available: true))
        #expect(taken.status == 409)
    }

    @Test("a body that is not JSON gets 400 invalid_json")
    func invalidJSON() async throws {
        // Given a fresh server
        let (server, client) = try makeServer()
        defer { server.stop() }

        // When register gets a non-JSON body
        let answer = try await client.sendRaw("POST", "register", body: Data("name=Ann".utf8))

        // Then it is a 400
        #expect(answer.status == 400)
        #expect(try answer.decode(APIErrorModel.self).error == "invalid_json")
    }
}
