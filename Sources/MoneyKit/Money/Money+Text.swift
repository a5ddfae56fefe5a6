public import Foundation

extension Money {
    /// Reads an amount typed for a locale: `"1 234,56 ₽"` (ru_RU), `"$1,234.56"` (en_US),
    /// `"1.234,56 €"` (de_DE), `"-12.5"`.
    ///
    /// Accepted: ASCII or the locale's own digits, the locale's grouping separator between groups of
    /// three, or of two before the last three where the locale groups so (`1,23,456` in `hi_IN`), any
    /// space for locales that group with a space, one decimal separator (also `.` where the
    /// locale uses `,` and groups with spaces), one leading `-`, `−` or `+`, and the currency's code or
    /// local symbol before or after the number. Rejected: letters, repeated or misplaced separators,
    /// more fraction digits than the currency has, and amounts beyond `Int64` minor units.
    ///
    /// - Parameters:
    ///   - text:     What the user typed.
    ///   - currency: The currency the amount is in.
    ///   - locale:   The locale whose separators and symbol to accept; pin it (on Linux
    ///               `Locale.current` is `en_001` whatever `LANG` says).
    /// - Throws: ``MoneyError/invalidAmount(_:reason:)`` saying what was wrong.
    public init(parsing text: String, currency: Currency, locale: Locale) throws(MoneyError) {
        self = try MoneyParser(locale: locale).parse(text, currency: currency)
    }

    /// The amount formatted with Foundation's currency format style for a locale, with exactly the
    /// currency's minor-unit digits: `1 234,56 ₽` for ru_RU, `$1,234.56` for en_US.
    ///
    /// The text is Foundation's, byte for byte; after the first call for a locale and currency it is
    /// usually written without Foundation, from the layout learned from Foundation's own output.
    ///
    /// - Parameter locale: The locale; pin it rather than relying on `Locale.current`.
    /// - Returns: The formatted amount.
    public func formatted(locale: Locale) -> String {
        guard let format = CurrencyFormat.cached(for: locale, currency) else {
            return CurrencyFormat.foundationText(minorUnits: minorUnits, currency: currency, locale: locale)
        }
        return format.text(minorUnits: minorUnits)
    }

    /// The amount as a plain decimal with the currency's digits and `.` as separator: `-1234.50`.
    public var plainAmount: String {
        let digits = currency.minorUnitDigits
        let magnitude = String(minorUnits.magnitude)
        let padded = String(repeating: "0", count: max(0, digits + 1 - magnitude.count)) + magnitude
        let sign = minorUnits < 0 ? "-" : ""
        guard digits > 0 else { return sign + padded }
        return sign + padded.dropLast(digits) + "." + padded.suffix(digits)
    }
}

// MARK: - CustomStringConvertible

extension Money: CustomStringConvertible {
    /// The plain amount and the code: `12.34 RUB`.
    public var description: String { "\(plainAmount) \(currency.code)" }
}
