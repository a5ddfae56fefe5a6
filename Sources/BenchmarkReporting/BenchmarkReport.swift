import Foundation

/// A report of one run of the bench in Markdown: the machine and source it ran on, a table of the
/// goals, then per benchmark its chart (an SVG beside the file, see ``BenchmarkChart``), a table of
/// its cases beside the baseline and the notes of its runs.
///
/// ```swift
/// let report = BenchmarkReport(machine: machine, results: results)
/// try report.write(to: URL(fileURLWithPath: "docs/benchmarks"))  // benchmarks.md and the charts
/// ```
package struct BenchmarkReport: Sendable {
    /// Where and how the figures were measured.
    package var machine: MachineDescription
    /// The benchmarks' results, in the order they ran.
    package var results: [BenchmarkResult]

    /// The report of `results`, measured on `machine`.
    package init(machine: MachineDescription, results: [BenchmarkResult]) {
        self.machine = machine
        self.results = results
    }

    /// The name of the Markdown file in the report's folder.
    package static let fileName = "benchmarks.md"

    /// The whole Markdown document; charts are linked by their file names, relative to it.
    package func markdown() -> String {
        var lines = [
            "# ServiceUtils benchmarks", "",
            "Each benchmark times its cases beside a baseline (plain Foundation, curl, nginx, OpenSSL,"
                + " GeographicLib…) in the same run, in interleaved rounds. **Ratio** is the median time of a"
                + " case over the median time of its baseline: lower is better, and below 1.00× is faster than"
                + " the baseline. Wall times on a shared machine vary; ratios vary less.", "",
        ]
        lines += machineSection() + goalSection()
        for result in results { lines += section(for: result) }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Sections

    private func machineSection() -> [String] {
        var commit = machine.commit.map(\.markdownCode) ?? "not a git work tree"
        switch machine.hasUncommittedChanges {
        case true?: commit += " with uncommitted changes"
        case false?: commit += " (clean work tree)"
        case nil: break
        }
        let memory = machine.memoryKilobytes.map { String(format: "%.1f GiB", Double($0) / 1_048_576) } ?? "unknown"
        let system =
            machine.operatingSystem.markdownCellEscaped + (machine.kernel.map { ", " + $0.markdownCellEscaped } ?? "")
        return [
            "## Machine and source", "",
            "| | |", "|---|---|",
            "| Date (UTC) | \(machine.date.formatted(.iso8601)) |",
            "| Commit | \(commit) |",
            "| Command | \(machine.commandLine.markdownCode) |",
            "| CPU | \(machine.cpuModel.markdownCellEscaped), \(machine.cores) logical cores |",
            "| Memory | \(memory) |",
            "| Operating system | \(system) |",
            "| Toolchain | \(machine.toolchain.markdownCellEscaped) |", "",
        ]
    }

    private func goalSection() -> [String] {
        let goals = results.flatMap { result in result.goals.map { (result, result.outcome(of: $0)) } }
        guard !goals.isEmpty else { return [] }
        var lines = ["## Goals", "", "| Benchmark | Goal | Measured | Met |", "|---|---|--:|---|"]
        for (result, outcome) in goals {
            let link = "[\(result.name.markdownCellEscaped)](#\(Self.anchor(result.name)))"
            lines.append(
                "| \(link) | \(outcome.goal.description.markdownCellEscaped) | "
                    + "\(outcome.measuredDescription) | \(Self.verdict(outcome)) |")
        }
        return lines + [""]
    }

    private func section(for result: BenchmarkResult) -> [String] {
        var lines = ["## \(result.name.markdownCellEscaped)", "", result.summary.markdownCellEscaped, ""]
        if let failure = result.failure {
            return lines + ["**Failed:** \(failure.markdownCellEscaped)", ""]
        }
        lines.append(
            result.runs == 1 && result.warmups == 0
                ? "One run of each case, no warm-up."
                : "\(Self.counted(result.runs, "run")) of each case after \(Self.counted(result.warmups, "warm-up")).")
        lines.append("")
        let chart = BenchmarkChart(result: result)
        if chart.svg() != nil {
            lines += [
                "![\(result.name.markdownCellEscaped): ratio of each case to the baseline](\(chart.fileName))", "",
            ]
        }
        lines += table(for: result) + notes(for: result)
        return lines
    }

    private func table(for result: BenchmarkResult) -> [String] {
        var lines = [
            "| Case | Median | Min | Max | Throughput | Ratio to baseline | Goal | Met |",
            "|---|--:|--:|--:|--:|--:|---|---|",
        ]
        for benchmarkCase in result.allCases {
            let isBaseline = benchmarkCase.name == result.baseline?.name
            let name = benchmarkCase.name.markdownCellEscaped + (isBaseline ? " (baseline)" : "")
            let throughput = result.work.flatMap { BenchmarkFormat.throughput($0, in: benchmarkCase.median) } ?? "–"
            let ratio = isBaseline ? "1.00×" : result.timeRatio(of: benchmarkCase).map(BenchmarkFormat.ratio) ?? "–"
            let outcomes = isBaseline ? [] : result.outcomes(forCase: benchmarkCase.name)
            let goals = outcomes.map { $0.goal.bound.markdownCellEscaped }
            let cells = [
                name, BenchmarkFormat.duration(benchmarkCase.median), BenchmarkFormat.duration(benchmarkCase.min),
                BenchmarkFormat.duration(benchmarkCase.max), throughput, ratio,
                goals.isEmpty ? "–" : goals.joined(separator: "<br>"),
                outcomes.isEmpty ? "–" : outcomes.map(Self.verdict).joined(separator: "<br>"),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines + [""]
    }

    private func notes(for result: BenchmarkResult) -> [String] {
        var lines: [String] = []
        for benchmarkCase in result.allCases {
            var items: [String] = []
            if let cpu = benchmarkCase.cpu {
                let ratio = benchmarkCase.name == result.baseline?.name ? nil : result.cpuRatio(of: benchmarkCase)
                items.append(
                    "process CPU, median \(BenchmarkFormat.duration(cpu))"
                        + (ratio.map { ": \(BenchmarkFormat.ratio($0)) the baseline's" } ?? ""))
            }
            if let peak = benchmarkCase.peakResident {
                let ratio = benchmarkCase.name == result.baseline?.name ? nil : result.memoryRatio(of: benchmarkCase)
                items.append(
                    "peak resident memory \(BenchmarkFormat.megabytes(peak)) MB"
                        + (ratio.map { ": \(BenchmarkFormat.ratio($0)) the baseline's" } ?? ""))
            }
            if let comparison = result.referenceComparison(of: benchmarkCase) { items.append(comparison.description) }
            items += benchmarkCase.quantities.map { "\($0.name): \($0.formattedValue)" }
            items += benchmarkCase.notes
            guard !items.isEmpty else { continue }
            lines.append("- **\(benchmarkCase.name.markdownCellEscaped)**")
            lines += items.map { "  - \($0.markdownCellEscaped)" }
        }
        return lines.isEmpty ? [] : lines + [""]
    }

    // MARK: - Helpers

    /// `1 run`, `10 runs`, `0 warm-ups`.
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `✅ yes`, `❌ no` or `not measured`: a mark that a glance finds, and the word.
    private static func verdict(_ outcome: GoalOutcome) -> String {
        switch outcome.isMet {
        case true?: "✅ yes"
        case false?: "❌ no"
        case nil: "not measured"
        }
    }

    /// The anchor a code host gives a heading: lower case, spaces as `-`, other punctuation but `-`
    /// and `_` dropped (`NetworkKit.tlsGETs` → `networkkittlsgets`).
    package static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_"
                    ? character : nil
            })
    }
}
