/// A compiled CLDR rule set: the category of a number's operands.
typealias PluralRule = @Sendable (PluralOperands) -> PluralCategory

/// A locale's compiled rule and the categories it can return, in CLDR order (`zero` … `other`).
struct PluralRuleSet: Sendable {
    let rule: PluralRule
    let categories: [PluralCategory]
}

/// The CLDR plural rules compiled to Swift. The rule functions and the locale switches are generated
/// by `scripts/generate-plural-rules` into `Generated/PluralRuleTable+CLDR.swift`; this file holds
/// the small tests they are written in.
enum PluralRuleTable {
    /// `x = value`.
    @inline(__always)
    static func equals(_ x: UInt64, _ value: UInt64) -> Bool {
        x == value
    }

    /// `x = low..high` for an integer `x`.
    @inline(__always)
    static func between(_ x: UInt64, _ low: UInt64, _ high: UInt64) -> Bool {
        x >= low && x <= high
    }

    /// Whether `n` is an integer, so that `n = 1` or `n % 10 = 2..4` can hold.
    @inline(__always)
    static func isIntegral(_ o: PluralOperands) -> Bool {
        o.t == 0
    }

    /// `n within low..high`, where `x` is the integer part and `t` says whether a fraction follows.
    @inline(__always)
    static func within(_ x: UInt64, _ t: UInt64, _ low: UInt64, _ high: UInt64) -> Bool {
        x >= low && (x < high || (x == high && t == 0))
    }

    /// The rule set for a CLDR locale identifier and type, or nil when CLDR lists none for it.
    static func ruleSet(for locale: String, type: PluralRuleType) -> PluralRuleSet? {
        switch type {
        case .cardinal: cardinalRule(for: locale)
        case .ordinal: ordinalRule(for: locale)
        }
    }
}
