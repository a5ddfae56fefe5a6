import Foundation
import InternalServiceUtilities

/// Reads amounts that people type: digits with the locale's grouping and decimal separators, an
/// optional sign (`-` or `−`) and the currency's symbol or code before or after the number.
///
/// This file holds the reference reading, which works on `Character`s with the locale's data; most
/// text is read by ``AmountNotation`` instead, which reads the same amounts from Unicode scalars with
/// that data worked out once, and hands every other text (and every error) to the reference reading.
struct MoneyParser {
    /// The locale whose separators and currency symbol are accepted; nil for plain `12.34`.
    let locale: Locale?

    /// Notations worked out so far, by locale and currency; nil where text must take the reference reading.
    private static let notations = LocalizedCache<AmountNotation>(capacity: 256)

    /// Reads an amount, from scalars where the notation allows it, else with the reference reading.
    func parse(_ text: String, currency: Currency) throws(MoneyError) -> Money {
        if let units = scalarReading(text, currency: currency) { return Money(minorUnits: units, currency: currency) }
        return try parseReference(text, currency: currency)
    }

    /// The minor units the notation for this locale and currency reads from `text`; nil when the
    /// reference reading must read it.
    func scalarReading(_ text: String, currency: Currency) -> Int64? {
        let notation = Self.notations.value(for: locale, currency) { locale, currency in
            AmountNotation(MoneyParser(locale: locale), currency: currency)
        }
        return notation?.minorUnits(in: text, fractionDigits: currency.minorUnitDigits)
    }

    /// The reference reading: what ``parse(_:currency:)`` returns or throws for any text.
    func parseReference(_ text: String, currency: Currency) throws(MoneyError) -> Money {
        let fail = { (reason: MoneyError.AmountFailureReason) in MoneyError.invalidAmount(text, reason: reason) }
        var body = Substring(text.filter { !Self.ignored.contains($0) })
        var isNegative = false
        var sawSign = false
        for affix in affixes(for: currency) { body = stripped(body, affix) }
        body = body.trimmingCharacters(in: Self.spaces)[...]
        while let first = body.first, Self.signs.contains(first) || first == "+" {
            guard !sawSign else { throw fail(.repeatedSign) }
            sawSign = true
            isNegative = first != "+"
            body = body.dropFirst()
            for affix in affixes(for: currency) { body = stripped(body, affix) }
            body = body.trimmingCharacters(in: Self.spaces)[...]
        }
        let (integer, fraction) = try digits(of: body, fail: fail)
        guard fraction.count <= currency.minorUnitDigits else {
            throw fail(.tooManyFractionDigits(allowed: currency.minorUnitDigits))
        }
        let padded = fraction + Array(repeating: 0, count: currency.minorUnitDigits - fraction.count)
        var units: Int64 = 0
        for digit in integer + padded {
            let (times, overflow1) = units.multipliedReportingOverflow(by: 10)
            let (plus, overflow2) = times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { throw fail(.tooLarge) }
            units = plus
        }
        return Money(minorUnits: isNegative ? -units : units, currency: currency)
    }

    /// Splits the number into integer and fraction digits, checking separators and grouping.
    private func digits(
        of body: Substring,
        fail: (MoneyError.AmountFailureReason) -> MoneyError
    ) throws(MoneyError) -> (integer: [Int], fraction: [Int]) {
        var groups: [[Int]] = [[]]
        var fraction: [Int]?
        for character in body {
            if let digit = Self.digitValue(character) {
                if fraction != nil { fraction?.append(digit) } else { groups[groups.count - 1].append(digit) }
            } else if isDecimalSeparator(character) {
                guard fraction == nil else { throw fail(.misplacedSeparator) }
                fraction = []
            } else if isGroupingSeparator(character) {
                guard fraction == nil else { throw fail(.misplacedSeparator) }
                groups.append([])
            } else if Self.signs.contains(character) || character == "+" {
                throw fail(.repeatedSign)
            } else {
                throw fail(.unexpectedCharacter(character))
            }
        }
        if groups.count > 1 {
            let sizes = groups.map(\.count)
            let grouped =
                Self.isGrouped(sizes, secondary: 3)
                || locale.map { Self.isGrouped(sizes, secondary: Self.secondaryGroupingSize(in: $0)) } ?? false
            guard grouped else { throw fail(.badGrouping) }
        }
        let integer = groups.flatMap { $0 }
        if let fraction, fraction.isEmpty { throw fail(.noDigits) }
        guard !integer.isEmpty || !(fraction ?? []).isEmpty else { throw fail(.noDigits) }
        return (integer, fraction ?? [])
    }

    var decimalSeparator: String { locale?.decimalSeparator ?? "." }
    var groupingSeparator: String? { locale == nil ? nil : locale?.groupingSeparator }

