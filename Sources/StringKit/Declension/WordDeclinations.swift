/// The three Russian forms of a noun that follow a number: "1 день", "2 дня", "5 дней".
///
/// The SurfUtils-compatible front door to plural forms; for other languages use ``PluralForms``.
///
/// ```swift
/// let days = WordDeclinations("день", "дня", "дней")
/// WordDeclinationSelector.declineWord(for: 22, from: days)  // "дня"
/// ```
public struct WordDeclinations: Sendable, Hashable {
    /// The nominative singular, used after 1, 21, 101…: "день".
    public let singularNominative: String
    /// The genitive singular, used after 2–4, 22–24…: "дня" (SurfUtils' spelling).
    public let genetiveSingular: String
    /// The genitive plural, used after 0, 5–20, 25–30…: "дней" (SurfUtils' spelling).
    public let genetivePlural: String

    /// The genitive singular, correctly spelled.
    public var genitiveSingular: String { genetiveSingular }
    /// The genitive plural, correctly spelled.
    public var genitivePlural: String { genetivePlural }

    /// Creates the forms in SurfUtils' order.
    ///
    /// - Parameters:
    ///   - singularNominative: "день".
    ///   - genetiveSingular:   "дня".
    ///   - genetivePlural:     "дней".
    public init(_ singularNominative: String, _ genetiveSingular: String, _ genetivePlural: String) {
        self.singularNominative = singularNominative
        self.genetiveSingular = genetiveSingular
        self.genetivePlural = genetivePlural
    }

    /// The same forms as ``PluralForms`` for Russian rules (fractions take the genitive singular).
    public var pluralForms: PluralForms {
        PluralForms(one: singularNominative, few: genetiveSingular, many: genetivePlural, other: genetiveSingular)
    }
}
