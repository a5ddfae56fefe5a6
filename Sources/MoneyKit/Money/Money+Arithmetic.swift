public import Foundation

extension Money {
    /// The sum of two amounts in the same currency.
    ///
    /// - Parameter other: An amount in the same currency.
    /// - Returns: The sum.
    /// - Throws: ``MoneyError/currencyMismatch(_:_:)`` for another currency, ``MoneyError/overflow``.
    public func adding(_ other: Money) throws(MoneyError) -> Money {
        try checkCurrency(of: other)
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: sum, currency: currency)
    }

    /// The difference of two amounts in the same currency.
    ///
    /// - Parameter other: An amount in the same currency.
    /// - Returns: `self - other`.
    /// - Throws: ``MoneyError/currencyMismatch(_:_:)`` for another currency, ``MoneyError/overflow``.
    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        try checkCurrency(of: other)
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: difference, currency: currency)
    }

    /// The amount with the opposite sign.
    ///
    /// - Returns: `-self`.
    /// - Throws: ``MoneyError/overflow`` for the most negative amount, which has no opposite.
    public func negated() throws(MoneyError) -> Money {
        let (result, overflow) = Int64(0).subtractingReportingOverflow(minorUnits)
        guard !overflow else { throw .overflow }
        return Money(minorUnits: result, currency: currency)
    }

    /// The amount times a factor, rounded to minor units.
    ///
    /// ```swift
    /// try Money(amount: "10.00", currency: .rub).multiplied(by: Decimal(string: "0.155")!)  // 1.55
    /// ```
    ///
    /// - Parameters:
    ///   - factor:   Any decimal: a quantity, a tax rate, an exchange rate in the same currency.
    ///   - rounding: The rounding rule; banker's rounding (`halfEven`) by default.
    /// - Returns: The product.
    /// - Throws: ``MoneyError/overflow`` when the product does not fit.
    public func multiplied(by factor: Decimal, rounding: MoneyRounding = .halfEven) throws(MoneyError) -> Money {
        let product = Decimal(minorUnits) * factor
        return Money(minorUnits: try product.roundedToInteger(rounding).exactInt64(), currency: currency)
    }

    private func checkCurrency(of other: Money) throws(MoneyError) {
        guard other.currency == currency else { throw .currencyMismatch(currency, other.currency) }
    }
}

// MARK: - Comparable

extension Money: Comparable {
    /// Orders amounts by currency code, then by amount, so that sorting never mixes currencies.
    ///
    /// - Parameters:
    ///   - lhs: An amount.
    ///   - rhs: Another amount.
    /// - Returns: Whether `lhs` comes first.
    public static func < (lhs: Money, rhs: Money) -> Bool {
        if lhs.currency.code != rhs.currency.code { return lhs.currency.code < rhs.currency.code }
        return lhs.minorUnits < rhs.minorUnits
    }
}
