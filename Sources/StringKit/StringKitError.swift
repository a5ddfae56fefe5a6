public import Foundation

/// Every error StringKit throws.
public enum StringKitError: Error, Sendable, Hashable {
    /// Text that should be a number is not one; `text` is what was given.
    case invalidNumber(_ text: String, reason: NumberFailureReason)

    /// Why a number could not be read.
    public enum NumberFailureReason: Sendable, Hashable {
        /// The text was empty or only spaces.
        case empty
        /// A sign, decimal point or exponent marker had no digits after it (or there were none before).
        case missingDigits
        /// Characters other than digits, one sign, one `.` and a `c`/`e` exponent, starting here.
        case unexpectedCharacter(String)
        /// The compact exponent was above 64.
        case exponentTooLarge
    }
}

// MARK: - LocalizedError

extension StringKitError: LocalizedError {
    /// A one-line description of what was wrong.
    public var errorDescription: String? {
        switch self {
        case .invalidNumber(let text, let reason):
            "'\(text)' is not a number: \(reason.explanation)"
        }
    }
}

extension StringKitError.NumberFailureReason {
    var explanation: String {
        switch self {
        case .empty: "the text is empty"
        case .missingDigits: "digits are missing"
        case .unexpectedCharacter(let rest): "unexpected '\(rest)'"
        case .exponentTooLarge: "the exponent is above 64"
        }
    }
}
