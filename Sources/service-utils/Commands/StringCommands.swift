// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import StringKit

    /// The `service-utils` commands and tour section of StringKit.
    enum StringCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [plural, decline]

        static let plural = Command(
            name: "plural",
            summary: "the CLDR plural category of a number in a language",
            usage: "plural LOCALE NUMBER [--ordinal]",
            details: """
                Prints the category (zero, one, two, few, many or other) alone on the first line, then the
                CLDR locale whose rules were used. NUMBER is taken as written: in English 1 is one but 1.0
                is other. Compact forms such as 1c6 (a million) are accepted. Unknown locales use root.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let type: PluralRuleType = parser.flag("--ordinal") ? .ordinal : .cardinal
            let words = try parser.positionals()
            guard words.count == 2 else { throw UsageError("expected LOCALE and NUMBER") }
            let rules = PluralRules(locale: words[0], type: type)
            let operands: PluralOperands
            do {
                operands = try PluralOperands(parsing: words[1])
            } catch {
                throw UsageError(error.localizedDescription)
            }
            console.print(rules.category(for: operands).rawValue)
            let categories = rules.categories.map(\.rawValue).joined(separator: " ")
            console.print(
                "rules: \(rules.localeIdentifier) \(type.rawValue) (\(categories)), CLDR \(PluralRules.cldrVersion)")
            return ExitStatus.success
        }

        static let decline = Command(
            name: "decline",
            summary: "the Russian form of a word for a number (SurfUtils' WordDeclinationSelector)",
            usage: "decline NUMBER ONE FEW MANY",
            details: """
                ONE, FEW and MANY are the forms after 1, 2 and 5, such as день дня дней. Prints the number
                and the chosen form. NUMBER is any integer that fits in 64 bits, negative ones included.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let words = try parser.positionals()
            guard words.count == 4 else { throw UsageError("expected NUMBER ONE FEW MANY") }
            guard let number = Int(words[0]) else { throw UsageError("'\(words[0])' is not a 64-bit integer") }
            let forms = WordDeclinations(words[1], words[2], words[3])
            console.print("\(number) \(WordDeclinationSelector.declineWord(for: number, from: forms))")
            return ExitStatus.success
        }

        /// This module's part of `service-utils tour`.
        static let tour = TourSection(title: "StringKit — plurals and attributed strings") { console in
            let russian = PluralRules(locale: "ru")
            let categories = [1, 3, 5, 21, 112].map { "\($0)→\(russian.category(for: $0).rawValue)" }
            console.print(
                "  Russian cardinal categories (CLDR \(PluralRules.cldrVersion)): \(categories.joined(separator: ", "))"
            )
            let english = PluralRules(locale: "en")
            console.print(
                "  English \"1\" is \(english.category(for: "1")?.rawValue ?? "?"), \"1.0\" is "
                    + "\(english.category(for: "1.0")?.rawValue ?? "?") (visible fraction digits count)")
            let ordinal = PluralRules(locale: "en_GB", type: .ordinal)
            let suffixes = PluralForms(one: "st", two: "nd", few: "rd", other: "th")
            let ranked = [1, 2, 3, 4, 11, 22].map { "\($0)\(suffixes.form(for: $0, rules: ordinal))" }
            console.print(
                "  English ordinals via en_GB → \(ordinal.localeIdentifier): \(ranked.joined(separator: " "))")
            let fallbacks = ["pt_PT", "pt_AO", "pt_BR", "sr_Latn", "xx"].map {
                "\($0) → \(PluralRules(locale: $0).localeIdentifier)"
            }
            console.print("  Fallback: \(fallbacks.joined(separator: ", ")) (pt_AO has CLDR parent pt_PT)")
            let days = WordDeclinations("день", "дня", "дней")
            let declined = [1, 2, 5, -21, 5_000_000_002].map {
                "\($0) \(WordDeclinationSelector.declineWord(for: $0, from: days))"
            }
            console.print("  WordDeclinationSelector: \(declined.joined(separator: ", "))")
            let builder = StringBuilder(globalAttributes: [.font(.system(size: 15)), .foregroundColor(.black)])
                .add(.string("Total:"))
                .add(.delimiterWithString(repeatedDelimiter: .init(type: .space), string: "42 <₽>"), with: [.kern(1)])
            let value = builder.attributedValue
            console.print("  StringBuilder: \(value.runs.count) runs, text \"\(String(value.characters))\"")
            console.print("  HTML: \(HTMLRenderer().render(value))")
        }
    }
#endif
