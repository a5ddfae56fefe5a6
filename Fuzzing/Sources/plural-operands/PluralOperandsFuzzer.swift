import Foundation
import FuzzSupport
import StringKit

/// `PluralOperands(parsing:)` and `PluralRules` on any text and any locale identifier.
///
/// The parser must accept exactly the grammar it documents (spaces, one sign, ASCII digits, an
/// optional `.` fraction, an optional `c`/`e` exponent up to 64), checked against a separate reading
/// of that grammar here, and its operands must agree with the digits as written. Every category a
/// language's rules return must be one of the categories those rules list.
@main
enum PluralOperandsFuzzer {
    static let locales = ["en", "ru", "ar", "pl", "cy", "fr", "pt_PT", "pt-BR", "lt", "br", "gd", "sl", "mt", "he"]
    static let limit: UInt64 = 1_000_000_000_000_000_000

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            PluralOperandsFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        let locale = input.flag() ? input.text(upTo: 24) : input.pick(locales)
        let type: PluralRuleType = input.flag() ? .ordinal : .cardinal
        check(text: input.restText(), locale: locale, type: type)
    }

    static func check(text: String, locale: String, type: PluralRuleType) {
        let rules = PluralRules(locale: locale, type: type)
        invariant(rules.categories.contains(.other), "rules for \(locale) without .other")
        let expected = Digits(text)
        let operands: PluralOperands
        do {
            operands = try PluralOperands(parsing: text)
        } catch {
            invariant(expected == nil, "rejected \(text.debugDescription), which the grammar allows: \(error)")
            invariant(rules.category(for: text) == nil, "a category for rejected text")
            return
        }
        guard let expected else {
            invariant(false, "accepted \(text.debugDescription), which the grammar does not allow")
            return
        }
        invariant(operands.i == value(expected.integer), "i = \(operands.i) for \(text.debugDescription)")
        invariant(operands.v == UInt64(expected.fraction.count), "v = \(operands.v) for \(text.debugDescription)")
        invariant(operands.f == value(expected.fraction), "f = \(operands.f) for \(text.debugDescription)")
        let trimmed = expected.fraction.reversed().drop { $0 == "0" }.reversed()
        invariant(operands.w == UInt64(trimmed.count), "w = \(operands.w) for \(text.debugDescription)")
        invariant(operands.t == value(String(trimmed)), "t = \(operands.t) for \(text.debugDescription)")
        invariant(operands.e == UInt64(expected.exponent), "e = \(operands.e) for \(text.debugDescription)")
        let category = rules.category(for: operands)
        invariant(rules.categories.contains(category), "\(category) is not among \(rules.categories) of \(locale)")
        invariant(rules.category(for: text) == category, "category(for: String) differs from the operands'")
        if let decimal = Decimal(string: text.trimmingCharacters(in: .whitespaces)), expected.exponent == 0 {
            invariant(rules.categories.contains(rules.category(for: decimal)), "a Decimal's category is not listed")
        }
    }

    /// The value of decimal digits as the operands keep it: exact below 10¹⁸, otherwise 10¹⁸ plus
    /// the last 18 digits.
    static func value(_ digits: String) -> UInt64 {
        let significant = digits.drop { $0 == "0" }
        guard significant.count > 18 else { return UInt64(significant) ?? 0 }
        return limit + (UInt64(significant.suffix(18)) ?? 0)
    }
}

/// The digits of a number in the documented grammar, the exponent already applied, or nil when the
/// text is outside the grammar: `[+-]? digit+ ("." digit+)? ([ce] digit{1,2})?` with the exponent
/// at most 64, surrounded by spaces.
struct Digits {
    var integer = ""
    var fraction = ""
    var exponent = 0

    init?(_ text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        integer = Self.takeDigits(&rest)
        guard !integer.isEmpty else { return nil }
        if rest.first == "." {
            rest = rest.dropFirst()
            fraction = Self.takeDigits(&rest)
            guard !fraction.isEmpty else { return nil }
        }
        if rest.first == "c" || rest.first == "e" {
            rest = rest.dropFirst()
            let digits = Self.takeDigits(&rest)
            guard (1...2).contains(digits.count), let value = Int(digits), value <= 64 else { return nil }
            exponent = value
        }
        guard rest.isEmpty else { return nil }
        let moved = fraction.prefix(exponent)
        integer += moved + String(repeating: "0", count: exponent - moved.count)
        fraction = String(fraction.dropFirst(moved.count))
    }

    private static func takeDigits(_ text: inout Substring) -> String {
        let digits = text.prefix { ("0"..."9").contains($0) && $0.unicodeScalars.count == 1 }
        text = text.dropFirst(digits.count)
        return String(digits)
    }
}

extension Digits: Equatable {}
