import Foundation
import InternalServiceUtilities
import MoneyKit

/// Locales, currencies and amounts that MoneyKit's own formatting and reading are compared with
/// Foundation's and with the reference reading on; the same every run.
enum MoneySamples {
    /// Locales with every kind of layout MoneyKit knows: symbol before or after, a space or a narrow
    /// no-break space or `’` or `.` between groups, Indian groups, groups only from five digits (es_ES,
    /// pl_PL), Arabic, Persian and Burmese digits, bidi marks (ar, he_IL, fa_IR).
    static let locales = [
        "ru_RU", "en_US", "de_DE", "fr_FR", "fr_CH", "de_CH", "de_AT", "es_ES", "pl_PL", "pt_BR", "nl_NL", "it_IT",
        "sv_SE", "uk_UA", "tr_TR", "ja_JP", "zh_CN", "ko_KR", "th_TH", "hi_IN", "en_IN", "bn_BD", "ur_PK", "ar",
        "ar_EG", "ar_SA", "fa_IR", "he_IL", "my_MM", "en_001",
    ]

    /// Currencies with 0, 2, 3 and 4 minor digits, and two a caller describes (8 and 18 digits).
    static let currencies: [Currency] = [
        .rub, .usd, .eur, .jpy, .kwd, .bhd, .clf, .inr, .egp,
        Currency(code: "ABC", numericCode: nil, minorUnitDigits: 8),
        Currency(code: "XYZ", numericCode: nil, minorUnitDigits: 18),
    ]

    /// Minor units of every length from 1 to 19 digits, both signs: edges (0, ±1, powers of ten and
    /// one less, the `Int64` extremes) and pseudo-random values from a fixed seed.
    static let minorUnits: [Int64] = {
        var amounts: [Int64] = [0, 1, -1, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 1...18 {
            power *= 10
            amounts += [power, -power, power - 1, -(power - 1), power + 1]
        }
        var generator = SplitMix64(seed: 0x4D6F_6E65_794B_6974)
        for digits in 1...19 {
            for _ in 0..<4 {
                let upper = digits == 19 ? Int64.max : Int64(pow(10, Double(digits))) - 1
                let lower = digits == 1 ? 0 : Int64(pow(10, Double(digits - 1)))
                let value = Int64.random(in: lower...upper, using: &generator)
                amounts.append(Bool.random(using: &generator) ? value : -value)
            }
        }
        return amounts
    }()

    /// Foundation's currency format style for an amount: the text `Money.formatted(locale:)` must give.
    static func foundationText(_ money: Money, locale: Locale) -> String {
        money.amount.formatted(
            .currency(code: money.currency.code)
                .locale(locale)
                .precision(.fractionLength(money.currency.minorUnitDigits))
        )
    }
}
