// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation

    /// One named benchmark: a baseline case and the cases compared with it, measured in the same run.
    ///
    /// `prepare` runs once before the cases (start a server, build input data) and returns the cases;
    /// ``PreparedBenchmark/tearDown`` runs after them, whatever happened.
    struct Benchmark: Sendable {
        /// A dotted name such as `NetworkKit.queryEncoding`; `--filter` matches a part of it.
        let name: String
        /// One line on what is measured, with the size of the work.
        let summary: String
        /// The times the benchmark promises for its cases, each relative to the baseline or to another
        /// case; the report judges them and draws them on the chart.
        var goals: [BenchmarkGoal] = []
        /// Builds the cases.
        let prepare: @Sendable () async throws -> PreparedBenchmark
    }

    /// The cases of a benchmark, ready to be timed.
    struct PreparedBenchmark: Sendable {
        /// What the others are compared with (plain Foundation, OpenSSL, nginx, GeographicLib…).
        var baseline: BenchmarkCase
        /// The cases of ours.
        var cases: [BenchmarkCase]
        /// How much work one run does, for a throughput column (for example 10,000 "models" or 16 MiB as
        /// `1_048_576 * 16` "B").
        var workPerRun: Work?
        /// Stops what `prepare` started.
        var tearDown: @Sendable () async -> Void = {}
        /// How many times the runner measures each case.
        var repetition = Repetition.asRequested

        /// How many times each case runs.
        enum Repetition: Sendable {
            /// `--runs` times after `--warmup` warm-ups.
            case asRequested
            /// Once, without a warm-up, whatever `--runs` says: for a case whose one run is long enough
            /// to average over itself, or that measures a process from its start (peak memory).
            case once
            /// `--runs` times, but at least this many: for a goal on a ratio close to 1 (a few
            /// percent), whose median needs more runs than the machine's noise allows with three.
            case atLeast(Int)
        }

        /// An amount of work and its unit.
        typealias Work = BenchmarkWork
    }

    /// One measured case: each call does the whole work once and says how long it took.
    struct BenchmarkCase: Sendable {
        /// The case's label in the report.
        let name: String
        /// Another case of the same benchmark whose time and CPU time the report also gives this
        /// case's ratio to, beside the baseline's (see ``compared(with:)``); nil for none.
        var reference: String? = nil
        /// Does the work once and returns the sample.
        let measure: @Sendable () async throws -> BenchmarkSample

        /// This case, its report also giving its ratios to the case named `name`: a second reference
        /// beside the baseline, such as plain URLSession beside the `curl` baseline.
        func compared(with name: String) -> BenchmarkCase {
            var compared = self
            compared.reference = name
            return compared
        }

        /// A case timed around `body` with the monotonic clock.
        static func timed(_ name: String, _ body: @escaping @Sendable () async throws -> Void) -> BenchmarkCase {
            BenchmarkCase(name: name) {
                let clock = ContinuousClock()
                let start = clock.now
                try await body()
                return BenchmarkSample(duration: start.duration(to: clock.now))
            }
        }

        /// A case whose duration is measured by someone else (an external tool's own report).
        static func reported(_ name: String, _ body: @escaping @Sendable () async throws -> BenchmarkSample)
            -> BenchmarkCase
        {
            BenchmarkCase(name: name, measure: body)
        }
    }

    /// What one run of a case measured.
    struct BenchmarkSample: Sendable {
        /// The time the work took.
        var duration: Duration
        /// Anything else worth printing (peak memory, connections opened…).
        var note: String?
        /// The CPU time this process spent on the work, where the case measures it: on a busy machine
        /// it varies less than wall time, and it leaves out the time spent in a server it talks to.
        var cpu: Duration?
        /// The peak resident memory of the process doing the work, in kB, where the case measures it
        /// (a server under load): the report gives its ratio to the baseline's.
        var peakResident: Int?
        /// Figures a goal can bound (see ``BenchmarkGoal/Reference/quantity(_:unit:)``), such as the
        /// growth of resident memory.
        var quantities: [BenchmarkQuantity]

        init(
            duration: Duration, note: String? = nil, cpu: Duration? = nil, peakResident: Int? = nil,
            quantities: [BenchmarkQuantity] = []
        ) {
            self.duration = duration
            self.note = note
            self.cpu = cpu
            self.peakResident = peakResident
            self.quantities = quantities
        }
    }

    /// The error a benchmark throws when something it needs is missing or broken.
    struct BenchmarkError: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// Keeps a value alive and opaque so the optimiser cannot drop the work that made it.
    @inline(never)
    func blackHole<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }
#endif
