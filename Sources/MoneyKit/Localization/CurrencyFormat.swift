import Foundation

/// How Foundation's currency format style writes the amounts of one currency in one locale, learned
/// from its own output (see `CurrencyFormat+Learning.swift`), so that `Money.formatted(locale:)` can
/// write the same bytes itself.
///
/// Foundation's text is a prefix and a suffix that depend on the sign only (`-`, `$`, `₽`, bidi
/// marks, the spaces between symbol and number), around the magnitude's digits in the locale's
/// script, grouped from the decimal separator in a first group and then groups of another size, and
/// only once the integer part has enough digits. A format is used only after it has written a set of
/// check amounts exactly as Foundation does.
struct CurrencyFormat: Sendable {
    /// The UTF-8 of what comes before a positive amount's digits (`$` in en_US, nothing in ru_RU).
    var positivePrefix: [UInt8]
    /// The UTF-8 of what follows a positive amount's digits (a no-break space and `₽` in ru_RU).
    var positiveSuffix: [UInt8]
    /// The UTF-8 of what comes before a negative amount's digits (`-$`, or marks and `-` in ar).
    var negativePrefix: [UInt8]
    /// The UTF-8 of what follows a negative amount's digits.
    var negativeSuffix: [UInt8]
    /// The UTF-8 of the digits 0 to 9 in the locale's script, `digitWidth` bytes each.
    var digits: [UInt8]
    /// The UTF-8 length of each digit.
    var digitWidth: Int
    /// The UTF-8 of the decimal separator; unused without fraction digits.
    var decimalSeparator: [UInt8]
    /// The UTF-8 of the grouping separator; empty when the locale does not group.
    var groupingSeparator: [UInt8]
    /// How many digits the group next to the decimal separator has (3).
    var primaryGroupSize: Int
    /// How many digits each group before it has (3, or 2 for `1,23,45,678`).
    var secondaryGroupSize: Int
    /// How many digits must come before the first separator for the amount to be grouped at all
    /// (1; 2 where `1234` is written ungrouped, as in es_ES and pl_PL).
    var minimumGroupingDigits: Int
    /// How many fraction digits are written: the currency's minor-unit digits.
    var fractionDigits: Int

    /// The amount of `minorUnits` minor units as Foundation's currency format style writes it.
    ///
    /// - Parameter minorUnits: The amount in minor units.
    /// - Returns: The formatted amount.
    func text(minorUnits: Int64) -> String {
        let isNegative = minorUnits < 0
        var magnitude = minorUnits.magnitude
        // 20 decimal digits hold any UInt64, and at least fractionDigits + 1 (at most 19) are written.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { decimal in
            var start = 20
            repeat {
                start -= 1
                decimal[start] = UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            while 20 - start <= fractionDigits {
                start -= 1
                decimal[start] = 0
            }
            return text(
                digits: UnsafeBufferPointer(rebasing: decimal[start...]),
                prefix: isNegative ? negativePrefix : positivePrefix,
                suffix: isNegative ? negativeSuffix : positiveSuffix
            )
        }
    }

    /// The text of decimal digit values (most significant first, at least one integer digit) between
    /// a prefix and a suffix.
    private func text(digits values: UnsafeBufferPointer<UInt8>, prefix: [UInt8], suffix: [UInt8]) -> String {
        let integerCount = values.count - fractionDigits
        let grouped = !groupingSeparator.isEmpty && integerCount - primaryGroupSize >= minimumGroupingDigits
        var separatorCount = 0
        if grouped {
            for position in 1..<integerCount where isGroupBoundary(position) { separatorCount += 1 }
        }
        let size =
            prefix.count + values.count * digitWidth + separatorCount * groupingSeparator.count
            + (fractionDigits > 0 ? decimalSeparator.count : 0) + suffix.count
        return String(unsafeUninitializedCapacity: size) { output in
            var written = 0
            func append(_ bytes: [UInt8]) {
                for byte in bytes {
                    output[written] = byte
                    written += 1
                }
            }
            func appendDigit(_ value: UInt8) {
                let first = Int(value) * digitWidth
                for index in first..<first + digitWidth {
                    output[written] = digits[index]
                    written += 1
                }
            }
            append(prefix)
            for index in 0..<integerCount {
                appendDigit(values[index])
                let position = integerCount - 1 - index
                if grouped, position > 0, isGroupBoundary(position) { append(groupingSeparator) }
            }
            if fractionDigits > 0 {
                append(decimalSeparator)
                for index in integerCount..<values.count { appendDigit(values[index]) }
            }
            append(suffix)
            return written
        }
    }

    /// Whether a grouping separator stands between the integer digits with `position` digits to its
    /// right and the one before it.
    private func isGroupBoundary(_ position: Int) -> Bool {
        position == primaryGroupSize
            || (position > primaryGroupSize && (position - primaryGroupSize) % secondaryGroupSize == 0)
    }
}
