import Foundation
import FuzzSupport

@testable import MoneyKit

/// MoneyKit's amount parser (`Money(parsing:currency:locale:)` and `Money(amount:currency:)`) on any
/// text, in locales with different separators, digits, signs and symbols, for catalogue currencies
/// and for currencies a caller describes (any code, 0 to 18 minor digits).
///
/// It must return an amount or ``MoneyError/invalidAmount(_:reason:)``, and exactly what the reference
/// reading (`MoneyParser.parseReference`, on `Character`s) returns or throws, whether or not the
/// scalar reading took the text; an amount it returns must survive its own plain form (`plainAmount`
/// read back gives the same amount) and, for a catalogue currency, its own formatting in that locale
/// (`formatted(locale:)` read back); that formatting must be Foundation's text byte for byte, for any
/// currency.
@main
enum MoneyParserFuzzer {
    static let locales = [
        "en_US", "ru_RU", "de_DE", "fr_FR", "de_CH", "ar_EG", "fa_IR", "hi_IN", "en_IN", "ja_JP", "he_IL", "pt_BR",
        "es_ES", "nl_NL", "uk_UA", "fr_CH", "bn_BD", "my_MM",
    ].map(Locale.init(identifier:))

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            MoneyParserFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        let currency: Currency
        if input.choice(8) == 0 {
            currency = Currency(code: input.text(upTo: 8), numericCode: nil, minorUnitDigits: input.choice(20))
        } else {
            currency = input.pick(Currency.catalog)
        }
        let locale = input.choice(locales.count + 1)
        let text = input.restText()
        if locale == locales.count {
            checkPlain(text, currency: currency)
        } else {
            check(text, currency: currency, locale: locales[locale])
        }
    }

    static func checkPlain(_ text: String, currency: Currency) {
        let result = Result { () throws(MoneyError) in try Money(amount: text, currency: currency) }
        checkAgainstReference(result, text: text, currency: currency, locale: nil)
        let money: Money
        do {
            money = try result.get()
        } catch {
            checkError(error, text: text)
            return
        }
        checkRoundTrip(money)
    }

    static func check(_ text: String, currency: Currency, locale: Locale) {
        let result = Result { () throws(MoneyError) in try Money(parsing: text, currency: currency, locale: locale) }
        checkAgainstReference(result, text: text, currency: currency, locale: locale)
        let money: Money
        do {
            money = try result.get()
        } catch {
            checkError(error, text: text)
            return
        }
        checkRoundTrip(money)
        let shown = money.formatted(locale: locale)
        let foundation = CurrencyFormat.foundationText(minorUnits: money.minorUnits, currency: currency, locale: locale)
        invariant(
            shown.utf8.elementsEqual(foundation.utf8),
            "\(money) formatted in \(locale.identifier) as \(shown.debugDescription), Foundation gives "
                + foundation.debugDescription)
        guard Currency.catalog.contains(currency) else { return }
        do {
            let again = try Money(parsing: shown, currency: currency, locale: locale)
            invariant(again == money, "\(money) formatted as \(shown.debugDescription) reads back as \(again)")
        } catch {
            invariant(
                false,
                "\(money) formatted in \(locale.identifier) as \(shown.debugDescription) does not parse: \(error)")
        }
    }

    /// The public reading (which takes most text from scalars) must give what the reference reading
    /// gives: the same amount, or the same error with the same reason.
    static func checkAgainstReference(
        _ result: Result<Money, MoneyError>, text: String, currency: Currency, locale: Locale?
    ) {
        let reference = Result { () throws(MoneyError) in
            try MoneyParser(locale: locale).parseReference(text, currency: currency)
        }
        invariant(
            result == reference,
            "\(text.debugDescription) in \(locale?.identifier ?? "plain") reads as \(result), the reference as \(reference)"
        )
    }

    static func checkError(_ error: MoneyError, text: String) {
        guard case .invalidAmount(let reported, _) = error else {
            invariant(false, "parsing threw \(error), not invalidAmount")
            return
        }
        invariant(reported == text, "the error names \(reported.debugDescription), not the text given")
    }

    static func checkRoundTrip(_ money: Money) {
        invariant(money.currency.minorUnitDigits <= 18, "minor digits \(money.currency.minorUnitDigits)")
        do {
            let again = try Money(amount: money.plainAmount, currency: money.currency)
            invariant(again == money, "\(money.plainAmount) reads back as \(again)")
        } catch {
            invariant(false, "its own plain form \(money.plainAmount) does not parse: \(error)")
        }
    }
}
