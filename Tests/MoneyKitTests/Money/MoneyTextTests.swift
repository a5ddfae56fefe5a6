import Foundation
import MoneyKit
import Testing

@Suite("Money parsing, formatting and Codable")
struct MoneyTextTests {
    static let russia = Locale(identifier: "ru_RU")
    static let usa = Locale(identifier: "en_US")
    static let germany = Locale(identifier: "de_DE")

    @Test(
        "user text in three locales",
        arguments: [
            ("1\u{00A0}234,56\u{00A0}₽", "ru_RU", "RUB", Int64(123_456)), ("1 234,56 ₽", "ru_RU", "RUB", 123_456),
            ("-12,5", "ru_RU", "RUB", -1_250), ("12.5", "ru_RU", "RUB", 1_250), ("1234 RUB", "ru_RU", "RUB", 123_400),
            ("$1,234.56", "en_US", "USD", 123_456), ("-$1,234.56", "en_US", "USD", -123_456),
            ("-12.5", "en_US", "USD", -1_250), ("\u{2212}0.05", "en_US", "USD", -5), ("USD 7", "en_US", "USD", 700),
            ("1.234,56 €", "de_DE", "EUR", 123_456), ("-12,5", "de_DE", "EUR", -1_250),
            ("¥1,235", "ja_JP", "JPY", 1_235),
        ]
    )
    func parsing(text: String, locale: String, code: String, units: Int64) throws {
        // Given text typed in a locale
        let currency = try #require(Currency(code: code))
        // When it is parsed
        let money = try Money(parsing: text, currency: currency, locale: Locale(identifier: locale))
        // Then every minor unit is kept
        #expect(money == Money(minorUnits: units, currency: currency))
    }

