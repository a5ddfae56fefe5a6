/// The plural category CLDR assigns to a number in a language: which form of a word to use.
///
/// English uses only ``one`` and ``other``; Russian adds ``few`` and ``many``; Arabic uses all six.
///
/// ```swift
/// PluralRules(locale: "ru").category(for: 3)  // .few ("3 дня")
/// ```
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Codable {
    /// The form for zero in languages that have one (Arabic, Latvian, Welsh).
    case zero
    /// The singular-like form ("1 day", "21 день").
    case one
    /// The dual form (Arabic, Slovenian, Welsh).
    case two
    /// The paucal form ("3 дня").
    case few
    /// The form for many (Russian "5 дней", Arabic 11–99).
    case many
    /// The general form, used when no other category matches.
    case other
}
