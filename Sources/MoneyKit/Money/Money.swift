public import Foundation

/// An exact amount of money: a whole number of minor units (kopecks, cents) in a ``Currency``.
///
/// Every operation is overflow-checked and throws ``MoneyError`` instead of trapping; amounts in
/// different currencies never mix silently.
///
/// ```swift
/// let price = try Money(amount: "19.99", currency: .usd)
/// let total = try price.multiplied(by: 3)                 // 59.97 USD
/// let shares = try Money(minorUnits: 100_00, currency: .rub).split(into: 3)  // 33.34, 33.33, 33.33
/// ```
public struct Money: Sendable, Hashable {
    /// The amount in minor units: 1234 for 12.34 RUB.
    public let minorUnits: Int64
    /// The currency.
    public let currency: Currency

    /// Creates an amount from minor units.
    ///
    /// - Parameters:
    ///   - minorUnits: Kopecks, cents…: `1234` is 12.34 in a two-digit currency.
    ///   - currency:   The currency.
    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Creates an amount from a decimal that must not have more fraction digits than the currency.
    ///
    /// - Parameters:
    ///   - amount:   The amount in major units, such as `12.34`.
    ///   - currency: The currency.
    /// - Throws: ``MoneyError/invalidAmount(_:reason:)`` with `tooManyFractionDigits` when the amount
    ///   needs rounding, ``MoneyError/overflow`` when it does not fit.
    public init(exactly amount: Decimal, currency: Currency) throws(MoneyError) {
        let scaled = amount * Decimal(currency.minorUnitsPerMajorUnit)
        let rounded = try scaled.roundedToInteger(.down)
        guard rounded == scaled else {
            throw .invalidAmount(amount.description, reason: .tooManyFractionDigits(allowed: currency.minorUnitDigits))
        }
        self.init(minorUnits: try rounded.exactInt64(), currency: currency)
    }

    /// Creates an amount from a decimal, rounding it to the currency's minor units.
    ///
    /// - Parameters:
    ///   - amount:   The amount in major units.
    ///   - currency: The currency.
    ///   - rounding: How to round extra fraction digits; banker's rounding by default.
    /// - Throws: ``MoneyError/overflow`` when the amount does not fit.
    public init(rounding amount: Decimal, currency: Currency, rule rounding: MoneyRounding = .halfEven)
        throws(MoneyError)
    {
        let scaled = amount * Decimal(currency.minorUnitsPerMajorUnit)
        self.init(minorUnits: try scaled.roundedToInteger(rounding).exactInt64(), currency: currency)
    }

    /// Reads a plain amount such as `"12.34"` or `"-0.5"` (`.` as decimal separator, no grouping).
    ///
    /// - Parameters:
    ///   - amount:   The amount in major units as text.
    ///   - currency: The currency.
    /// - Throws: ``MoneyError/invalidAmount(_:reason:)`` when the text is not such an amount or has too
    ///   many fraction digits.
    public init(amount: String, currency: Currency) throws(MoneyError) {
        self = try MoneyParser(locale: nil).parse(amount, currency: currency)
    }

    /// The amount in major units, exactly: `12.34` for 1234 kopecks.
    public var amount: Decimal {
        Decimal(
            sign: minorUnits < 0 ? .minus : .plus,
            exponent: -currency.minorUnitDigits,
            significand: Decimal(minorUnits.magnitude)
        )
    }

    /// Zero in a currency.
    ///
    /// - Parameter currency: The currency.
    /// - Returns: An amount of zero minor units.
    public static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// Whether the amount is zero.
    public var isZero: Bool { minorUnits == 0 }

    /// Whether the amount is below zero.
    public var isNegative: Bool { minorUnits < 0 }
}
