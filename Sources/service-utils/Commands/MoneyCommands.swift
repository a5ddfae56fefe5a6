// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import MoneyKit

    /// The `service-utils` commands and tour section of MoneyKit.
    enum MoneyCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [money]

        static let money = Command(
            name: "money",
            summary: "parse, format and split exact amounts of money",
            usage: """
                money parse TEXT [--currency CODE] [--locale ID]
                       money format AMOUNT [--currency CODE] [--locale ID]
                       money split AMOUNT (PARTS | --ratios A,B,...) [--currency CODE]
                """,
            details: """
                parse reads what a user typed for a locale ("1 234,56 ₽" for ru_RU) and prints the plain
                amount with its code, then the minor units. format prints a plain AMOUNT (such as -1234.5)
                with Foundation's currency style for the locale. split divides AMOUNT into PARTS equal parts,
                or by ratios, without losing a minor unit. CODE defaults to RUB and ID to ru_RU.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let code = try parser.option("--currency") ?? "RUB"
            let locale = Locale(identifier: try parser.option("--locale") ?? "ru_RU")
            let ratios = try parser.option("--ratios")
            let words = try parser.positionals()
            guard let currency = Currency(code: code) else { throw UsageError("unknown currency code '\(code)'") }
            switch (words.first, words.count) {
            case ("parse", 2):
                let money = try Money(parsing: words[1], currency: currency, locale: locale)
                console.print(money.description)
                console.print("minor units: \(money.minorUnits)")
            case ("format", 2):
                console.print(try Money(amount: words[1], currency: currency).formatted(locale: locale))
            case ("split", 2) where ratios != nil, ("split", 3) where ratios == nil:
                let amount = try Money(amount: words[1], currency: currency)
                let parts = try split(amount, parts: words.count == 3 ? words[2] : nil, ratios: ratios)
                for part in parts { console.print(part.description) }
            default:
                throw UsageError("expected parse TEXT, format AMOUNT or split AMOUNT PARTS")
            }
            return ExitStatus.success
        }

        private static func split(_ amount: Money, parts: String?, ratios: String?) throws -> [Money] {
            if let parts {
                guard let count = Int(parts), (1...10_000).contains(count) else {
                    throw UsageError("PARTS must be an integer from 1 to 10000")
                }
                return try amount.split(into: count)
            }
            let values = (ratios ?? "").split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !values.isEmpty, values.allSatisfy({ $0 != nil }) else {
                throw UsageError("--ratios needs integers separated by commas")
            }
            return try amount.allocate(ratios: values.compactMap { $0 })
        }

        /// This module's part of `service-utils tour`.
        static let tour = TourSection(title: "MoneyKit — exact money") { console in
            let russia = Locale(identifier: "ru_RU")
            let typed = "1 234,56 ₽"
            let price = try Money(parsing: typed, currency: .rub, locale: russia)
            console.print("  parsed \"\(typed)\" (ru_RU) → \(price) = \(price.minorUnits) kopecks")
            console.print(
                "  formatted: ru_RU \(price.formatted(locale: russia)), en_US "
                    + "\(Money(minorUnits: price.minorUnits, currency: .usd).formatted(locale: Locale(identifier: "en_US")))"
            )
            let hundred = Money(minorUnits: 100_00, currency: .rub)
            console.print(
                "  100.00 split into 3: \(try hundred.split(into: 3).map(\.plainAmount).joined(separator: ", "))")
            let rate = Decimal(sign: .plus, exponent: -3, significand: 125)
            let rounded = MoneyRounding.allCases.map { rule in
                "\(rule.rawValue) \((try? Money(minorUnits: 100, currency: .rub).multiplied(by: rate, rounding: rule))?.plainAmount ?? "?")"
            }
            console.print("  1.00 × 0.125: \(rounded.joined(separator: ", "))")
            do {
                _ = try price.adding(Money(minorUnits: 1, currency: .usd))
            } catch {
                console.print("  RUB + USD → error: \(error.localizedDescription)")
            }
            do {
                _ = try Money(parsing: "12,345", currency: .usd, locale: Locale(identifier: "de_DE"))
            } catch {
                console.print("  \"12,345\" USD in de_DE → error: \(error.localizedDescription)")
            }
            console.print(
                "  currencies from ISO 4217 (\(Currency.iso4217Published)), checked against CLDR \(Currency.cldrVersion): "
                    + "JPY \(Currency.jpy.minorUnitDigits) digits, KWD \(Currency.kwd.minorUnitDigits), "
                    + "IQD \(Currency.iqd.minorUnitDigits), RUB numeric \(Currency.rub.numericCode.map(String.init) ?? "?")"
            )
            let model = MoneyModel(value: "10.1")
            console.print(
                "  MoneyModel(value: \"10.1\").asString() = \(model?.asString() ?? "nil") (SurfUtils read 10.01)")
        }
    }
#endif
