import Foundation
import ServiceUtilsTestSupport
import Testing

/// Runs the built `service-utils-bench` and checks its listing, its report and its usage errors.
///
/// Only the shape of the report is checked: timings never go into tests.
@Suite("service-utils-bench")
struct BenchmarkRunnerTests {
    @Test("--list names the harness case")
    func list() async throws {
        let outcome = try await CommandRunner.run(["--list"], product: "service-utils-bench")
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("Foundation.jsonEncoding"))
    }

    @Test("a run prints the baseline row and a ratio row for each case")
    func report() async throws {
        // When the harness case runs once without warm-up
        let outcome = try await CommandRunner.run(
            ["--filter", "Foundation.jsonEncoding", "--runs", "1", "--warmup", "0"], product: "service-utils-bench")
        // Then it prints the baseline and a ratio to it
        #expect(outcome.status == 0, "\(outcome.error)")
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.contains { $0.contains("(baseline)") && $0.contains("1.00") })
        #expect(lines.contains { $0.contains("JSONEncoder") && $0.contains("× baseline time") })
    }

    @Test("bad arguments exit 64 with a usage line", arguments: [["--runs", "0"], ["--runs"], ["--bogus"]])
    func badArguments(arguments: [String]) async throws {
        let outcome = try await CommandRunner.run(arguments, product: "service-utils-bench")
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("usage: service-utils-bench"))
    }

    @Test("a filter that matches nothing is a usage error")
    func emptyFilter() async throws {
        let outcome = try await CommandRunner.run(["--filter", "no-such-benchmark"], product: "service-utils-bench")
        #expect(outcome.status == 64)
    }
}
