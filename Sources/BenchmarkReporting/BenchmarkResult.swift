/// What one benchmark measured in one run of the bench: its cases' figures, or why it failed.
package struct BenchmarkResult: Sendable {
    /// A dotted name such as `NetworkKit.queryEncoding`.
    package var name: String
    /// One line on what is measured.
    package var summary: String
    /// The goals the benchmark states for its cases.
    package var goals: [BenchmarkGoal]
    /// How much work one run of a case does, for the throughput column.
    package var work: BenchmarkWork?
    /// How many measured runs each case had.
    package var runs: Int
    /// How many warm-up runs came before them.
    package var warmups: Int
    /// What the others are compared with; nil when the benchmark failed before measuring.
    package var baseline: CaseResult?
    /// The cases of ours, in the benchmark's order.
    package var cases: [CaseResult]
    /// Why the benchmark failed, or nil when it ran.
    package var failure: String?

    /// A result; `baseline` and `cases` are empty for a benchmark that failed before measuring.
    package init(
        name: String, summary: String, goals: [BenchmarkGoal] = [], work: BenchmarkWork? = nil, runs: Int,
        warmups: Int, baseline: CaseResult?, cases: [CaseResult], failure: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.goals = goals
        self.work = work
        self.runs = runs
        self.warmups = warmups
        self.baseline = baseline
        self.cases = cases
        self.failure = failure
    }

    /// The baseline, then the cases.
    package var allCases: [CaseResult] {
        (baseline.map { [$0] } ?? []) + cases
    }

    /// The case named `name`, the baseline included.
    package func caseNamed(_ name: String) -> CaseResult? {
        allCases.first { $0.name == name }
    }
}

/// The figures of one case over the runs of a benchmark.
package struct CaseResult: Sendable {
    /// The case's label.
    package var name: String
    /// The median time of a run.
    package var median: Duration
    /// The shortest time of a run.
    package var min: Duration
    /// The longest time of a run.
    package var max: Duration
    /// The median CPU time of this process, when every run measured it.
    package var cpu: Duration?
    /// The highest peak resident memory in kB, when every run measured it.
    package var peakResident: Int?
    /// Another case this one is also compared with, beside the baseline.
    package var reference: String?
    /// Anything else the runs reported (connections opened, memory readings…), without repeats.
    package var notes: [String]
    /// The quantities the case measured, each its largest value over the runs.
    package var quantities: [BenchmarkQuantity]

    /// A case's figures.
    package init(
        name: String, median: Duration, min: Duration, max: Duration, cpu: Duration? = nil,
        peakResident: Int? = nil, reference: String? = nil, notes: [String] = [],
        quantities: [BenchmarkQuantity] = []
    ) {
        self.name = name
        self.median = median
        self.min = min
        self.max = max
        self.cpu = cpu
        self.peakResident = peakResident
        self.reference = reference
        self.notes = notes
        self.quantities = quantities
    }
}

/// An amount of work and its unit, such as 10,000 "models" or 16 MiB as `1_048_576 * 16` "B".
package struct BenchmarkWork: Sendable {
    /// How much.
    package var amount: Double
    /// Of what, in the plural (`requests`), or `B` for bytes.
    package var unit: String

    /// `amount` of `unit`.
    package init(amount: Double, unit: String) {
        self.amount = amount
        self.unit = unit
    }
}
