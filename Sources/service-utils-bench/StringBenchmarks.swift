// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import StringKit

    /// The benchmarks of one module; see CONTRIBUTING.md for how to add a case.
    enum StringBenchmarks {
        static let count = 1_000_000

        static let all: [Benchmark] = [
            Benchmark(
                name: "StringKit.pluralCategory",
                summary:
                    "plural categories of 1,000,000 integers: generated CLDR rules vs a hand-written Russian switch"
            ) {
                let russian = PluralRules(locale: "ru")
                let arabic = PluralRules(locale: "ar")
                // The generated rules must agree with the hand-written switch before they are timed against it.
                for number in -1_000..<100_000 where russian.category(for: number) != handWrittenRussian(number) {
                    throw BenchmarkError("ru rules and the hand-written switch differ at \(number)")
                }
                return PreparedBenchmark(
                    baseline: .timed("hand-written Russian switch") { blackHole(tally(handWrittenRussian)) },
                    cases: [
                        .timed("PluralRules(locale: \"ru\")") { blackHole(tally { russian.category(for: $0) }) },
                        .timed("PluralRules(locale: \"ar\")") { blackHole(tally { arabic.category(for: $0) }) },
                    ],
                    workPerRun: .init(amount: Double(count), unit: "lookups")
                )
            }
        ]

        /// Counts the `few` answers for 0..<count, so the work cannot be optimised away.
        @inline(never)
        static func tally(_ category: (Int) -> PluralCategory) -> Int {
            var few = 0
            for number in 0..<count where category(number) == .few {
                few &+= 1
            }
            return few
        }

        /// Russian cardinal rules written by hand for integers.
        static func handWrittenRussian(_ number: Int) -> PluralCategory {
            let magnitude = number.magnitude
            let lastDigit = magnitude % 10
            let lastTwo = magnitude % 100
            switch lastDigit {
            case 1 where lastTwo != 11: return .one
            case 2...4 where !(12...14).contains(lastTwo): return .few
            default: return .many
            }
        }
    }
#endif
