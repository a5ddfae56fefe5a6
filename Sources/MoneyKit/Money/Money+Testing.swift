package import Foundation

extension Money {
    /// Whether ``formatted(locale:)`` writes amounts of a currency in a locale without Foundation.
    ///
    /// - Parameters:
    ///   - currency: The currency.
    ///   - locale:   The locale.
    /// - Returns: True when a layout was learned and passed its checks.
    package static func formatsWithoutFoundation(_ currency: Currency, locale: Locale) -> Bool {
        CurrencyFormat.cached(for: locale, currency) != nil
    }

}