    @Test(
        "bad text is rejected with a reason",
        arguments: [
            ("12.345", "en_US"), ("12abc", "en_US"), ("1.234.56", "en_US"), ("12.34.5", "en_US"), ("", "en_US"),
            ("123456789012345678901234567890", "en_US"), ("1,23,4", "en_US"), ("--5", "en_US"), ("5-", "en_US"),
            ("1,234,56", "ru_RU"), ("12,5", "en_US"), ("1.234,567 €", "de_DE"), ("12.5", "de_DE"), ("$", "en_US"),
            ("1e5", "en_US"), ("0x10", "en_US"), ("12.", "en_US"),
        ]
    )
    func rejection(text: String, locale: String) {
        let currency: Currency = locale == "de_DE" ? .eur : locale == "ru_RU" ? .rub : .usd
        #expect(throws: MoneyError.self) {
            try Money(parsing: text, currency: currency, locale: Locale(identifier: locale))
        }
    }

    @Test("too many fraction digits names the currency's allowance")
    func fractionDigits() {
        #expect(throws: MoneyError.invalidAmount("5.5", reason: .tooManyFractionDigits(allowed: 0))) {
            try Money(parsing: "5.5", currency: .jpy, locale: Self.usa)
        }
        #expect(throws: MoneyError.invalidAmount("30abc", reason: .unexpectedCharacter("a"))) {
            try Money(parsing: "30abc", currency: .usd, locale: Self.usa)
        }
        let thirtyDigits = String(repeating: "9", count: 30)
        #expect(throws: MoneyError.invalidAmount(thirtyDigits, reason: .tooLarge)) {
            try Money(parsing: thirtyDigits, currency: .usd, locale: Self.usa)
        }
        #expect(throws: MoneyError.invalidAmount("1.234.56", reason: .misplacedSeparator)) {
            try Money(parsing: "1.234.56", currency: .usd, locale: Self.usa)
        }
    }

    @Test(
        "formatting with Foundation's currency style, and parsing it back",
        arguments: [("ru_RU", "RUB"), ("en_US", "USD"), ("de_DE", "EUR"), ("ja_JP", "JPY"), ("ar_KW", "KWD")]
    )
    func roundTrip(locale: String, code: String) throws {
        // Given amounts in a locale's currency
        let currency = try #require(Currency(code: code))
        let locale = Locale(identifier: locale)
        for units: Int64 in [0, 5, -1_234_567, 123_456_789_012] {
            let money = Money(minorUnits: units, currency: currency)
            // When each is formatted and read back
            let text = money.formatted(locale: locale)
            // Then the amount is unchanged
            #expect(try Money(parsing: text, currency: currency, locale: locale) == money, "\(text)")
        }
    }

    @Test("Indian grouping, as hi_IN and en_IN format amounts, reads back; Western grouping still does")
    func indianGrouping() throws {
        // Given the amount the money-parser fuzz target found (888888.00 CDF in en_IN formats as
        // "CDF 8,88,888.00", which was rejected as bad grouping) and other amounts in Indian locales
        let india = Locale(identifier: "en_IN")
        let found = Money(minorUnits: 88_888_800, currency: try #require(Currency(code: "CDF")))
        let rupees = Money(minorUnits: 1_234_567_890, currency: try #require(Currency(code: "INR")))

        // When they are formatted and read back, and typed by hand
        let foundText = found.formatted(locale: india)
        let parsed = try Money(parsing: foundText, currency: found.currency, locale: india)
        let hindi = Locale(identifier: "hi_IN")
        let rupeesBack = try Money(parsing: rupees.formatted(locale: hindi), currency: rupees.currency, locale: hindi)

        // Then the amounts are unchanged, lakh and Western groups both read, and bad groups fail
        #expect(parsed == found, "\(foundText)")
        #expect(rupeesBack == rupees)
        #expect(try Money(parsing: "1,23,45,678.90", currency: rupees.currency, locale: india) == rupees)
        #expect(try Money(parsing: "12,345,678.90", currency: rupees.currency, locale: india) == rupees)
        for bad in ["1,2,345.00", "12,34,56.00", "123,45,678.00"] {
            #expect(throws: MoneyError.invalidAmount(bad, reason: .badGrouping)) {
                try Money(parsing: bad, currency: rupees.currency, locale: india)
            }
        }
        #expect(throws: MoneyError.invalidAmount("1,23,456", reason: .badGrouping)) {
            try Money(parsing: "1,23,456", currency: .usd, locale: Self.usa)
        }
    }

    @Test("a currency described with a digit code never loses the amount's digits")
    func digitCurrencyCode() throws {
        // Given the currency the money-parser fuzz target described (code "00000000", 8 minor digits),
        // whose code was stripped from the front of "0…08" and from the end of its own plain form
        let currency = Currency(code: "00000000", numericCode: nil, minorUnitDigits: 8)
        let zeros = Currency(code: "0", numericCode: nil, minorUnitDigits: 0)

        // When parsing amounts in it, and the plain form of the result
        let money = try Money(
            parsing: "0000000000000000000008", currency: currency, locale: Locale(identifier: "he_IL"))
        let again = try Money(amount: money.plainAmount, currency: currency)

        // Then the digits are the amount's, and its plain form reads back
        #expect(money == Money(minorUnits: 800_000_000, currency: currency))
        #expect(again == money)
        #expect(try Money(amount: "100", currency: zeros) == Money(minorUnits: 100, currency: zeros))
    }

    @Test("a currency described with a sign or separator code never loses the amount's sign")
    func punctuationCurrencyCode() throws {
        // Given currencies described with codes made of what numbers are written with (the
        // money-parser fuzz target read "-2.000000000000" back as 2 in a currency coded "-")
        for code in ["-", "\u{2212}", "+", ".", ",", "-.", " "] {
            let currency = Currency(code: code, numericCode: nil, minorUnitDigits: 12)

            // When reading negative amounts in it, plainly and for a locale
            let plain = try Money(amount: "-2.000000000000", currency: currency)
            let typed = try Money(parsing: "-2,5", currency: currency, locale: Self.russia)

            // Then the sign and the digits are the amount's, and the plain form reads back
            #expect(plain == Money(minorUnits: -2_000_000_000_000, currency: currency), "code \(code)")
            #expect(typed == Money(minorUnits: -2_500_000_000_000, currency: currency), "code \(code)")
            #expect(try Money(amount: plain.plainAmount, currency: currency) == plain)
        }
    }

    @Test("pinned-locale formatting output")
    func formatting() {
        let money = Money(minorUnits: 123_456, currency: .rub)
        #expect(money.formatted(locale: Self.russia) == "1\u{00A0}234,56\u{00A0}₽")
        #expect(Money(minorUnits: 123_456, currency: .usd).formatted(locale: Self.usa) == "$1,234.56")
        #expect(Money(minorUnits: 123_456, currency: .eur).formatted(locale: Self.germany) == "1.234,56\u{00A0}€")
    }

    @Test("plain amounts and Codable never use floating point")
    func codable() throws {
        let money = Money(minorUnits: -5, currency: .kwd)
        #expect(money.plainAmount == "-0.005")
        #expect(Money(minorUnits: 1_200, currency: .jpy).plainAmount == "1200")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(money)
        #expect(String(decoding: data, as: UTF8.self) == #"{"amount":"-0.005","currency":"KWD"}"#)
        #expect(try JSONDecoder().decode(Money.self, from: data) == money)
        let bad = Data(#"{"amount":"0.0001","currency":"USD"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Money.self, from: bad) }
        let number = Data(#"{"amount":1.5,"currency":"USD"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Money.self, from: number) }
    }
}
