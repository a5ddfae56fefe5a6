import Foundation

/// What `MoneyParser` accepts for one locale (or none) and one currency, as Unicode scalars worked
/// out once, so that most text is read without Foundation, `Character`s or allocations.
///
/// It reads amounts exactly as `MoneyParser.parseReference(_:currency:)` does, on text where comparing
/// scalars is the same as comparing `Character`s: printable ASCII, the bidi marks the reference drops,
/// and the few other scalars listed in `trusted` (spaces, `−`, the locale's digits and separators, the
/// currency's symbol), each of which is a grapheme of its own beside any other and has no canonical
/// equivalent. Other text, and every text the reference would reject (so that errors keep their
/// reasons), is left to the reference reading: ``minorUnits(in:fractionDigits:)`` returns nil.
struct AmountNotation: Sendable {
    /// How digit groups are separated.
    enum Grouping: Sendable, Equatable {
        /// They are not: a locale-free notation, or a locale without a grouping separator.
        case none
        /// By any of the spaces the reference accepts, for locales that group with a space.
        case spaces
        /// By this scalar.
        case scalar(UInt32)
    }

    /// A scalar beyond ASCII that text may hold, and its digit value (-1 for none).
    struct TrustedScalar: Sendable {
        let value: UInt32
        let digit: Int8
    }

    /// The currency's symbol and code as scalar values, in the order the reference strips them.
    let affixes: [[UInt32]]
    /// The decimal separator.
    let decimalSeparator: UInt32
    /// Whether `.` is read as a decimal separator too (comma locales that group with spaces).
    let readsDotAsDecimal: Bool
    /// The grouping separator.
    let grouping: Grouping
    /// The locale's own size of the groups before the last three, besides 3; nil without a locale.
    let localSecondaryGroupSize: Int?
    /// The scalars beyond ASCII that text may hold.
    let trusted: [TrustedScalar]

    /// The spaces the reference trims and accepts as grouping: space, no-break, narrow no-break, thin.
    static let spaces: [UInt32] = [0x20, 0xA0, 0x202F, 0x2009]
    /// The bidi marks the reference drops: left-to-right, right-to-left and Arabic letter marks.
    static let ignored: [UInt32] = [0x200E, 0x200F, 0x061C]
    /// The minus sign, `−`.
    static let minusSign: UInt32 = 0x2212

    /// Works the notation out from the reference parser's data; nil when the locale's separators or
    /// the currency's symbol are not such that scalars and `Character`s compare alike.
    ///
    /// - Parameters:
    ///   - parser:   The reference parser for the locale.
    ///   - currency: The currency.
    init?(_ parser: MoneyParser, currency: Currency) {
        guard let decimal = Self.singleScalar(parser.decimalSeparator) else { return nil }
        let groupingSeparator = parser.groupingSeparator ?? ""
        if groupingSeparator.isEmpty {
            grouping = .none
        } else if MoneyParser.isSpaceLike(groupingSeparator) {
            grouping = .spaces
        } else if let scalar = Self.singleScalar(groupingSeparator) {
            grouping = .scalar(scalar)
        } else {
            return nil
        }
        decimalSeparator = decimal
        readsDotAsDecimal =
            parser.decimalSeparator == "," && (parser.groupingSeparator.map(MoneyParser.isSpaceLike) ?? true)
        affixes = parser.affixes(for: currency).map { $0.unicodeScalars.map(\.value) }
        localSecondaryGroupSize = parser.locale.map(MoneyParser.secondaryGroupingSize(in:))

        var candidates = Self.spaces + [Self.minusSign, decimal] + affixes.joined()
        if case .scalar(let scalar) = grouping { candidates.append(scalar) }
        if let locale = parser.locale, let zero = Self.digitZero(in: locale) { candidates += (zero...zero + 9) }
        guard !candidates.contains(where: { $0 < 0x20 || $0 == 0x7F || Self.ignored.contains($0) }) else {
            return nil
        }
        var unique: [UInt32] = []
        for value in candidates where value >= 0x80 && !unique.contains(value) { unique.append(value) }
        guard let trusted = Self.trusted(unique) else { return nil }
        self.trusted = trusted
    }

    /// The one scalar of a string, if it has one and it may be trusted on its own.
    private static func singleScalar(_ text: String) -> UInt32? {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return nil }
        return scalar.value < 0x80 || trusted([scalar.value]) != nil ? scalar.value : nil
    }

    /// The first of the ten digits the locale writes numbers with (U+0660 for ar_EG).
    private static func digitZero(in locale: Locale) -> UInt32? {
        let text = Decimal(0).formatted(.number.locale(locale))
        guard let scalar = text.unicodeScalars.first(where: { $0.decimalDigitValue != nil }),
            let value = scalar.decimalDigitValue
        else { return nil }
        return scalar.value - value
    }

    /// The scalars with their digit values, when each may be trusted: it is its own canonical form
    /// (composed and decomposed), and it forms a grapheme of its own beside every other one and
    /// beside ASCII (which `a` stands for: every printable ASCII character breaks alike); else nil.
    private static func trusted(_ values: [UInt32]) -> [TrustedScalar]? {
        let strings = values.compactMap(Unicode.Scalar.init).map(String.init)
        guard strings.count == values.count else { return nil }
        for string in strings {
            guard string.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(string.unicodeScalars),
                string.decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(string.unicodeScalars)
            else { return nil }
        }
        let neighbours = strings + ["a"]
        for first in neighbours {
            for second in neighbours where (first + second).count != 2 { return nil }
        }
        return zip(values, strings).map { value, string in
            TrustedScalar(value: value, digit: MoneyParser.digitValue(Character(string)).map(Int8.init) ?? -1)
        }
    }
}
