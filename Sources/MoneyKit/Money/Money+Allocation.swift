extension Money {
    /// Splits the amount in proportion to ratios without losing a minor unit: the remainder goes one
    /// unit at a time to the first parts.
    ///
    /// ```swift
    /// try Money(minorUnits: 100, currency: .usd).allocate(ratios: [1, 1, 1])  // 0.34, 0.33, 0.33
    /// try Money(minorUnits: 5, currency: .usd).allocate(ratios: [3, 7])       // 0.02, 0.03
    /// ```
    ///
    /// - Parameter ratios: Non-negative weights, at least one of them above zero.
    /// - Returns: One amount per ratio; they add up to `self` exactly.
    /// - Throws: ``MoneyError/invalidAllocation(_:)`` for empty, negative or all-zero ratios.
    public func allocate(ratios: [Int]) throws(MoneyError) -> [Money] {
        guard !ratios.isEmpty else { throw .invalidAllocation(.empty) }
        guard ratios.allSatisfy({ $0 >= 0 }) else { throw .invalidAllocation(.negativeRatio) }
        var total = 0
        for ratio in ratios {
            let (sum, overflow) = total.addingReportingOverflow(ratio)
            guard !overflow else { throw .overflow }
            total = sum
        }
        guard total > 0 else { throw .invalidAllocation(.zeroTotal) }
        let magnitude = minorUnits.magnitude
        var shares: [UInt64] = []
        var allocated: UInt64 = 0
        for ratio in ratios {
            // magnitude × ratio ÷ total in full width, so that no intermediate overflows.
            let product = magnitude.multipliedFullWidth(by: UInt64(ratio))
            let (share, _) = UInt64(total).dividingFullWidth(product)
            shares.append(share)
            allocated += share
        }
        var remainder = magnitude - allocated
        for index in shares.indices where remainder > 0 && ratios[index] > 0 {
            shares[index] += 1
            remainder -= 1
        }
        // A share is at most the magnitude, so its bit pattern is exact; wrapping negation keeps Int64.min.
        let isNegative = minorUnits < 0
        return shares.map { share in
            let value = Int64(bitPattern: share)
            return Money(minorUnits: isNegative ? 0 &- value : value, currency: currency)
        }
    }

    /// Splits the amount into equal parts, the first ones a minor unit larger when it does not divide.
    ///
    /// ```swift
    /// try Money(minorUnits: 100_00, currency: .rub).split(into: 3)  // 33.34, 33.33, 33.33
    /// ```
    ///
    /// - Parameter parts: How many parts, at least one.
    /// - Returns: The parts; they add up to `self` exactly.
    /// - Throws: ``MoneyError/invalidAllocation(_:)`` when `parts` is below one.
    public func split(into parts: Int) throws(MoneyError) -> [Money] {
        guard parts > 0 else { throw .invalidAllocation(.empty) }
        return try allocate(ratios: Array(repeating: 1, count: parts))
    }
}
