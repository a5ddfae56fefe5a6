/// The forms of a word or phrase for each plural category, and the choice between them.
///
/// ```swift
/// let days = PluralForms(one: "день", few: "дня", many: "дней", other: "дня")
/// days.form(for: 5, rules: PluralRules(locale: "ru"))  // "дней"
/// ```
public struct PluralForms: Sendable, Hashable, Codable {
    /// The form for ``PluralCategory/zero``, if the language has one.
    public var zero: String?
    /// The form for ``PluralCategory/one``.
    public var one: String?
    /// The form for ``PluralCategory/two``.
    public var two: String?
    /// The form for ``PluralCategory/few``.
    public var few: String?
    /// The form for ``PluralCategory/many``.
    public var many: String?
    /// The form for ``PluralCategory/other``, and for any category without its own form.
    public var other: String

    /// Creates forms; categories left out use `other`.
    ///
    /// - Parameters:
    ///   - zero:  The zero form.
    ///   - one:   The singular-like form.
    ///   - two:   The dual form.
    ///   - few:   The paucal form.
    ///   - many:  The form for many.
    ///   - other: The general form.
    public init(
        zero: String? = nil,
        one: String? = nil,
        two: String? = nil,
        few: String? = nil,
        many: String? = nil,
        other: String
    ) {
        self.zero = zero
        self.one = one
        self.two = two
        self.few = few
        self.many = many
        self.other = other
    }

    /// The form for a category, or `other` when that category has none.
    ///
    /// - Parameter category: The category from `PluralRules.category(for:)`.
    /// - Returns: The chosen form.
    public func form(for category: PluralCategory) -> String {
        switch category {
        case .zero: zero ?? other
        case .one: one ?? other
        case .two: two ?? other
        case .few: few ?? other
        case .many: many ?? other
        case .other: other
        }
    }

    /// The form for an integer under some rules.
    ///
    /// - Parameters:
    ///   - number: The number the word goes with.
    ///   - rules:  The language's rules.
    /// - Returns: The chosen form.
    public func form(for number: Int, rules: PluralRules) -> String {
        form(for: rules.category(for: number))
    }

    /// The form for a number as written (`"1.5"`), under some rules; `other` when the text is not a number.
    ///
    /// - Parameters:
    ///   - number: The number the word goes with, as text.
    ///   - rules:  The language's rules.
    /// - Returns: The chosen form.
    public func form(for number: String, rules: PluralRules) -> String {
        form(for: rules.category(for: number) ?? .other)
    }
}
