import Foundation

extension Decimal {
    /// This value rounded to a whole number with a money rounding rule.
    func roundedToInteger(_ rule: MoneyRounding) throws(MoneyError) -> Decimal {
        guard isFinite else { throw .overflow }
        var magnitude = self.magnitude
        var truncated = Decimal()
        NSDecimalRound(&truncated, &magnitude, 0, .down)
        let fraction = magnitude - truncated
        let half = Decimal(sign: .plus, exponent: -1, significand: 5)
        let roundsAway: Bool
        switch rule {
        case .down: roundsAway = false
        case .up: roundsAway = fraction > 0
        case .halfUp: roundsAway = fraction >= half
        case .halfEven: roundsAway = fraction > half || (fraction == half && truncated.isOdd)
        }
        let result = roundsAway ? truncated + 1 : truncated
        return self < 0 ? -result : result
    }

    /// This whole number as `Int64`, or an overflow error.
    func exactInt64() throws(MoneyError) -> Int64 {
        guard isFinite, let value = Int64(self.description) else { throw .overflow }
        return value
    }

    /// Whether this whole number is odd.
    private var isOdd: Bool {
        var half = self / 2
        var rounded = Decimal()
        NSDecimalRound(&rounded, &half, 0, .down)
        return rounded != half
    }
}
