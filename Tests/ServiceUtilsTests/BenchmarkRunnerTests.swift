import Foundation
import ServiceUtilsTestSupport
import Testing

/// Runs the built `service-utils-bench` and checks its listing, its report and its usage errors.
///
/// Only the shape of the report is checked: timings never go into tests.
@Suite("service-utils-bench")
struct BenchmarkRunnerTests {
    func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = try BuiltProducts.executable("service-utils-bench")
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }

    @Test("--list names the harness case")
    func list() throws {
        let outcome = try run(["--list"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("Foundation.jsonEncoding"))
    }

    @Test("a run prints the baseline row and a ratio row for each case")
    func report() throws {
        // When the harness case runs once without warm-up
        let outcome = try run(["--filter", "Foundation.jsonEncoding", "--runs", "1", "--warmup", "0"])
        // Then it prints the baseline and a ratio to it
        #expect(outcome.status == 0, "\(outcome.error)")
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.contains { $0.contains("(baseline)") && $0.contains("1.00") })
        #expect(lines.contains { $0.contains("JSONEncoder") && $0.contains("× baseline time") })
    }

    @Test("bad arguments exit 64 with a usage line", arguments: [["--runs", "0"], ["--runs"], ["--bogus"]])
    func badArguments(arguments: [String]) throws {
        let outcome = try run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("usage: service-utils-bench"))
    }

    @Test("a filter that matches nothing is a usage error")
    func emptyFilter() throws {
        let outcome = try run(["--filter", "no-such-benchmark"])
        #expect(outcome.status == 64)
    }
}
