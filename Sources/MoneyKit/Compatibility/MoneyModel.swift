/// Roubles and kopecks as two integers (SurfUtils API), with SurfUtils' bugs fixed.
///
/// Both parts carry the amount's sign: −10.50 is `decimal: -10, digit: -50` and −0.05 is
/// `decimal: 0, digit: -5`. `digit` always lies in −99…99. For other currencies and arithmetic
/// beyond addition, convert to ``Money`` with ``money(in:)``.
///
/// ```swift
/// MoneyModel(value: "10.1")?.asString()            // "10.10" (SurfUtils read 10.01)
/// MoneyModel(decimal: 10, digit: 9).asString()     // "10.09"
/// MoneyModel(decimal: 10, digit: 99).add(MoneyModel(decimal: 0, digit: 1)).asString()  // "11"
/// try MoneyModel(decimal: .max, digit: 0).adding(MoneyModel(decimal: 1, digit: 0))  // throws .overflow
/// ```
public struct MoneyModel: Sendable, Hashable {
    /// Whole roubles (the integer part), signed.
    public let decimal: Int
    /// Kopecks (the fraction part), −99…99, with the same sign as ``decimal`` when both are non-zero.
    public let digit: Int

    /// Creates an amount from roubles and kopecks.
    ///
    /// Unlike SurfUtils, `digit` of 100 or more is normalised: whole roubles are carried into
    /// `decimal` (`decimal: 1, digit: 250` is 3.50), and parts with opposite signs are combined
    /// (`decimal: 1, digit: -50` is 0.50). If carrying would overflow `Int`, the amount saturates at
    /// the largest (or smallest) representable one instead of trapping.
    ///
    /// - Parameters:
    ///   - decimal: Roubles.
    ///   - digit:   Kopecks; any value.
    public init(decimal: Int, digit: Int) {
        if let normalized = Self.normalized(decimal: decimal, digit: digit) {
            self = normalized
        } else {
            let isPositive = decimal > 0
            self.init(unchecked: isPositive ? .max : .min, isPositive ? 99 : -99)
        }
    }

    private init(unchecked decimal: Int, _ digit: Int) {
        self.decimal = decimal
        self.digit = digit
    }

