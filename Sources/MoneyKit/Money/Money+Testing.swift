package import Foundation

extension Money {
    /// Reads text with the reference reading only, which ``init(parsing:currency:locale:)`` and
    /// ``init(amount:currency:)`` (with a nil locale) must agree with, amounts and errors alike.
    ///
    /// - Parameters:
    ///   - text:     The text.
    ///   - currency: The currency.
    ///   - locale:   The locale, or nil for the plain notation.
    /// - Throws: What the reference reading throws.
    package init(referenceParsing text: String, currency: Currency, locale: Locale?) throws(MoneyError) {
        self = try MoneyParser(locale: locale).parseReference(text, currency: currency)
    }

    /// Whether ``formatted(locale:)`` writes amounts of a currency in a locale without Foundation.
    ///
    /// - Parameters:
    ///   - currency: The currency.
    ///   - locale:   The locale.
    /// - Returns: True when a layout was learned and passed its checks.
    package static func formatsWithoutFoundation(_ currency: Currency, locale: Locale) -> Bool {
        CurrencyFormat.cached(for: locale, currency) != nil
    }

    /// Whether `text` is read from its scalars rather than by the reference reading.
    ///
    /// - Parameters:
    ///   - text:     The text.
    ///   - currency: The currency.
    ///   - locale:   The locale, or nil for the plain notation.
    /// - Returns: True when the scalar reading gives the amount itself.
    package static func readsFromScalars(_ text: String, currency: Currency, locale: Locale?) -> Bool {
        MoneyParser(locale: locale).scalarReading(text, currency: currency) != nil
    }
}
