/// The three Russian forms of a noun that follow a number: "1 день", "2 дня", "5 дней".
///
/// The SurfUtils-compatible front door to plural forms; for other languages use ``PluralForms``.
/// A final class, as in SurfUtils, so code that extends it with convenience initialisers keeps
/// compiling; it is immutable and so `Sendable`, and two instances with the same forms are equal.
///
/// ```swift
/// let days = WordDeclinations("день", "дня", "дней")
/// WordDeclinationSelector.declineWord(for: 22, from: days)  // "дня"
/// ```
public final class WordDeclinations: Sendable, Hashable {
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

    /// Whether both hold the same three forms.
    ///
    /// - Parameters:
    ///   - lhs: One set of forms.
    ///   - rhs: Another.
    /// - Returns: True when every form is equal.
    public static func == (lhs: WordDeclinations, rhs: WordDeclinations) -> Bool {
        lhs.singularNominative == rhs.singularNominative && lhs.genetiveSingular == rhs.genetiveSingular
            && lhs.genetivePlural == rhs.genetivePlural
    }

    /// Hashes the three forms.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(singularNominative)
        hasher.combine(genetiveSingular)
        hasher.combine(genetivePlural)
    }
}

/// The spelling of ``WordDeclinations`` used by SurfUtils' README.
public typealias WordDeclensions = WordDeclinations
