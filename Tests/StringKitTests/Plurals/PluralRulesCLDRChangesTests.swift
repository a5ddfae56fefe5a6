import Foundation
import StringKit
import Testing

/// The languages whose plural rules CLDR changed after release 41 (the one Debian ships), each pinned
/// with a number that CLDR 41 put in another category. The cases come from comparing the two releases'
/// rule texts, quoted beside each one.
@Suite("PluralRules: what CLDR changed after release 41")
struct PluralRulesCLDRChangesTests {
    struct Change: Sendable, CustomTestStringConvertible {
        let locale: String
        let type: PluralRuleType
        let number: String
        let cldr41: PluralCategory
        let current: PluralCategory

        init(
            _ locale: String, _ type: PluralRuleType, _ number: String, was cldr41: PluralCategory,
            now current: PluralCategory
        ) {
            self.locale = locale
            self.type = type
            self.number = number
            self.cldr41 = cldr41
            self.current = current
        }

        var testDescription: String { "\(locale) \(type.rawValue) \(number): \(cldr41) → \(current)" }
    }

    static let changes: [Change] = [
        // Hebrew lost `many: v = 0 and n != 0..10 and n % 10 = 0`: 20 is other now (iw is its old code).
        Change("he", .cardinal, "20", was: .many, now: .other),
        Change("iw", .cardinal, "20", was: .many, now: .other),
        // Romanian and Moldavian `few` was `n % 100 = 2..19`, now also `n != 1 and n % 100 = 1..19`.
        Change("ro", .cardinal, "101", was: .other, now: .few),
        Change("mo", .cardinal, "101", was: .other, now: .few),
        // Catalan, Galician and Sicilian gained the Romance `many: e = 0 and i != 0 and i % 1000000 = 0 …`.
        Change("ca", .cardinal, "1000000", was: .other, now: .many),
        Change("gl", .cardinal, "1000000", was: .other, now: .many),
        Change("scn", .cardinal, "1000000", was: .other, now: .many),
        // Icelandic `one` was `… or t != 0`, now `… or t % 10 = 1 and t % 100 != 11`: 0.2 is other.
        Change("is", .cardinal, "0.2", was: .one, now: .other),
        // Maltese gained `two: n = 2` (it was few, `n = 0 or n % 100 = 2..10`).
        Change("mt", .cardinal, "2", was: .few, now: .two),
        // Vietnamese had other only; now `one: i = 0 or n = 1`.
        Change("vi", .cardinal, "1", was: .other, now: .one),
        // Afrikaans ordinals gained `few: i % 100 = 2..19`.
        Change("af", .ordinal, "2", was: .other, now: .few),
        // Bulgarian ordinals gained one, two and few: `two: i % 10 = 2 and i % 100 != 12`.
        Change("bg", .ordinal, "2", was: .other, now: .two),
        // Spanish ordinals gained `one: n % 10 = 1,3 and n % 100 != 11` (1.º, 3.er).
        Change("es", .ordinal, "3", was: .other, now: .one),
        // Sicilian ordinal `many` was `n = 11,8,80,800`, now `n = 11,8,80..89,800..899`.
        Change("scn", .ordinal, "81", was: .other, now: .many),
    ]

    @Test("each changed language gives the current category, not CLDR 41's", arguments: changes)
    func change(_ change: Change) {
        // Given a language and a number whose category CLDR changed after release 41
        let rules = PluralRules(locale: change.locale, type: change.type)
        // When the number is categorised
        let category = rules.category(for: change.number)
        // Then the current release's category comes out, and it differs from the old one
        #expect(rules.localeIdentifier == change.locale)
        #expect(category == change.current)
        #expect(change.cldr41 != change.current)
    }

    @Test("those are exactly the locales whose CLDR 41 samples the sample test leaves out")
    func sameLocales() throws {
        // Given the locales that scripts/generate-plural-rules found changed since the samples' release
        let samples = try PluralRulesSampleTests.load()
        // Then each is pinned above, and nothing else is
        for type in PluralRuleType.allCases {
            let pinned = Set(Self.changes.filter { $0.type == type }.map(\.locale))
            #expect(Set(samples.changedSinceSamples[type.rawValue] ?? []) == pinned, "\(type)")
        }
    }
}
