import Foundation
import StringKit
import Testing

/// Every `@integer` and `@decimal` sample that CLDR lists for every rule of every locale, cardinal and
/// ordinal, written to `Tests/Fixtures/StringKit/plural-samples.json` by `scripts/generate-plural-rules`
/// from the same XML files as the rules.
@Suite("PluralRules against every CLDR sample")
struct PluralRulesSampleTests {
    struct Group: Decodable {
        let locales: [String]
        let samples: [String: [String]]
    }

    struct Samples: Decodable {
        let cldrVersion: String
        let cardinal: [Group]
        let ordinal: [Group]
    }

    static func load() throws -> Samples {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/StringKit/plural-samples.json")
        return try JSONDecoder().decode(Samples.self, from: Data(contentsOf: url))
    }

    @Test("the samples come from the CLDR release the rules were generated from")
    func sameRelease() throws {
        // Given the committed samples
        let samples = try Self.load()
        // Then they name the same CLDR release as the generated rules
        #expect(samples.cldrVersion == PluralRules.cldrVersion)
        #expect(samples.cardinal.flatMap(\.locales).count >= 200)
        #expect(samples.ordinal.flatMap(\.locales).count >= 100)
    }

    @Test("every sample of every locale gets the category it is listed under", arguments: PluralRuleType.allCases)
    func everySample(type: PluralRuleType) throws {
        // Given every locale's samples for this type
        let samples = try Self.load()
        let groups = type == .cardinal ? samples.cardinal : samples.ordinal
        var checked = 0
        var mismatches: [String] = []
        for group in groups {
            for locale in group.locales {
                // When the locale's rules are looked up
                let rules = PluralRules(locale: locale, type: type)
                // Then CLDR's own entry is found, not a fallback
                #expect(rules.localeIdentifier == locale)
                // And it lists exactly the categories CLDR gives samples for
                #expect(Set(rules.categories.map(\.rawValue)) == Set(group.samples.keys), "\(locale)")
                for (name, numbers) in group.samples {
                    let expected = try #require(PluralCategory(rawValue: name))
                    for number in numbers {
                        checked += 1
                        let actual = rules.category(for: number)
                        if actual != expected {
                            mismatches.append("\(locale) \(number): \(actual.map(\.rawValue) ?? "nil") ≠ \(name)")
                        }
                    }
                }
            }
        }
        // Then every sample matches
        #expect(checked > 1000)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked): \(mismatches.prefix(20))")
    }
}
