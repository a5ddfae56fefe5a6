import Foundation
import ServiceUtilsTestSupport
import StringKit
import Testing

/// Every locale Babel knows, cardinal and ordinal, against Babel's own evaluation of CLDR's rules on a
/// grid of numbers as written (integers up to 31 digits, decimals with visible fraction digits, negative
/// numbers, compact exponents). `scripts/generate-plural-grid` writes the answers to
/// `Tests/Fixtures/StringKit/plural-grid.json`; it shares only Babel's CLDR data with the rule compiler.
@Suite("PluralRules against Babel on a grid of numbers")
struct PluralRulesGridTests {
    struct Group: Decodable {
        let categories: [String]
        let expected: String
        let locales: [String]
    }

    struct Grid: Decodable {
        let cldrVersion: String
        let localeCount: Int
        let letters: [String: String]
        let numbers: [String]
        let cardinal: [Group]
        let ordinal: [Group]
    }

    static func load() throws -> Grid {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/StringKit/plural-grid.json")
        return try JSONDecoder().decode(Grid.self, from: Data(contentsOf: url))
    }

    @Test("the grid comes from the current CLDR release the rules were generated from")
    func sameRelease() throws {
        // Given the committed grid
        let grid = try Self.load()
        // Then it names the rules' CLDR release, a current one (48 or later)
        #expect(grid.cldrVersion == PluralRules.cldrVersion)
        #expect((Int(PluralRules.cldrVersion) ?? 0) >= 48)
        // And it lists every locale once per type, on more than 700 numbers
        #expect(grid.localeCount > 1000)
        #expect(grid.cardinal.flatMap(\.locales).count == grid.localeCount)
        #expect(Set(grid.ordinal.flatMap(\.locales)) == Set(grid.cardinal.flatMap(\.locales)))
        #expect(grid.numbers.count > 700)
    }

    @Test("every locale Babel knows gets Babel's categories and answers", arguments: PluralRuleType.allCases)
    func everyLocale(type: PluralRuleType) async throws {
        // Given Babel's answers for every locale on the grid
        let grid = try Self.load()
        let operands = try grid.numbers.map { try PluralOperands(parsing: $0) }
        var categoryOfLetter: [Character: PluralCategory] = [:]
        for (letter, name) in grid.letters {
            let category: PluralCategory = try #require(PluralCategory(rawValue: name))
            try #require(letter.count == 1)
            categoryOfLetter[Character(letter)] = category
        }
        for group in type == .cardinal ? grid.cardinal : grid.ordinal {
            try #require(group.expected.compactMap { categoryOfLetter[$0] }.count == operands.count)
        }
        // Some 900,000 lookups per type are CPU work: done off Swift's cooperative pool (two threads
        // here), which async tests and mock servers need, especially under the sanitizers.
        let letters = categoryOfLetter
        let (checked, mismatches) = await Self.compare(grid, type: type, operands: operands, letters: letters)
        #expect(checked == grid.localeCount * grid.numbers.count)
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(20))")
    }

    /// How many answers were compared, and the ones that differ from Babel's.
    static func compare(
        _ grid: Grid, type: PluralRuleType, operands: [PluralOperands], letters: [Character: PluralCategory]
    ) async -> (Int, [String]) {
        (try? await onThread { compareBlocking(grid, type: type, operands: operands, letters: letters) }) ?? (0, [])
    }

    static func compareBlocking(
        _ grid: Grid, type: PluralRuleType, operands: [PluralOperands],
        letters categoryOfLetter: [Character: PluralCategory]
    ) -> (Int, [String]) {
        var checked = 0
        var mismatches: [String] = []
        for group in type == .cardinal ? grid.cardinal : grid.ordinal {
            let expected = group.expected.compactMap { categoryOfLetter[$0] }
            for locale in group.locales {
                // When the locale's rules are looked up
                let rules = PluralRules(locale: locale, type: type)
                // Then they use Babel's categories
                if rules.categories.map(\.rawValue) != group.categories {
                    mismatches.append("\(locale): categories \(rules.categories.map(\.rawValue))")
                }
                // And give Babel's category for every number of the grid
                for (index, number) in operands.enumerated() {
                    checked += 1
                    let actual = rules.category(for: number)
                    if actual != expected[index] {
                        mismatches.append("\(locale) \(grid.numbers[index]): \(actual) ≠ \(expected[index])")
                    }
                }
            }
        }
        return (checked, mismatches)
    }
}
