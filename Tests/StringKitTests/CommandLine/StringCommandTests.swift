import Foundation
import ServiceUtilsTestSupport
import StringKit
import Testing

@Suite("service-utils plural and decline")
struct StringCommandTests {
    @Test(
        "plural prints the category alone on its first line",
        arguments: [
            (["plural", "en", "1"], "one"), (["plural", "en", "1.0"], "other"), (["plural", "ru", "22"], "few"),
            (["plural", "en", "23", "--ordinal"], "few"), (["plural", "fr", "1c6"], "many"),
            (["plural", "zz", "1"], "other"), (["plural", "he", "20"], "other"), (["plural", "pt-AO", "0"], "other"),
            (["plural", "es", "3", "--ordinal"], "one"),
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

    @Test("plural names the locale, type, categories and CLDR release of the rules it used")
    func pluralRelease() async throws {
        // Given a number in Hebrew, whose rules changed after CLDR 41
        // When the command runs
        let result = try await CommandRunner.run(["plural", "he-IL", "20"])
        // Then the second line names the rules used and their CLDR release
        #expect(result.status == 0)
        #expect(result.lines == ["other", "rules: he cardinal (one two other), CLDR \(PluralRules.cldrVersion)"])
    }

    @Test("the tour's StringKit section names the CLDR release")
    func tour() async throws {
        // When the StringKit part of the tour runs
        let result = try await CommandRunner.run(["tour", "--section", "StringKit"])
        // Then it succeeds and says which CLDR release the rules come from
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("(CLDR \(PluralRules.cldrVersion))"))
        #expect(result.output.contains("pt_AO → pt_PT"))
    }

    @Test("decline picks the Russian form; bad numbers are usage errors")
    func decline() async throws {
        #expect(try await CommandRunner.run(["decline", "-22", "день", "дня", "дней"]).lines.first == "-22 дня")
        #expect(try await CommandRunner.run(["decline", "ten", "день", "дня", "дней"]).status == 64)
        #expect(try await CommandRunner.run(["plural", "ru", "1,5"]).status == 64)
    }
}
