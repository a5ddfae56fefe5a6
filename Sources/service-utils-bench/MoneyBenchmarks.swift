// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import MoneyKit

    /// The benchmarks of one module; see CONTRIBUTING.md for how to add a case.
    enum MoneyBenchmarks {
        static let count = 1_000

        /// The case whose time issue 27 bounds: at most 1.5× the baseline's.
        static let roundTripCase = "Money(parsing:) + formatted(locale:) (ru_RU input)"

        /// The same 1,000 amounts (−20,000.00 to 59,110.81 RUB) both ways: our case reads the ru_RU text and
        /// writes it again, the baseline reads the plain decimal text and formats it with Foundation's currency
        /// style; both give the same text, which is checked before either is timed.
        static let all: [Benchmark] = [
            Benchmark(
                name: "MoneyKit.roundTrip",
                summary: "parse and format 1,000 ru_RU amounts: Money vs Decimal(string:) + FormatStyle",
                goals: [BenchmarkGoal(case: roundTripCase, atMost: 1.5)]
            ) {
                let locale = Locale(identifier: "ru_RU")
                let amounts = (0..<count).map { Money(minorUnits: Int64($0) * 7_919 - 2_000_000, currency: .rub) }
                let localized = amounts.map { $0.formatted(locale: locale) }
                let plain = amounts.map(\.plainAmount)
                let style = Decimal.FormatStyle.Currency(code: "RUB", locale: locale).precision(.fractionLength(2))
                // Both paths must produce the same text before they are timed against each other.
                for (index, text) in localized.enumerated() {
                    let ours = try Money(parsing: text, currency: .rub, locale: locale).formatted(locale: locale)
                    let theirs = Decimal(string: plain[index]).map { $0.formatted(style) }
                    guard ours == text, theirs == text else {
                        throw BenchmarkError("round trip of \(text) gave \(ours) and \(theirs ?? "nil")")
                    }
                }
                return PreparedBenchmark(
                    baseline: .timed("Decimal(string:) + FormatStyle (plain input)") {
                        for text in plain { blackHole(Decimal(string: text)?.formatted(style)) }
                    },
                    cases: [
                        .timed(roundTripCase) {
                            for text in localized {
                                blackHole(
                                    try Money(parsing: text, currency: .rub, locale: locale).formatted(locale: locale))
                            }
                        }
                    ],
                    workPerRun: .init(amount: Double(count), unit: "round trips")
                )
            }
        ]
    }
#endif
