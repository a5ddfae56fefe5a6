import BenchmarkReporting
import Foundation
import Testing

@Suite("BenchmarkReport")
struct BenchmarkReportTests {
    let report = BenchmarkReport(
        machine: BenchmarkReportingFixtures.machine,
        results: [
            BenchmarkReportingFixtures.requests, BenchmarkReportingFixtures.awkwardNames,
            BenchmarkReportingFixtures.failed,
        ])

    @Test("the header gives the machine, the toolchain, the date, the commit and the command")
    func header() {
        // Given a report of a run on a described machine
        // When it is written as Markdown
        let markdown = report.markdown()
        // Then each fact has its row, the command as code with its | escaped for the table
        #expect(markdown.hasPrefix("# ServiceUtils benchmarks\n"))
        #expect(markdown.contains("| Date (UTC) | 2025-12-02T03:00:00Z |"))
        #expect(markdown.contains("| Commit | `0123456789abcdef0123456789abcdef01234567` (clean work tree) |"))
        #expect(markdown.contains("| Command | `scripts/bench --filter 'Money\\|x' --report docs/benchmarks` |"))
        #expect(markdown.contains("| CPU | AMD EPYC \\| test, 2 logical cores |"))
        #expect(markdown.contains("| Memory | 23.5 GiB |"))
        #expect(markdown.contains("| Operating system | Debian GNU/Linux 12 (bookworm), Linux 6.1.0 |"))
        #expect(
            markdown.contains(
                "| Toolchain | Swift version 6.3.1 (swift-6.3.1-RELEASE); Target: x86\\_64-unknown-linux-gnu |"))
    }

    @Test("each benchmark has its chart, a row per case with its figures, and its goals judged")
    func benchmarkSection() {
        // Given the request benchmark's result
        // When the report is written
        let markdown = report.markdown()
        // Then its section links its chart and gives the baseline and each case their rows
        #expect(markdown.contains("## NetworkKit.sequentialGETs\n"))
        #expect(markdown.contains("](NetworkKit.sequentialGETs.svg)"))
        #expect(
            markdown.contains(
                "| curl -K, one process (baseline) | 100.00 ms | 90.00 ms | 130.00 ms | 20.0 k requests/s | 1.00× | – | – |"
            ))
        #expect(
            markdown.contains(
                "| HTTPClient.send(router) | 120.00 ms | 110.00 ms | 140.00 ms | 16.7 k requests/s | 1.20× "
                    + "| ≤ 1.40× the baseline's time<br>≤ 0.25× URLSession.data(for:)'s time | ✅ yes<br>❌ no |"))
        // And the goals table judges both goals, and the notes give CPU and the reference comparison
        #expect(
            markdown.contains(
                "| [NetworkKit.sequentialGETs](#networkkitsequentialgets) | HTTPClient.send(router) ≤ 1.40× the baseline's time | 1.20× | ✅ yes |"
            ))
        #expect(markdown.contains("  - process CPU, median 40.00 ms: 0.80× the baseline's"))
        #expect(markdown.contains("  - vs URLSession.data(for:): 0.30× its time, 0.20× its CPU"))
    }

    @Test("table cells escape what Markdown would read as syntax")
    func escapesCells() throws {
        // Given a benchmark whose names and notes hold |, *, _, backticks, brackets and <tags>
        let markdown = report.markdown()
        // When its case's row is found
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| ours") })
        // Then it still has exactly eight cells: every | inside a name is escaped
        let cells = row.replacingOccurrences(of: "\\|", with: "").split(
            separator: "|", omittingEmptySubsequences: false)
        #expect(cells.count == 8 + 2)
        #expect(row.hasPrefix("| ours \\| 'quoted' \"double\" \\*star\\* |"))
        #expect(markdown.contains("  - a note with \\| and \\<tag\\>"))
        #expect(markdown.contains("| plain \\& \\<simple\\> (baseline) |"))
        #expect(markdown.contains("a \\| b \\* c \\_d\\_ \\`e\\` \\[f\\](g) \\<h\\> \\\\ \\#i second line"))
    }

    @Test("a failed benchmark says why and has no chart")
    func failedBenchmark() {
        // Given a benchmark that could not prepare
        let markdown = report.markdown()
        // When the report is written
        // Then its section gives the reason and links no image
        #expect(
            markdown.contains(
                "## GeoKit.inverseBatch\n\n200,000 inverse geodesics\n\n**Failed:** could not prepare: GeodSolve is not installed\n"
            ))
        #expect(!markdown.contains("GeoKit.inverseBatch.svg"))
    }

    @Test("writing puts benchmarks.md and one SVG per charted benchmark in the folder")
    func writesFiles() throws {
        // Given an empty folder
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // When the report is written into a folder inside it
        let written = try report.write(to: folder.appendingPathComponent("docs"))
        // Then the Markdown comes first, then the two charts (the failed benchmark has none)
        #expect(
            written.map(\.lastPathComponent) == [
                "benchmarks.md", "NetworkKit.sequentialGETs.svg", "StringKit.-odd-----names-.svg",
            ])
        let markdown = try String(contentsOf: written[0], encoding: .utf8)
        #expect(markdown == report.markdown())
    }

    @Test("a folder that cannot be made is an error, and the file in its way is left as it was")
    func unwritableFolder() throws {
        // Given a regular file where the report's folder would go (root may write anywhere, but no
        // one can make a folder inside a file)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("docs")
        try Data("kept".utf8).write(to: blocker)
        // When the report is written into a folder below that file
        // Then it throws, and the file still holds what it held
        #expect(throws: (any Error).self) { try report.write(to: blocker.appendingPathComponent("benchmarks")) }
        #expect(throws: (any Error).self) { try report.write(to: blocker) }
        #expect(try Data(contentsOf: blocker) == Data("kept".utf8))
    }

    @Test("heading anchors follow the code host's rule")
    func anchors() {
        // Given headings with dots, dashes and spaces
        // When their anchors are made
        // Then dots go, dashes stay, spaces become dashes, letters are lower case
        #expect(BenchmarkReport.anchor("NetworkKit.tlsGETs") == "networkkittlsgets")
        #expect(BenchmarkReport.anchor("SecurityKit.sha3-224") == "securitykitsha3-224")
        #expect(BenchmarkReport.anchor("Machine and source") == "machine-and-source")
    }
}
