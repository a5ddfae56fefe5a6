/// Which of CLDR's two plural systems to use.
public enum PluralRuleType: String, Sendable, Hashable, CaseIterable {
    /// Counting: "1 book", "2 books" (CLDR `plurals.xml`).
    case cardinal
    /// Ranking: "1st", "2nd", "3rd" (CLDR `ordinals.xml`).
    case ordinal
}
