import Foundation
import StringKit
import Testing

@Suite("PluralRules: locales, fallback and number forms")
struct PluralRulesTests {
    @Test(
        "locale identifiers fall back the way CLDR does",
        arguments: [
            ("pt_PT", "pt_PT"), ("pt-PT", "pt_PT"), ("pt_BR", "pt"), ("pt", "pt"), ("sr_Latn", "sr"),
            ("pt_AO", "pt_PT"), ("pt-MZ", "pt_PT"), ("pt_CH_x", "pt_PT"), ("iw_IL", "iw"),
            ("sr-Latn-RS", "sr"), ("ru_RU.UTF-8", "ru"), ("en_US_POSIX", "en"), ("EN-us", "en"),
            ("de@calendar=gregorian", "de"), ("xx", "root"), ("", "root"), ("C", "root"),
        ]
    )
    func fallback(identifier: String, expected: String) {
        // Given a locale identifier in any common spelling
        // When its rules are looked up
        let rules = PluralRules(locale: identifier)
        // Then the most specific CLDR locale is used
        #expect(rules.localeIdentifier == expected)
    }

    @Test("pt_PT and pt differ on 0 and 1.5, as CLDR says; Angola follows Portugal, its CLDR parent")
    func portuguese() {
        // Given European, Angolan and Brazilian Portuguese
        let portugal = PluralRules(locale: "pt_PT")
        let angola = PluralRules(locale: "pt_AO")
        let brazil = PluralRules(locale: "pt_BR")
        // Then 0 and 1.5 are singular in Brazil only
        #expect(portugal.category(for: 0) == .other)
        #expect(angola.category(for: 0) == .other)
        #expect(brazil.category(for: 0) == .one)
        #expect(portugal.category(for: "1.5") == .other)
        #expect(angola.category(for: "1.5") == .other)
        #expect(brazil.category(for: "1.5") == .one)
    }

    @Test("unknown languages use root: everything is other")
    func root() {
        let rules = PluralRules(locale: "qq")
        #expect(rules.category(for: 1) == .other)
        #expect(rules.category(for: "1.0") == .other)
    }

    @Test("1 and 1.0 differ in English, as written")
    func visibleFractionDigits() {
        // Given English
        let english = PluralRules(locale: Locale(identifier: "en_US"))
        // Then "1" is one and "1.0" is other
        #expect(english.category(for: "1") == .one)
        #expect(english.category(for: "1.0") == .other)
        #expect(english.category(for: 1) == .one)
        #expect(english.category(for: Decimal(string: "1.5") ?? 0) == .other)
    }

    @Test("compact exponents: French 1c6 is many, 1000000.0 is other")
    func compactExponent() {
        let french = PluralRules(locale: "fr")
        #expect(french.category(for: "1c6") == .many)
        #expect(french.category(for: "1000000") == .many)
        #expect(french.category(for: "1.5c6") == .many)
        #expect(french.category(for: "1c3") == .other)
        #expect(french.category(for: "1000000.0") == .other)
    }

    @Test("ordinals: English 1st 2nd 3rd 4th 11th 21st 112th")
    func englishOrdinals() {
        let ordinal = PluralRules(locale: "en", type: .ordinal)
        #expect(ordinal.category(for: 1) == .one)
        #expect(ordinal.category(for: 2) == .two)
        #expect(ordinal.category(for: 3) == .few)
        #expect(ordinal.category(for: 4) == .other)
        #expect(ordinal.category(for: 11) == .other)
        #expect(ordinal.category(for: 21) == .one)
        #expect(ordinal.category(for: 112) == .other)
    }

    @Test("numbers longer than UInt64 keep their last digits")
    func hugeNumbers() {
        let russian = PluralRules(locale: "ru")
        #expect(russian.category(for: "100000000000000000000000000001") == .one)
        #expect(russian.category(for: "100000000000000000000000000011") == .many)
        #expect(russian.category(for: "-100000000000000000000000000003") == .few)
    }

    @Test(
        "malformed text gives nil, never a trap",
        arguments: ["", " ", "-", "1.", ".5", "1..2", "1,5", "abc", "1e", "1c999", "--1", "1.2.3", "١"]
    )
    func malformed(text: String) {
        #expect(PluralRules(locale: "ru").category(for: text) == nil)
        #expect(throws: StringKitError.self) { try PluralOperands(parsing: text) }
    }

    @Test("operands follow UTS #35's examples")
    func operands() throws {
        // Given the specification's table of operand values
        let value = try PluralOperands(parsing: "1.50")
        // Then each operand is as listed there
        #expect([value.i, value.v, value.w, value.f, value.t, value.e] == [1, 2, 1, 50, 5, 0])
        let compact = try PluralOperands(parsing: "1.2c3")
        #expect([compact.i, compact.v, compact.f, compact.e] == [1200, 0, 0, 3])
        let partial = try PluralOperands(parsing: "1.23c1")
        #expect([partial.i, partial.v, partial.f, partial.t] == [12, 1, 3, 3])
    }

    @Test("PluralForms picks the category's form, falling back to other")
    func forms() {
        let forms = PluralForms(one: "file", other: "files")
        let english = PluralRules(locale: "en")
        #expect(forms.form(for: 1, rules: english) == "file")
        #expect(forms.form(for: 2, rules: english) == "files")
        #expect(forms.form(for: "1.0", rules: english) == "files")
        #expect(forms.form(for: .few) == "files")
    }
}
