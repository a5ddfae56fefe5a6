/// Picks the Russian form of a word for a number, with CLDR's Russian plural rules (SurfUtils API).
///
/// Unlike SurfUtils, a negative number takes the form of its absolute value ("-1 день", where
/// SurfUtils gave "дней").
///
/// ```swift
/// WordDeclinationSelector.declineWord(for: 11, from: WordDeclinations("день", "дня", "дней"))  // "дней"
/// ```
public enum WordDeclinationSelector {
    private static let russian = PluralRules(locale: "ru")

    /// The form of a word that goes with `number`; negative numbers use their absolute value.
    ///
    /// - Parameters:
    ///   - number:      Any `Int`, including values beyond `Int32` and `Int.min`.
    ///   - declensions: The three forms.
    /// - Returns: `singularNominative` for 1, 21…; `genetiveSingular` for 2–4, 22–24…; otherwise
    ///   `genetivePlural`.
    public static func declineWord(for number: Int, from declensions: WordDeclinations) -> String {
        declensions.pluralForms.form(for: russian.category(for: number))
    }
}
