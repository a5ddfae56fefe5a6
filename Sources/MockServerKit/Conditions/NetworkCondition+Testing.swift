import InternalServiceUtilities

extension NetworkCondition {
    /// The delays a server seeded with `seed` would wait before its first `count` answers when
    /// each goes through `conditions` alone, drawn as the event loop draws them.
    package static func delaysForTesting(_ conditions: [NetworkCondition], seed: UInt64, count: Int) -> [Duration] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in ConditionPlan.resolve(conditions, random: &random).delay }
    }
}
