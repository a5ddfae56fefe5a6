public import Foundation

extension PluralOperands {
    /// Reads the operands of a number written as text: `"5"`, `"-1.50"`, or compact `"1.2c3"` (1200).
    ///
    /// Leading and trailing spaces and one leading `-` or `+` are allowed; the digits must be ASCII, with
    /// `.` as the decimal separator.
    ///
    /// - Parameter text: The number as written; trailing fraction zeros are significant.
    /// - Throws: ``StringKitError/invalidNumber(_:reason:)`` when the text is not such a number.
    public init(parsing text: String) throws(StringKitError) {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        var parts = try Self.split(scalars, text: text)
        if parts.exponent > 0 {
            let moved = min(parts.exponent, parts.fraction.count)
            parts.integer += parts.fraction.prefix(moved)
            parts.fraction.removeFirst(moved)
            parts.integer += Array(repeating: UInt8(ascii: "0"), count: parts.exponent - moved)
        }
        var trimmed = parts.fraction
        while trimmed.last == UInt8(ascii: "0") { trimmed.removeLast() }
        self.init(
            i: Self.value(of: parts.integer),
            v: UInt64(parts.fraction.count),
            w: UInt64(trimmed.count),
            f: Self.value(of: parts.fraction),
            t: Self.value(of: trimmed),
            e: UInt64(parts.exponent)
        )
    }

    /// Creates the operands of a `Decimal` from its plain description (`Decimal` does not keep
    /// trailing fraction zeros, so pass a `String` when `1.0` must differ from `1`).
    ///
    /// - Parameter number: Any finite decimal; NaN reads as zero.
    public init(_ number: Decimal) {
        let parsed = try? PluralOperands(parsing: number.description)
        self = parsed ?? PluralOperands(0)
    }

    /// The largest compact exponent accepted, far above any that CLDR's rules distinguish.
    static let maximumExponent = 64

    private struct Parts {
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var exponent = 0
    }

    private static func split(_ scalars: [UInt8], text: String) throws(StringKitError) -> Parts {
        var parts = Parts()
        var index = 0
        if index < scalars.count, scalars[index] == UInt8(ascii: "-") || scalars[index] == UInt8(ascii: "+") {
            index += 1
        }
        parts.integer = digits(in: scalars, from: &index)
        guard !parts.integer.isEmpty else {
            throw .invalidNumber(text, reason: scalars.isEmpty ? .empty : .missingDigits)
        }
        if index < scalars.count, scalars[index] == UInt8(ascii: ".") {
            index += 1
            parts.fraction = digits(in: scalars, from: &index)
            guard !parts.fraction.isEmpty else { throw .invalidNumber(text, reason: .missingDigits) }
        }
        if index < scalars.count, scalars[index] == UInt8(ascii: "c") || scalars[index] == UInt8(ascii: "e") {
            index += 1
            let exponent = digits(in: scalars, from: &index)
            guard !exponent.isEmpty else { throw .invalidNumber(text, reason: .missingDigits) }
            guard exponent.count <= 2, Int(value(of: exponent)) <= maximumExponent else {
                throw .invalidNumber(text, reason: .exponentTooLarge)
            }
            parts.exponent = Int(value(of: exponent))
        }
        guard index == scalars.count else {
            throw .invalidNumber(text, reason: .unexpectedCharacter(String(decoding: scalars[index...], as: UTF8.self)))
        }
        return parts
    }

    private static func digits(in scalars: [UInt8], from index: inout Int) -> [UInt8] {
        let start = index
        while index < scalars.count, scalars[index] >= UInt8(ascii: "0"), scalars[index] <= UInt8(ascii: "9") {
            index += 1
        }
        return Array(scalars[start..<index])
    }

    /// The value of ASCII digits, folded above ``limit`` when there are more than 18 significant ones.
    private static func value(of digits: [UInt8]) -> UInt64 {
        var significant = digits.drop { $0 == UInt8(ascii: "0") }
        let isLarge = significant.count > 18
        if isLarge { significant = significant.suffix(18) }
        var value: UInt64 = 0
        for digit in significant {
            value = value * 10 + UInt64(digit - UInt8(ascii: "0"))
        }
        return isLarge ? limit + value : value
    }
}
