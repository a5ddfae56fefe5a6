import BenchmarkReporting
import Testing

@Suite("BenchmarkResult ratios and goals")
struct BenchmarkResultTests {
    @Test("a goal relative to the baseline compares the case's median with the baseline's")
    func goalRelativeToBaseline() throws {
        // Given ours at 120 ms against a 100 ms baseline and a goal of at most 1.4×
        let result = BenchmarkReportingFixtures.requests
        // When the goal is judged
        let outcome = result.outcome(of: result.goals[0])
        // Then the ratio is 1.2, the goal met, and the chart draws it at 1.4
        #expect(try #require(outcome.measured) == 1.2)
        #expect(outcome.isMet == true)
        #expect(outcome.limitToBaseline == 1.4)
    }

    @Test("a goal relative to another case is judged against that case and drawn on the baseline's scale")
    func goalRelativeToOtherCase() throws {
        // Given ours at 120 ms, URLSession at 400 ms (4× the baseline) and a goal of at most 0.25× URLSession
        let result = BenchmarkReportingFixtures.requests
        // When the goal is judged
        let outcome = result.outcome(of: result.goals[1])
        // Then the ratio is 0.3, the goal missed, and its line sits at 0.25 × 4 = 1.0 of the baseline
        #expect(abs(try #require(outcome.measured) - 0.3) < 1e-9)
        #expect(outcome.isMet == false)
        #expect(abs(try #require(outcome.limitToBaseline) - 1.0) < 1e-9)
    }

    @Test("a goal for a case that did not run cannot be judged")
    func goalForMissingCase() {
        // Given a goal naming a case the benchmark does not have
        let result = BenchmarkReportingFixtures.requests
        // When it is judged
        let outcome = result.outcome(of: BenchmarkGoal(case: "nobody", atMost: 1))
        // Then there is no ratio and no verdict
        #expect(outcome.measured == nil)
        #expect(outcome.isMet == nil)
    }

    @Test("a quantity goal bounds the largest value the case measured, in its unit, and has no line on the time axis")
    func quantityGoal() throws {
        // Given a case that measured 0.4 MB and 20.6 MB of memory growth, and goals of at most 16 MB
        // and of at most 1 s of a quantity it did not measure
        let memory = BenchmarkQuantity(name: "resident memory growth", value: 20.6, unit: "MB")
        let result = BenchmarkResult(
            name: "NetworkKit.requestMemory", summary: "200,000 GETs", runs: 1, warmups: 0,
            baseline: CaseResult(name: "URLSession", median: .seconds(2), min: .seconds(2), max: .seconds(2)),
            cases: [
                CaseResult(
                    name: "HTTPClient", median: .seconds(1), min: .seconds(1), max: .seconds(1),
                    quantities: [memory])
            ])
        let bounded = BenchmarkGoal(case: "HTTPClient", atMost: 16, relativeTo: .quantity(memory.name, unit: "MB"))
        let other = BenchmarkGoal(case: "HTTPClient", atMost: 1, relativeTo: .quantity("stall", unit: "s"))
        // When they are judged
        let outcome = result.outcome(of: bounded)
        let unmeasured = result.outcome(of: other)
        // Then the first is missed at 20.6 MB, says so in words, and is not drawn; the second has no verdict
        #expect(outcome.measured == 20.6)
        #expect(outcome.isMet == false)
        #expect(outcome.limitToBaseline == nil)
        #expect(outcome.measuredDescription == "20.6 MB")
        #expect(bounded.description == "HTTPClient: resident memory growth ≤ 16.0 MB")
        #expect(unmeasured.measured == nil)
        #expect(unmeasured.isMet == nil)
        #expect(unmeasured.measuredDescription == "–")
        // And a growth that rounds to zero is written without a sign
        #expect(BenchmarkQuantity.format(-0.04, unit: "MB") == "0.0 MB")
        // And the report's goal table and the case's notes give the figure
        let markdown = BenchmarkReport(
            machine: BenchmarkReportingFixtures.machine,
            results: [
                BenchmarkResult(
                    name: result.name, summary: result.summary, goals: [bounded], runs: 1, warmups: 0,
                    baseline: result.baseline, cases: result.cases)
            ]
        ).markdown()
        #expect(markdown.contains("| HTTPClient: resident memory growth ≤ 16.0 MB | 20.6 MB | ❌ no |"))
        #expect(markdown.contains("  - resident memory growth: 20.6 MB"))
    }

    @Test("CPU ratios and the comparison with a case's reference")
    func cpuAndReference() throws {
        // Given cases that measured CPU time, ours naming URLSession as its reference
        let result = BenchmarkReportingFixtures.requests
        let ours = result.cases[0]
        // When their ratios are taken
        let cpu = try #require(result.cpuRatio(of: ours))
        let comparison = try #require(result.referenceComparison(of: ours))
        // Then CPU is 40/50 of the baseline's, and time and CPU are 0.3× and 0.2× URLSession's
        #expect(abs(cpu - 0.8) < 1e-9)
        #expect(comparison.description == "vs URLSession.data(for:): 0.30× its time, 0.20× its CPU")
        #expect(result.memoryRatio(of: ours) == nil)
    }

    @Test("figures are written with their units")
    func formats() {
        // Given durations, a rate and a ratio
        // When they are formatted
        // Then each has the unit that keeps it short
        #expect(BenchmarkFormat.duration(.nanoseconds(812)) == "812.0 ns")
        #expect(BenchmarkFormat.duration(.microseconds(4_210)) == "4.21 ms")
        #expect(BenchmarkFormat.duration(.milliseconds(2_034)) == "2.034 s")
        #expect(BenchmarkFormat.rate(3_400, unit: "requests") == "3.4 k requests/s")
        #expect(BenchmarkFormat.rate(16_000_000, unit: "B") == "16.0 MB/s")
        #expect(BenchmarkFormat.ratio(1.4) == "1.40×")
        #expect(BenchmarkFormat.megabytes(28_058) == "27.4")
    }
}