    private func isDecimalSeparator(_ character: Character) -> Bool {
        if String(character) == decimalSeparator { return true }
        // "12.5" typed in a comma locale whose grouping is a space (ru_RU, fr_FR) is unambiguous.
        return character == "." && decimalSeparator == "," && groupingSeparator.map(Self.isSpaceLike) ?? true
    }

    private func isGroupingSeparator(_ character: Character) -> Bool {
        guard let grouping = groupingSeparator, !grouping.isEmpty else { return false }
        if Self.isSpaceLike(grouping) { return Self.spaceCharacters.contains(character) }
        return String(character) == grouping
    }

    /// The currency's code and, for a locale, its symbol there: "RUB" and "₽", "USD" and "$".
    ///
    /// An affix that is empty, holds a digit, or is made only of what a number is written with
    /// (signs, separators, spaces) is left out: a currency described with a code such as `"0"` or
    /// `"-"` would otherwise be stripped from the amount's own digits or sign.
    func affixes(for currency: Currency) -> [String] {
        var result = [currency.code]
        if let locale, let symbol = Self.symbol(of: currency, in: locale), symbol != currency.code {
            result.insert(symbol, at: 0)
        }
        return result.filter { affix in
            !affix.isEmpty && !affix.contains { Self.digitValue($0) != nil }
                && !affix.allSatisfy { isNumberPunctuation($0) }
        }
    }

    /// Whether a character is one a number is written with besides its digits.
    private func isNumberPunctuation(_ character: Character) -> Bool {
        Self.signs.contains(character) || character == "+" || character == "." || isDecimalSeparator(character)
            || isGroupingSeparator(character) || Self.spaceCharacters.contains(character)
    }

    /// Symbols already looked up, by locale and code: a `NumberFormatter` costs tens of microseconds.
    private static let symbols = Locked<[String: String]>([:])

    private static func symbol(of currency: Currency, in locale: Locale) -> String? {
        let key = locale.identifier + "|" + currency.code
        if let known = symbols.withLock({ $0[key] }) { return known.isEmpty ? nil : known }
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = currency.code
        let symbol = (formatter.currencySymbol ?? "").filter { !ignored.contains($0) }
        symbols.withLock { $0[key] = symbol }
        return symbol.isEmpty ? nil : symbol
    }

    /// Whether digit groups are the last three digits preceded by groups of `secondary` digits (3 in
    /// most locales, 2 in Indian ones: `12,34,567`), the first of 1 to `secondary` digits.
    private static func isGrouped(_ sizes: [Int], secondary: Int) -> Bool {
        guard let last = sizes.last, last == 3, let first = sizes.first, (1...secondary).contains(first) else {
            return false
        }
        return sizes.dropFirst().dropLast().allSatisfy { $0 == secondary }
    }

    /// Secondary grouping sizes already measured, by locale.
    private static let secondaryGroupingSizes = Locked<[String: Int]>([:])

    /// The size of the digit groups before the last three in `locale`'s own number format (the one
    /// `Money.formatted(locale:)` writes): 2 for `hi_IN` and `en_IN` (`1,23,45,678`), otherwise 3.
    /// `NumberFormatter.secondaryGroupingSize` says 0 on Linux, so the format is measured.
    static func secondaryGroupingSize(in locale: Locale) -> Int {
        if let known = secondaryGroupingSizes.withLock({ $0[locale.identifier] }) { return known }
        let text = Decimal(12_345_678).formatted(.number.grouping(.automatic).locale(locale))
        var sizes: [Int] = [0]
        for character in text {
            if digitValue(character) != nil {
                sizes[sizes.count - 1] += 1
            } else if sizes[sizes.count - 1] > 0 {
                sizes.append(0)
            }
        }
        let groups = sizes.filter { $0 > 0 }
        let size = groups.count >= 3 && (1...3).contains(groups[groups.count - 2]) ? groups[groups.count - 2] : 3
        secondaryGroupingSizes.withLock { $0[locale.identifier] = size }
        return size
    }

    private func stripped(_ text: Substring, _ affix: String) -> Substring {
        let trimmed = text.trimmingCharacters(in: Self.spaces)[...]
        if trimmed.hasPrefix(affix) { return trimmed.dropFirst(affix.count) }
        if trimmed.hasSuffix(affix) { return trimmed.dropLast(affix.count) }
        return trimmed
    }

    static func digitValue(_ character: Character) -> Int? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue
        else { return nil }
        return Int(value)
    }

    static func isSpaceLike(_ separator: String) -> Bool {
        separator.allSatisfy { spaceCharacters.contains($0) }
    }

    /// Bidirectional marks that formatters put around numbers in right-to-left locales.
    private static let ignored: Set<Character> = ["\u{200E}", "\u{200F}", "\u{061C}"]
    private static let signs: Set<Character> = ["-", "\u{2212}"]
    private static let spaceCharacters: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}"]
    private static let spaces = CharacterSet(charactersIn: " \u{00A0}\u{202F}\u{2009}")
}
