import Foundation
import ServiceUtilsTestSupport
import Testing

@Suite("service-utils tour, GroceryAPI section")
struct GroceryTourTests {
    @Test("runs the whole flow through AuthService over loopback and prints each step")
    func tourRunsTheFlow() async throws {
        // Given the built CLI
        let arguments = ["tour", "--section", "GroceryAPI"]

        // When the grocery section runs to the end
        let outcome = try await CommandRunner.run(arguments)
        let text = outcome.output

        // Then it succeeded, and the steps show the e-mail conflict, one automatic refresh and the rejections
        #expect(outcome.status == 0)
        for step in [
            "sign up again → SignUpError.emailExists",
            "POST /token/refresh → 200",
            "GET /user → 200 (attempt 2)",
            "server counted 1 refresh call(s)",
            "categories → Fruit, Dairy, Bakery",
            "POST /logout → 204",
            "validate with the last access token → rejected: invalid_token",
            "cookie login with a plain HTTPClient → it keeps `session` (HttpOnly: true), value not shown",
            "GET user with no Authorization header, the cookie alone → ann@example.com",
        ] {
            #expect(text.contains(step), "missing step: \(step)")
        }
    }
}
