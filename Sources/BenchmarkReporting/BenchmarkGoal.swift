/// What a benchmark promises for one of its cases: at most `limit` times the time of the baseline or
/// of another case of the same benchmark, measured in the same run, or at most `limit` of a quantity
/// the case measures.
///
/// ```swift
/// BenchmarkGoal(case: "HTTPClient.send(router)", atMost: 1.4)  // ≤ 1.4× the baseline's time
/// BenchmarkGoal(case: "HTTPClient.send(router)", atMost: 0.35, relativeTo: .otherCase("URLSession.data(for:)"))
/// BenchmarkGoal(case: "HTTPClient.send(router)", atMost: 16, relativeTo: .quantity("resident memory growth", unit: "MB"))
/// ```
package struct BenchmarkGoal: Sendable, Equatable {
    /// What a goal's ratio is taken to.
    package enum Reference: Sendable, Equatable {
        /// The benchmark's baseline.
        case baseline
        /// Another case of the same benchmark, by name.
        case otherCase(String)
        /// No other case: the limit bounds the ``BenchmarkQuantity`` of this name the case measured, in
        /// `unit`.
        case quantity(String, unit: String)
    }

    /// The name of the case the goal is for.
    package var caseName: String
    /// The highest median time allowed, as a multiple of the reference's median time; for a quantity,
    /// its highest value.
    package var limit: Double
    /// What the time is compared with.
    package var reference: Reference

    /// A goal for the case named `caseName`: its median time at most `limit` times `reference`'s.
    ///
    /// - Parameters:
    ///   - caseName: The name of the case, as the benchmark labels it.
    ///   - limit: The largest ratio that meets the goal.
    ///   - reference: The baseline (the default) or another case.
    package init(case caseName: String, atMost limit: Double, relativeTo reference: Reference = .baseline) {
        self.caseName = caseName
        self.limit = limit
        self.reference = reference
    }

    /// The goal in words, such as `HTTPClient.send(router) ≤ 1.40× the baseline's time` or
    /// `HTTPClient.send(router): resident memory growth ≤ 16.0 MB`.
    package var description: String {
        switch reference {
        case .quantity: "\(caseName): \(bound)"
        default: "\(caseName) \(bound)"
        }
    }

    /// The bound without the case's name: `≤ 1.40× the baseline's time`, `≤ 0.35× URLSession.data(for:)'s
    /// time`, `resident memory growth ≤ 16.0 MB`.
    package var bound: String {
        switch reference {
        case .baseline: "≤ \(BenchmarkFormat.ratio(limit)) the baseline's time"
        case .otherCase(let name): "≤ \(BenchmarkFormat.ratio(limit)) \(name)'s time"
        case .quantity(let name, let unit): "\(name) ≤ \(BenchmarkQuantity.format(limit, unit: unit))"
        }
    }
}
