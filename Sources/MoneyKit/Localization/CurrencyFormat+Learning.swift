import Foundation

extension CurrencyFormat {
    /// Formats learned so far, by locale and currency; nil where Foundation's output did not fit.
    private static let learned = LocalizedCache<CurrencyFormat>(capacity: 256)

    /// The format for a locale and currency, learned on first use; nil when `Money.formatted(locale:)`
    /// must ask Foundation (the output did not fit the model, or the locale is the auto-updating one).
    ///
    /// - Parameters:
    ///   - locale:   The locale.
    ///   - currency: The currency.
    /// - Returns: The format, or nil.
    static func cached(for locale: Locale, _ currency: Currency) -> CurrencyFormat? {
        learned.value(for: locale, currency) { locale, currency in
            locale.flatMap { CurrencyFormat(learningFrom: $0, currency: currency) }
        }
    }

    /// Foundation's text for an amount: what `Money.formatted(locale:)` returns, byte for byte.
    ///
    /// - Parameters:
    ///   - minorUnits: The amount in minor units.
    ///   - currency:   The currency.
    ///   - locale:     The locale.
    /// - Returns: The formatted amount.
    static func foundationText(minorUnits: Int64, currency: Currency, locale: Locale) -> String {
        Money(minorUnits: minorUnits, currency: currency).amount.formatted(
            .currency(code: currency.code)
                .locale(locale)
                .precision(.fractionLength(currency.minorUnitDigits))
        )
    }

    /// Learns the format from Foundation's text for an amount and its negative, then checks it on
    /// amounts of every length that fits, both signs, zero and the extremes.
    ///
    /// - Parameters:
    ///   - locale:   The locale.
    ///   - currency: The currency.
    init?(learningFrom locale: Locale, currency: Currency) {
        let fractionDigits = currency.minorUnitDigits
        let probe = Self.learningAmount(fractionDigits: fractionDigits)
        let expected = Array(String(probe).utf8).map { $0 - UInt8(ascii: "0") }
        guard
            let positive = Self.parts(of: Self.foundationText(minorUnits: probe, currency: currency, locale: locale)),
            let negative = Self.parts(of: Self.foundationText(minorUnits: -probe, currency: currency, locale: locale)),
            positive.number == negative.number,
            let number = NumberLayout(positive.number, expected: expected, fractionDigits: fractionDigits)
        else { return nil }
        let checks = Self.checkAmounts(fractionDigits: fractionDigits)
        for minimumGroupingDigits in 1...2 {
            let format = CurrencyFormat(
                positivePrefix: Array(positive.prefix.utf8), positiveSuffix: Array(positive.suffix.utf8),
                negativePrefix: Array(negative.prefix.utf8), negativeSuffix: Array(negative.suffix.utf8),
                digits: number.digits, digitWidth: number.digitWidth,
                decimalSeparator: Array(number.decimalSeparator.utf8),
                groupingSeparator: Array(number.groupingSeparator.utf8),
                primaryGroupSize: number.primaryGroupSize, secondaryGroupSize: number.secondaryGroupSize,
                minimumGroupingDigits: minimumGroupingDigits, fractionDigits: fractionDigits
            )
            // Compared as UTF-8: String's == would let canonically equivalent spellings pass.
            let agrees = checks.allSatisfy { units in
                format.text(minorUnits: units).utf8.elementsEqual(
                    Self.foundationText(minorUnits: units, currency: currency, locale: locale).utf8)
            }
            if agrees {
                self = format
                return
            }
        }
        return nil
    }

    /// A positive amount whose integer part has as many digits as fit (up to ten, so that the first
    /// and later groups both show) and whose digits are not all alike: `1234567890.12` for two digits.
    private static func learningAmount(fractionDigits: Int) -> Int64 {
        let integerDigits = min(10, 19 - fractionDigits)
        var text = String("1234567890".prefix(integerDigits))
        for index in 0..<fractionDigits { text.append(Character(String((index + 1) % 10))) }
        return Int64(text) ?? 1
    }