    /// Reads `roubles` or `roubles.kopecks` with `.` as the separator, optionally signed.
    ///
    /// `"10"` and `"10.00"` are 10 roubles, `"10.01"` is 10 roubles 1 kopeck, `"10.1"` is 10 roubles
    /// 10 kopecks (SurfUtils read 10.01), `"-0.5"` is minus 50 kopecks. Returns nil for more than two
    /// fraction digits (`"10.100"`), two separators (`"10.00.00"`), a missing part (`"10."`, `".5"`),
    /// anything that is not a number, and amounts beyond `Int` roubles.
    ///
    /// - Parameter value: The amount as text.
    public init?(value: String) {
        var text = Substring(value)
        let isNegative = text.first == "-"
        if text.first == "-" || text.first == "+" { text = text.dropFirst() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy(Self.isDigits) else { return nil }
        guard let roubles = Int(parts[0]) else { return nil }
        var kopecks = 0
        if parts.count == 2 {
            guard parts[1].count <= 2, let fraction = Int(parts[1]) else { return nil }
            kopecks = parts[1].count == 1 ? fraction * 10 : fraction
        }
        self.init(unchecked: isNegative ? -roubles : roubles, isNegative ? -kopecks : kopecks)
    }

    /// The sum of two amounts, with kopecks carried into roubles (SurfUtils API).
    ///
    /// Like SurfUtils' and like `Int`'s `+`, a sum whose roubles do not fit in `Int` stops the program;
    /// use ``adding(_:)`` where the amounts come from outside and overflow must be handled.
    ///
    /// - Parameter money: The amount to add.
    /// - Returns: The sum.
    public func add(_ money: MoneyModel) -> MoneyModel {
        // Both models keep one sign across their parts, so the kopecks sum lies in −198…198 and the
        // roubles overflow here only when the sum itself does not fit: then `+` traps, as documented.
        let kopecks = digit + money.digit
        let roubles = decimal + money.decimal + kopecks / 100
        return Self.signed(roubles, kopecks % 100)
    }

    /// The sum of two amounts, with kopecks carried into roubles, or an error when it does not fit.
    ///
    /// - Parameter money: The amount to add.
    /// - Returns: The sum.
    /// - Throws: ``MoneyError/overflow`` when the roubles do not fit in `Int`.
    public func adding(_ money: MoneyModel) throws(MoneyError) -> MoneyModel {
        let (roubles, overflow) = decimal.addingReportingOverflow(money.decimal)
        guard !overflow, let sum = Self.normalized(decimal: roubles, digit: digit + money.digit) else {
            throw .overflow
        }
        return sum
    }

    /// The amount as `roubles.kopecks`, or just `roubles` when there are no kopecks: `"10"`, `"10.09"`,
    /// `"10.99"`, `"-0.50"`.
    ///
    /// - Returns: The text.
    public func asString() -> String {
        let sign = decimal < 0 || digit < 0 ? "-" : ""
        guard digit != 0 else { return "\(sign)\(decimal.magnitude)" }
        let kopecks = digit.magnitude < 10 ? "0\(digit.magnitude)" : "\(digit.magnitude)"
        return "\(sign)\(decimal.magnitude).\(kopecks)"
    }

    /// The same amount as a ``Money`` in `currency`: `decimal` whole units and `digit` hundredths,
    /// scaled to the currency's minor unit (thousandths for the Iraqi dinar, none for the yen).
    ///
    /// ```swift
    /// try MoneyModel(decimal: 10, digit: 5).money(in: .rub)                        // 10.05 ₽ (1005 kopecks)
    /// try MoneyModel(decimal: 10, digit: 5).money(in: Currency(code: "IQD")!)      // 10.050 (10050 fils)
    /// ```
    ///
    /// - Parameter currency: The currency; roubles by default.
    /// - Returns: The amount in the currency's minor units.
    /// - Throws: ``MoneyError/overflow`` when it does not fit in `Int64` minor units, and
    ///   ``MoneyError/invalidAmount(_:reason:)`` with `tooManyFractionDigits` when the currency's
    ///   minor unit cannot hold the hundredths (such as 10.05 in yen).
    public func money(in currency: Currency = .rub) throws(MoneyError) -> Money {
        let digits = currency.minorUnitDigits
        var scale: Int64 = 1
        for _ in 0..<digits {
            let (next, overflow) = scale.multipliedReportingOverflow(by: 10)
            guard !overflow else { throw .overflow }
            scale = next
        }
        let fraction: Int64
        if digits >= 2 {
            fraction = Int64(digit) * (scale / 100)
        } else {
            let unitsPerHundred = 100 / scale
            guard Int64(digit) % unitsPerHundred == 0 else {
                throw .invalidAmount(asString(), reason: .tooManyFractionDigits(allowed: digits))
            }
            fraction = Int64(digit) / unitsPerHundred
        }
        let (scaled, overflow1) = Int64(decimal).multipliedReportingOverflow(by: scale)
        let (units, overflow2) = scaled.addingReportingOverflow(fraction)
        guard !overflow1, !overflow2 else { throw .overflow }
        return Money(minorUnits: units, currency: currency)
    }

    /// Carries whole roubles out of `digit` and gives both parts one sign; nil on overflow.
    private static func normalized(decimal: Int, digit: Int) -> MoneyModel? {
        let (roubles, overflow) = decimal.addingReportingOverflow(digit / 100)
        guard !overflow else { return nil }
        return signed(roubles, digit % 100)
    }

    /// Gives roubles and kopecks (−99…99) one sign; moving one rouble toward zero never overflows.
    private static func signed(_ roubles: Int, _ kopecks: Int) -> MoneyModel {
        if roubles > 0 && kopecks < 0 { return MoneyModel(unchecked: roubles - 1, kopecks + 100) }
        if roubles < 0 && kopecks > 0 { return MoneyModel(unchecked: roubles + 1, kopecks - 100) }
        return MoneyModel(unchecked: roubles, kopecks)
    }

    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
