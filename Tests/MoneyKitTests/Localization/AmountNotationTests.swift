import Foundation
import InternalServiceUtilities
import MoneyKit
import Testing

@Suite("Money(parsing:) reads scalars as the reference reading reads Characters")
struct AmountNotationTests {
    /// Pieces that random texts are made of: digits of several scripts, every separator and space,
    /// signs, symbols and codes, bidi marks, and what must never be read on the fast path (combining
    /// marks, a canonical twin, CR LF, a tab, letters).
    static let pieces = [
        "0", "1", "2", "3", "5", "7", "9", "00", "123", "٠", "١", "٥", "۳", "၁", "０", "１", ",", ".", " ", "\u{00A0}",
        "\u{202F}", "\u{2009}", "’", "'", "٫", "٬", "-", "\u{2212}", "+", "₽", "$", "€", "¥", "₹", "₪", "RUB", "USD",
        "EUR", "CHF", "KWD", "ABC", "ج.م.", "د.ك.", "ریال", "\u{200F}", "\u{200E}", "\u{061C}", "a", "e", "\u{301}",
        "e\u{301}", "\u{212B}", "Å", "\r\n", "\t", "\n",
    ]

    @Test("formatted amounts read back, from scalars, as the reference reads them", arguments: MoneySamples.locales)
    func formattedTexts(identifier: String) {
        // Given amounts of every length and sign formatted in a locale
        let locale = Locale(identifier: identifier)
        var problems: [String] = []
        for currency in MoneySamples.currencies {
            for units in MoneySamples.minorUnits {
                let money = Money(minorUnits: units, currency: currency)
                let text = money.formatted(locale: locale)

                // When each text is read, and read by the reference reading alone
                let read = Result { () throws(MoneyError) in
                    try Money(parsing: text, currency: currency, locale: locale)
                }
                let reference = Result { () throws(MoneyError) in
                    try Money(referenceParsing: text, currency: currency, locale: locale)
                }

                // Then both give the amount back (but for Int64.min, whose magnitude the reading has
                // never held: both call it too large), and the scalar reading gave it
                let expected: Result<Money, MoneyError> =
                    units == .min ? .failure(.invalidAmount(text, reason: .tooLarge)) : .success(money)
                if read != expected || reference != expected {
                    problems.append("\(text.debugDescription): \(read) vs reference \(reference)")
                } else if units != .min, !Money.readsFromScalars(text, currency: currency, locale: locale) {
                    problems.append("\(text.debugDescription) was left to the reference reading")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems, such as \(problems.prefix(5))")
    }

    @Test("random texts give the reference's amount or the reference's error", arguments: MoneySamples.locales)
    func randomTexts(identifier: String) {
        // Given texts made of digits, separators, signs, symbols, marks and letters in any order
        let locale = Locale(identifier: identifier)
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: identifier.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
        var differences: [String] = []
        for index in 0..<1_500 {
            let currency = MoneySamples.currencies[index % MoneySamples.currencies.count]
            let count = Int.random(in: 0...9, using: &generator)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()

            // When each is read, and read by the reference reading alone
            let read = Result { () throws(MoneyError) in try Money(parsing: text, currency: currency, locale: locale) }
            let reference = Result { () throws(MoneyError) in
                try Money(referenceParsing: text, currency: currency, locale: locale)
            }

            // Then the results are the same, amounts and errors with their reasons alike
            if read != reference { differences.append("\(text.debugDescription): \(read) vs \(reference)") }
        }
        #expect(differences.isEmpty, "\(differences.count) differ, such as \(differences.prefix(5))")
    }

    @Test(
        "texts people type give the reference's result",
        arguments: [
            "1 234,56 ₽", "1\u{00A0}234,56\u{00A0}₽", "1\u{202F}234,56", "1\u{2009}234.5", "-1 234,56 RUB", "₽ -12",
            "- ₽ 12", "+12", "+-12", "--12", "−0,05", "12,", ",5", ".5", "12.345,67", "1.234.567", "12 34", "1 2345",
            "₽", "", " ", "RUB", "12 ₽ ₽", "₽12₽", "12RUB", "\u{200F}12\u{200F}", "12\u{301}", "１２", "١٢٣",
            "92233720368547758,07", "92233720368547758,08", "-92233720368547758,07", "0,001", "00000,10",
        ]
    )
    func typed(text: String) {
        // Given something typed in ru_RU, en_US and de_DE, for roubles, dollars, yen and dinars
        for (identifier, currency) in [("ru_RU", Currency.rub), ("en_US", .usd), ("de_DE", .eur), ("en_US", .jpy)]
            + [("ar_KW", Currency.kwd)]
        {
            let locale = Locale(identifier: identifier)

            // When it is read, and read by the reference reading alone
            let read = Result { () throws(MoneyError) in try Money(parsing: text, currency: currency, locale: locale) }
            let reference = Result { () throws(MoneyError) in
                try Money(referenceParsing: text, currency: currency, locale: locale)
            }

            // Then both give the same amount or the same error
            #expect(read == reference, "\(text.debugDescription) in \(identifier)")
        }
    }

    @Test("plain amounts (no locale) give the reference's result")
    func plain() {
        // Given plain texts, good and bad, and random ones
        var generator = SplitMix64(seed: 2_024)
        var texts = [
            "12.34", "-0.5", "+1", " 12 ", "1,234.00", "12.345", "12 USD", "USD-1", "−3", "0.001", "1e5", "",
            "9223372036854775807", "92233720368547758.07", "92233720368547758.08",
        ]
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...8, using: &generator)
            texts.append((0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined())
        }
        for (index, text) in texts.enumerated() {
            let currency = MoneySamples.currencies[index % MoneySamples.currencies.count]

            // When each is read as a plain amount, and by the reference reading alone
            let read = Result { () throws(MoneyError) in try Money(amount: text, currency: currency) }
            let reference = Result { () throws(MoneyError) in
                try Money(referenceParsing: text, currency: currency, locale: nil)
            }

            // Then the results are the same
            #expect(read == reference, "\(text.debugDescription) in \(currency.code)")
        }
    }

    @Test(
        "text with combining marks, canonical twins, other scripts' digits or controls goes to the reference",
        arguments: ["12\u{301}", "e\u{301}12", "\u{212B}12", "１２", "12\r\n", "\t12", "12\n", "١٢"]
    )
    func leftToReference(text: String) {
        // Given text the scalar reading cannot vouch for in en_US
        let locale = Locale(identifier: "en_US")

        // When asked whether it is read from scalars
        let fromScalars = Money.readsFromScalars(text, currency: .usd, locale: locale)

        // Then it is not: the reference reading reads it
        #expect(!fromScalars)
    }
}