    /// Amounts a learned format must write exactly as Foundation does: zero, one minor unit, the
    /// extremes, and for every length of integer part that fits, one amount of each sign.
    private static func checkAmounts(fractionDigits: Int) -> [Int64] {
        var amounts: [Int64] = [0, 1, -1, .max, .min, .min + 1]
        var scale: Int64 = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let fraction = Int64("5049382716172839405".prefix(fractionDigits)) ?? 0
        for length in 1...19 {
            // Mixed digits of this length, or else the smallest such integer part, while one fits.
            let integers = [
                String("9876543210987654321".prefix(length)), "1" + String(repeating: "0", count: length - 1),
            ]
            let fitting = integers.lazy.compactMap { integer -> Int64? in
                guard let integer = Int64(integer) else { return nil }
                let (scaled, overflow) = integer.multipliedReportingOverflow(by: scale)
                let (amount, overflowAgain) = scaled.addingReportingOverflow(fraction)
                return overflow || overflowAgain ? nil : amount
            }
            guard let amount = fitting.first else { break }
            amounts += [amount, -amount]
        }
        return amounts
    }

    /// Foundation's text split at its first and last digit: prefix, number and suffix.
    private static func parts(of text: String) -> (prefix: String, number: String, suffix: String)? {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.firstIndex(where: { $0.decimalDigitValue != nil }),
            let last = scalars.lastIndex(where: { $0.decimalDigitValue != nil })
        else { return nil }
        func string(_ range: Range<Int>) -> String {
            var result = ""
            result.unicodeScalars.append(contentsOf: scalars[range])
            return result
        }
        return (string(0..<first), string(first..<last + 1), string(last + 1..<scalars.count))
    }
}

// MARK: - NumberLayout

/// The digits, separators and group sizes read from the number part of Foundation's text for a
/// known amount.
private struct NumberLayout {
    var digits: [UInt8] = []
    var digitWidth = 1
    var decimalSeparator = ""
    var groupingSeparator = ""
    var primaryGroupSize = 3
    var secondaryGroupSize = 3

    /// Reads the layout; nil when the text does not spell `expected` (the amount's decimal digits)
    /// in runs of one script's digits split by separators as the model expects.
    init?(_ number: String, expected: [UInt8], fractionDigits: Int) {
        var runs: [Int] = [0]
        var separators: [String] = []
        var values: [UInt8] = []
        var zero: UInt32?
        for scalar in number.unicodeScalars {
            if let value = scalar.decimalDigitValue {
                let scalarZero = scalar.value - value
                guard zero == nil || zero == scalarZero else { return nil }
                zero = scalarZero
                values.append(UInt8(value))
                runs[runs.count - 1] += 1
            } else if runs[runs.count - 1] > 0 {
                separators.append(String(scalar))
                runs.append(0)
            } else {
                separators[separators.count - 1].unicodeScalars.append(scalar)
            }
        }
        guard let zero, values == expected, !separators.contains(where: { $0.isEmpty }) else { return nil }
        for value in UInt32(0)...9 {
            guard let digit = Unicode.Scalar(zero + value), digit.decimalDigitValue == value else { return nil }
            let bytes = Array(String(digit).utf8)
            guard value == 0 || bytes.count == digitWidth else { return nil }
            digitWidth = bytes.count
            digits += bytes
        }
        var integerRuns = runs
        if fractionDigits > 0 {
            guard runs.count >= 2, runs[runs.count - 1] == fractionDigits, let decimal = separators.popLast() else {
                return nil
            }
            decimalSeparator = decimal
            integerRuns.removeLast()
        }
        guard integerRuns.count > 1 else { return }
        guard let grouping = separators.first, separators.allSatisfy({ $0 == grouping }) else { return nil }
        groupingSeparator = grouping
        primaryGroupSize = integerRuns[integerRuns.count - 1]
        secondaryGroupSize = integerRuns.count > 2 ? integerRuns[integerRuns.count - 2] : primaryGroupSize
        guard integerRuns.dropFirst().dropLast().allSatisfy({ $0 == secondaryGroupSize }),
            (1...secondaryGroupSize).contains(integerRuns[0])
        else { return nil }
    }
}
