/// What a goal came to in a run: the figure measured and whether it is within the limit.
package struct GoalOutcome: Sendable {
    /// The goal.
    package var goal: BenchmarkGoal
    /// The case's median time over its reference's, or for a quantity goal the quantity (its largest
    /// value over the runs); nil when a case or the quantity is missing.
    package var measured: Double?
    /// The ratio as a multiple of the baseline's time, where a chart draws the goal: the limit itself
    /// for a goal relative to the baseline, the limit times the other case's ratio for one relative to
    /// another case, nil for a quantity (it is not on the time axis).
    package var limitToBaseline: Double?

    /// Whether the goal is met; nil when it could not be judged.
    package var isMet: Bool? {
        measured.map { $0 <= goal.limit }
    }

    /// The figure measured in words: `1.12×`, `0.0 MB`, or `–` when none was.
    package var measuredDescription: String {
        guard let measured else { return "–" }
        if case .quantity(_, let unit) = goal.reference { return BenchmarkQuantity.format(measured, unit: unit) }
        return BenchmarkFormat.ratio(measured)
    }
}

extension BenchmarkResult {
    /// The median time of `benchmarkCase` over the baseline's, or nil without a baseline.
    package func timeRatio(of benchmarkCase: CaseResult) -> Double? {
        baseline.map { Self.ratio(benchmarkCase.median.seconds, $0.median.seconds) }
    }

    /// The median CPU time of `benchmarkCase` over the baseline's, when both measured it.
    package func cpuRatio(of benchmarkCase: CaseResult) -> Double? {
        guard let cpu = benchmarkCase.cpu, let baselineCPU = baseline?.cpu else { return nil }
        return Self.ratio(cpu.seconds, baselineCPU.seconds)
    }

    /// The peak resident memory of `benchmarkCase` over the baseline's, when both measured it.
    package func memoryRatio(of benchmarkCase: CaseResult) -> Double? {
        guard let peak = benchmarkCase.peakResident, let baselinePeak = baseline?.peakResident else { return nil }
        return Double(peak) / Double(Swift.max(baselinePeak, 1))
    }

    /// What `goal` came to in this result.
    package func outcome(of goal: BenchmarkGoal) -> GoalOutcome {
        guard let measured = caseNamed(goal.caseName), let baseline else {
            return GoalOutcome(goal: goal, measured: nil, limitToBaseline: nil)
        }
        switch goal.reference {
        case .baseline:
            return GoalOutcome(
                goal: goal, measured: Self.ratio(measured.median.seconds, baseline.median.seconds),
                limitToBaseline: goal.limit)
        case .otherCase(let name):
            guard let other = caseNamed(name) else {
                return GoalOutcome(goal: goal, measured: nil, limitToBaseline: nil)
            }
            return GoalOutcome(
                goal: goal, measured: Self.ratio(measured.median.seconds, other.median.seconds),
                limitToBaseline: goal.limit * Self.ratio(other.median.seconds, baseline.median.seconds))
        case .quantity(let name, let unit):
            let value = measured.quantities.first { $0.name == name && $0.unit == unit }?.value
            return GoalOutcome(goal: goal, measured: value, limitToBaseline: nil)
        }
    }

    /// The outcomes of the goals for the case named `name`.
    package func outcomes(forCase name: String) -> [GoalOutcome] {
        goals.filter { $0.caseName == name }.map(outcome(of:))
    }

    /// `value` over `reference`, with a reference of zero counted as a picosecond.
    package static func ratio(_ value: Double, _ reference: Double) -> Double {
        value / Swift.max(reference, 1e-12)
    }
}

extension BenchmarkResult {
    /// How `benchmarkCase` compares with the other case it names as its reference: its median time and
    /// CPU time over that case's; nil when it names none, and `missing` when no such case ran.
    package func referenceComparison(of benchmarkCase: CaseResult) -> ReferenceComparison? {
        guard let name = benchmarkCase.reference else { return nil }
        guard let reference = caseNamed(name) else { return .missing(name) }
        var cpu: Double?
        if let ours = benchmarkCase.cpu, let theirs = reference.cpu { cpu = Self.ratio(ours.seconds, theirs.seconds) }
        return .measured(name, time: Self.ratio(benchmarkCase.median.seconds, reference.median.seconds), cpu: cpu)
    }

    /// A case's figures beside its reference's.
    package enum ReferenceComparison: Sendable, Equatable {
        /// The reference ran: the ratios of time and, when both measured it, CPU time.
        case measured(String, time: Double, cpu: Double?)
        /// No case has the reference's name.
        case missing(String)

        /// The comparison in words, such as `vs URLSession.data(for:): 0.42× its time, 0.30× its CPU`.
        package var description: String {
            switch self {
            case .missing(let name):
                return "(no case named \(name) to compare with)"
            case .measured(let name, let time, let cpu):
                return "vs \(name): \(BenchmarkFormat.ratio(time)) its time"
                    + (cpu.map { ", \(BenchmarkFormat.ratio($0)) its CPU" } ?? "")
            }
        }
    }
}
