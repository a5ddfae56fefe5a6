import Foundation
import ServiceUtilsTestSupport
import Testing

@Suite("service-utils plural and decline")
struct StringCommandTests {
    @Test(
        "plural prints the category alone on its first line",
        arguments: [
            (["plural", "en", "1"], "one"), (["plural", "en", "1.0"], "other"), (["plural", "ru", "22"], "few"),
            (["plural", "en", "23", "--ordinal"], "few"), (["plural", "fr", "1c6"], "many"),
            (["plural", "zz", "1"], "other"),
        ]
    )
    func plural(arguments: [String], expected: String) async throws {
        // Given a locale and a number as written
        // When the command runs
        let result = try await CommandRunner.run(arguments)
        // Then the category is the whole first line
        #expect(result.status == 0)
        #expect(result.lines.first == expected)
    }

    @Test("decline picks the Russian form; bad numbers are usage errors")
    func decline() async throws {
        #expect(try await CommandRunner.run(["decline", "-22", "день", "дня", "дней"]).lines.first == "-22 дня")
        #expect(try await CommandRunner.run(["decline", "ten", "день", "дня", "дней"]).status == 64)
        #expect(try await CommandRunner.run(["plural", "ru", "1,5"]).status == 64)
    }
}
