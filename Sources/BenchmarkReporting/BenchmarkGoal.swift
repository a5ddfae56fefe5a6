/// A time a benchmark promises for one of its cases: at most `limit` times the time of the baseline or
/// of another case of the same benchmark, measured in the same run.
///
/// ```swift
/// BenchmarkGoal(case: "HTTPClient.send(router)", atMost: 1.4)  // ≤ 1.4× the baseline's time
/// BenchmarkGoal(case: "HTTPClient.send(router)", atMost: 0.35, relativeTo: .otherCase("URLSession.data(for:)"))
/// ```
package struct BenchmarkGoal: Sendable, Equatable {
    /// What a goal's ratio is taken to.
    package enum Reference: Sendable, Equatable {
        /// The benchmark's baseline.
        case baseline
        /// Another case of the same benchmark, by name.
        case otherCase(String)
    }

    /// The name of the case the goal is for.
    package var caseName: String
    /// The highest median time allowed, as a multiple of the reference's median time.
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

    /// The goal in words, such as `HTTPClient.send(router) ≤ 1.40× the baseline's time`.
    package var description: String {
        "\(caseName) ≤ \(BenchmarkFormat.ratio(limit)) \(referenceDescription)'s time"
    }

    /// What the goal is relative to, in words: `the baseline` or the other case's name.
    package var referenceDescription: String {
        switch reference {
        case .baseline: "the baseline"
        case .otherCase(let name): name
        }
    }
}
