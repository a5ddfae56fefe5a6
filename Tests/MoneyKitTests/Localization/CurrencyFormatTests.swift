import Foundation
import MoneyKit
import Testing

@Suite("Money.formatted(locale:) writes Foundation's text itself")
struct CurrencyFormatTests {
    @Test("every sample amount is Foundation's text, byte for byte", arguments: MoneySamples.locales)
    func sameBytesAsFoundation(identifier: String) {
        // Given a locale, currencies with 0 to 18 minor digits and amounts of every length and sign
        let locale = Locale(identifier: identifier)
        var mismatches: [String] = []
        for currency in MoneySamples.currencies {
            for units in MoneySamples.minorUnits {
                let money = Money(minorUnits: units, currency: currency)

                // When MoneyKit formats each amount, and Foundation does
                let ours = money.formatted(locale: locale)
                let foundation = MoneySamples.foundationText(money, locale: locale)

                // Then the two texts are the same, scalar for scalar
                if ours != foundation || !ours.utf8.elementsEqual(foundation.utf8) {
                    mismatches.append("\(money): \(ours.debugDescription) vs \(foundation.debugDescription)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, such as \(mismatches.prefix(5))")
    }

    @Test("the layout is learned, not left to Foundation, in every sample locale and currency")
    func learned() {
        // Given the sample locales and currencies
        var leftToFoundation: [String] = []
        for identifier in MoneySamples.locales {
            for currency in MoneySamples.currencies {
                // When asked whether amounts are written without Foundation
                let learned = Money.formatsWithoutFoundation(currency, locale: Locale(identifier: identifier))

                // Then they are, so that the comparison above checks MoneyKit's own writing
                if !learned { leftToFoundation.append("\(identifier) \(currency.code)") }
            }
        }
        #expect(leftToFoundation.isEmpty, "left to Foundation: \(leftToFoundation)")
    }

    @Test(
        "pinned texts: narrow no-break space, Swiss apostrophe, Indian groups, ungrouped thousands, Arabic digits",
        arguments: [
            ("fr_FR", "EUR", Int64(-123_456_789), "-1\u{202F}234\u{202F}567,89\u{00A0}€"),
            ("de_CH", "CHF", -123_456_789, "CHF-1’234’567.89"), ("de_CH", "CHF", 5, "CHF\u{00A0}0.05"),
            ("en_IN", "INR", 1_234_567_890, "₹1,23,45,678.90"), ("es_ES", "EUR", 123_456, "1234,56\u{00A0}€"),
            ("es_ES", "EUR", 1_234_567, "12.345,67\u{00A0}€"), ("ja_JP", "JPY", -1_235, "-¥1,235"),
            ("ar", "KWD", 1_234_567, "\u{200F}1,234.567\u{00A0}د.ك.\u{200F}"),
            ("ar_EG", "EGP", -123_456, "\u{061C}-\u{200F}١٬٢٣٤٫٥٦\u{00A0}ج.م.\u{200F}"),
        ]
    )
    func pinned(identifier: String, code: String, units: Int64, expected: String) throws {
        // Given an amount in a locale whose layout has something particular
        let money = Money(minorUnits: units, currency: try #require(Currency(code: code)))
        let locale = Locale(identifier: identifier)

        // When it is formatted
        let text = money.formatted(locale: locale)

        // Then it is the text Foundation gives, as pinned here
        #expect(text == MoneySamples.foundationText(money, locale: locale))
        #expect(Array(text.unicodeScalars) == Array(expected.unicodeScalars), "\(text.debugDescription)")
    }

    @Test("a currency described with a catalogue code but other digits keeps its own digits")
    func sameCodeOtherDigits() {
        // Given euros, and a currency a caller describes with the code EUR and 12 minor digits (the
        // money-parser fuzz target found the second written with the first's layout: Currency's ==
        // compares codes only)
        let locale = Locale(identifier: "hi_IN")
        let euros = Money(minorUnits: 1_000_000_000_000, currency: .eur)
        let custom = Money(
            minorUnits: 1_000_000_000_000, currency: Currency(code: "EUR", numericCode: nil, minorUnitDigits: 12))

        // When both are formatted and read back, in either order
        let texts = [euros, custom, euros].map { $0.formatted(locale: locale) }
        let back = try? Money(parsing: texts[1], currency: custom.currency, locale: locale)

        // Then each has its own digits, as Foundation writes it
        #expect(texts[0] == MoneySamples.foundationText(euros, locale: locale))
        #expect(texts[1] == MoneySamples.foundationText(custom, locale: locale))
        #expect(texts[2] == texts[0])
        #expect(back?.minorUnits == custom.minorUnits)
    }

    @Test("formatting from many tasks at once gives the same texts")
    func concurrent() async {
        // Given amounts in several locales, formatted once from one task
        let locales = ["ru_RU", "en_US", "fr_FR", "ar_EG", "hi_IN"].map(Locale.init(identifier:))
        let amounts = MoneySamples.minorUnits.prefix(40).map { Money(minorUnits: $0, currency: .eur) }
        let expected = locales.map { locale in amounts.map { MoneySamples.foundationText($0, locale: locale) } }

        // When eight tasks format them all at the same time
        let results = await withTaskGroup(of: [[String]].self) { group in
            for _ in 0..<8 {
                group.addTask { locales.map { locale in amounts.map { $0.formatted(locale: locale) } } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        // Then every task got Foundation's texts
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }
}
