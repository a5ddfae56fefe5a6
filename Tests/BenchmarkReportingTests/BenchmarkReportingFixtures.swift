import BenchmarkReporting
import Foundation

/// Results and a machine made up for the tests: figures chosen so that every ratio is easy to check.
enum BenchmarkReportingFixtures {
    /// A request benchmark: curl 100 ms, ours 120 ms (1.2×, goal ≤ 1.4× met), URLSession 400 ms, and a
    /// goal of ≤ 0.25× URLSession's that ours misses (0.3×); CPU measured for every case.
    static let requests = BenchmarkResult(
        name: "NetworkKit.sequentialGETs", summary: "2000 GETs | one at a time <fast>",
        goals: [
            BenchmarkGoal(case: "HTTPClient.send(router)", atMost: 1.4),
            BenchmarkGoal(
                case: "HTTPClient.send(router)", atMost: 0.25, relativeTo: .otherCase("URLSession.data(for:)")),
        ],
        work: BenchmarkWork(amount: 2_000, unit: "requests"), runs: 10, warmups: 1,
        baseline: CaseResult(
            name: "curl -K, one process", median: .milliseconds(100), min: .milliseconds(90),
            max: .milliseconds(130), cpu: .milliseconds(50)),
        cases: [
            CaseResult(
                name: "HTTPClient.send(router)", median: .milliseconds(120), min: .milliseconds(110),
                max: .milliseconds(140), cpu: .milliseconds(40), reference: "URLSession.data(for:)",
                notes: ["requests served 2000 (HTTP/1.1 ×2000), new connections 1"]),
            CaseResult(
                name: "URLSession.data(for:)", median: .milliseconds(400), min: .milliseconds(380),
                max: .milliseconds(450), cpu: .milliseconds(200)),
        ])

    /// A benchmark without goals whose case names hold every character XML and Markdown treat specially.
    static let awkwardNames = BenchmarkResult(
        name: "StringKit.<odd> & \"names\"", summary: "a | b * c _d_ `e` [f](g) <h> \\ #i\nsecond line", runs: 1,
        warmups: 0,
        baseline: CaseResult(
            name: "plain & <simple>", median: .microseconds(10), min: .microseconds(9), max: .microseconds(12)),
        cases: [
            CaseResult(
                name: "ours | 'quoted' \"double\" *star*", median: .microseconds(5), min: .microseconds(4),
                max: .microseconds(6), notes: ["a note with | and <tag>"])
        ])

    /// A benchmark that failed before it measured anything.
    static let failed = BenchmarkResult(
        name: "GeoKit.inverseBatch", summary: "200,000 inverse geodesics", runs: 10, warmups: 1, baseline: nil,
        cases: [], failure: "could not prepare: GeodSolve is not installed")

    static let machine = MachineDescription(
        cpuModel: "AMD EPYC | test", cores: 2, memoryKilobytes: 24_683_584,
        operatingSystem: "Debian GNU/Linux 12 (bookworm)", kernel: "Linux 6.1.0",
        toolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE); Target: x86_64-unknown-linux-gnu",
        date: Date(timeIntervalSince1970: 1_764_644_400), commit: "0123456789abcdef0123456789abcdef01234567",
        hasUncommittedChanges: false, commandLine: "scripts/bench --filter 'Money|x' --report docs/benchmarks")
}
