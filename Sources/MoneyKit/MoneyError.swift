public import Foundation

/// Every error MoneyKit throws.
public enum MoneyError: Error, Sendable, Hashable {
    /// Two amounts in different currencies were added, subtracted or compared for an operation.
    case currencyMismatch(Currency, Currency)
    /// A result does not fit in `Int64` minor units (about ±92 quadrillion roubles).
    case overflow
    /// Text could not be read as an amount; `text` is what was given.
    case invalidAmount(_ text: String, reason: AmountFailureReason)
    /// A currency code is not in the table.
    case unknownCurrency(String)
    /// An allocation was asked for with unusable ratios or parts.
    case invalidAllocation(AllocationFailureReason)

    /// Why text could not be read as an amount.
    public enum AmountFailureReason: Sendable, Hashable {
        /// There were no digits.
        case noDigits
        /// A character that is neither a digit, a separator, a sign nor the currency's symbol or code.
        case unexpectedCharacter(Character)
        /// More than one decimal separator, or a decimal separator before a grouping separator.
        case misplacedSeparator
        /// Grouping separators that do not split the integer digits into groups of three.
        case badGrouping
        /// More fraction digits than the currency has minor units (`digits` is how many it allows).
        case tooManyFractionDigits(allowed: Int)
        /// More than one sign.
        case repeatedSign
        /// The amount does not fit in `Int64` minor units.
        case tooLarge
    }

    /// Why an allocation could not be made.
    public enum AllocationFailureReason: Sendable, Hashable {
        /// No ratios, or no parts, were given.
        case empty
        /// A ratio was negative.
        case negativeRatio
        /// Every ratio was zero.
        case zeroTotal
    }
}

// MARK: - LocalizedError

extension MoneyError: LocalizedError {
    /// A one-line description of what went wrong.
    public var errorDescription: String? {
        switch self {
        case .currencyMismatch(let left, let right):
            "cannot combine \(left.code) with \(right.code)"
        case .overflow:
            "the amount does not fit in 64-bit minor units"
        case .invalidAmount(let text, let reason):
            "'\(text)' is not an amount: \(reason.explanation)"
        case .unknownCurrency(let code):
            "'\(code)' is not a known ISO 4217 currency code"
        case .invalidAllocation(let reason):
            "cannot allocate: \(reason.explanation)"
        }
    }
}

extension MoneyError.AmountFailureReason {
    var explanation: String {
        switch self {
        case .noDigits: "there are no digits"
        case .unexpectedCharacter(let character): "unexpected '\(character)'"
        case .misplacedSeparator: "a decimal separator is repeated or misplaced"
        case .badGrouping: "digit groups are not of three"
        case .tooManyFractionDigits(let allowed): "the currency allows \(allowed) fraction digits"
        case .repeatedSign: "more than one sign"
        case .tooLarge: "the amount is too large"
        }
    }
}

extension MoneyError.AllocationFailureReason {
    var explanation: String {
        switch self {
        case .empty: "no ratios or parts"
        case .negativeRatio: "a ratio is negative"
        case .zeroTotal: "the ratios add up to zero"
        }
    }
}
