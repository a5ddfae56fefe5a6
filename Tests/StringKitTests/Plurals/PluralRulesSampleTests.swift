import Foundation
import StringKit
import Testing

/// Every `@integer` and `@decimal` sample that CLDR lists for every rule of every locale, cardinal and
/// ordinal, written to `Tests/Fixtures/StringKit/plural-samples.json` by `scripts/generate-plural-rules`.
/// Babel, the source of the rules, keeps no samples, so they come from the CLDR XML Debian ships (an
/// older release), for the locales whose rules have not changed since; the fixture lists the others,
/// which `PluralRulesCLDRChangesTests` pins.
@Suite("PluralRules against every CLDR sample")
struct PluralRulesSampleTests {
    struct Group: Decodable {
        let locales: [String]
        let samples: [String: [String]]
    }

    struct Samples: Decodable {
        let cldrVersion: String
        let samplesCLDRVersion: String
        let changedSinceSamples: [String: [String]]
        let cardinal: [Group]
        let ordinal: [Group]
    }

    static func load() throws -> Samples {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/StringKit/plural-samples.json")
        return try JSONDecoder().decode(Samples.self, from: Data(contentsOf: url))
    }

    @Test("the samples name the rules' CLDR release and the older one they were listed in")
    func sameRelease() throws {
        // Given the committed samples
        let samples = try Self.load()
        // Then they name the CLDR release of the generated rules, and an older one for the samples
        #expect(samples.cldrVersion == PluralRules.cldrVersion)
        #expect((Int(samples.samplesCLDRVersion) ?? .max) < (Int(samples.cldrVersion) ?? 0))
        // And they still cover most locales: 208 of CLDR 41's 218 cardinal and 98 of its 102 ordinal ones
        #expect(samples.cardinal.flatMap(\.locales).count >= 200)
        #expect(samples.ordinal.flatMap(\.locales).count >= 90)
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
