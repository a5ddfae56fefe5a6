public import Foundation

/// The CLDR plural rules of one language, cardinal or ordinal: which ``PluralCategory`` a number takes.
///
/// Rules come from a current Unicode CLDR release (`PluralRules.cldrVersion`) for every language it covers.
/// The locale falls back the way CLDR does: `pt_PT` has its own rules, `pt_BR` uses `pt`, `pt_AO` uses
/// its CLDR parent `pt_PT`, `sr_Latn` uses `sr`, and an unknown language uses `root` (every number is
/// ``PluralCategory/other``).
///
/// ```swift
/// let russian = PluralRules(locale: "ru")
/// russian.category(for: 21)      // .one
/// russian.category(for: "1.5")   // .other
/// PluralRules(locale: "en", type: .ordinal).category(for: 23)  // .few ("23rd")
/// ```
public struct PluralRules: Sendable {
    /// The CLDR locale whose rules were found, such as `pt` for `pt_BR`, `pt_PT` for `pt_AO`, or `root`.
    public let localeIdentifier: String
    /// Cardinal or ordinal.
    public let type: PluralRuleType
    /// The categories this language uses, in the order `zero`, `one`, `two`, `few`, `many`, `other`:
    /// `[.one, .few, .many, .other]` for Russian, `[.other]` for Japanese.
    public let categories: [PluralCategory]
    private let rule: PluralRule

    /// The Unicode CLDR release the rules were generated from.
    public static var cldrVersion: String { PluralRuleTable.cldrVersion }

    /// Finds the rules for a locale identifier such as `ru`, `pt-PT`, `sr_Latn_RS` or `ru_RU.UTF-8`.
    ///
    /// - Parameters:
    ///   - locale: A BCP 47 or POSIX-style identifier; unknown languages fall back to `root`.
    ///   - type:   ``PluralRuleType/cardinal`` (the default) or ``PluralRuleType/ordinal``.
    public init(locale: String, type: PluralRuleType = .cardinal) {
        for candidate in Self.fallbackChain(for: locale) {
            if let set = PluralRuleTable.ruleSet(for: candidate, type: type) {
                self.init(localeIdentifier: candidate, type: type, set: set)
                return
            }
        }
        let root = PluralRuleSet(rule: { _ in .other }, categories: [.other])
        self.init(localeIdentifier: "root", type: type, set: root)
    }

    /// Finds the rules for a Foundation `Locale`.
    ///
    /// - Parameters:
    ///   - locale: The locale whose language (and region or script, where CLDR splits them) is used.
    ///   - type:   ``PluralRuleType/cardinal`` (the default) or ``PluralRuleType/ordinal``.
    public init(locale: Locale, type: PluralRuleType = .cardinal) {
        self.init(locale: locale.identifier, type: type)
    }

    private init(localeIdentifier: String, type: PluralRuleType, set: PluralRuleSet) {
        self.localeIdentifier = localeIdentifier
        self.type = type
        self.rule = set.rule
        self.categories = set.categories
    }

    /// The category of an integer; negative numbers take the category of their absolute value.
    ///
    /// - Parameter number: Any `Int`.
    /// - Returns: The plural category.
    public func category(for number: Int) -> PluralCategory {
        category(for: PluralOperands(number))
    }

    /// The category of a `Decimal` (which drops trailing fraction zeros: pass a `String` to keep them).
    ///
    /// - Parameter number: Any decimal.
    /// - Returns: The plural category.
    public func category(for number: Decimal) -> PluralCategory {
        category(for: PluralOperands(number))
    }

    /// The category of a number as written, such as `"1"`, `"1.0"` or `"1.2c6"`; nil when it is not one.
    ///
    /// - Parameter number: The number; see `PluralOperands.init(parsing:)` for the syntax.
    /// - Returns: The plural category, or nil for malformed text.
    public func category(for number: String) -> PluralCategory? {
        guard let operands = try? PluralOperands(parsing: number) else { return nil }
        return category(for: operands)
    }

    /// The category of numbers' operands.
    ///
    /// - Parameter operands: The operands, from `PluralOperands.init(_:)` or `init(parsing:)`.
    /// - Returns: The plural category.
    public func category(for operands: PluralOperands) -> PluralCategory {
        rule(operands)
    }
}
