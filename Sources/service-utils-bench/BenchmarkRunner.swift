// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation

    /// Times the cases of benchmarks, prints each one's table and returns its result for the report.
    struct BenchmarkRunner {
        var runs: Int
        var warmups: Int

        /// Runs one benchmark, printing its table; the result's `failure` says when it failed.
        func run(_ benchmark: Benchmark) async -> BenchmarkResult {
            print("\(benchmark.name) — \(benchmark.summary)")
            for goal in benchmark.goals { print("  goal: \(goal.description)") }
            var result = BenchmarkResult(
                name: benchmark.name, summary: benchmark.summary, goals: benchmark.goals, runs: runs,
                warmups: warmups, baseline: nil, cases: [])
            let prepared: PreparedBenchmark
            do {
                prepared = try await benchmark.prepare()
            } catch {
                print("  FAILED to prepare: \(error)")
                print()
                result.failure = "could not prepare: \(error)"
                return result
            }
            defer { print() }
            result.work = prepared.workPerRun
            switch prepared.repetition {
            case .asRequested:
                break
            case .once:
                (result.runs, result.warmups) = (1, 0)
                print("  (one run, no warm-up: each run is long, and warms itself up or measures fresh processes)")
            case .atLeast(let minimum) where result.runs < minimum:
                result.runs = minimum
                print("  (\(minimum) runs at least: its goals bound ratios near 1, which fewer runs cannot tell)")
            case .atLeast:
                break
            }
            do {
                let all = [prepared.baseline] + prepared.cases
                let measured = try await measureInterleaved(all, runs: result.runs, warmups: result.warmups)
                result.baseline = measured[0]
                result.cases = Array(measured.dropFirst())
                printTable(of: result)
            } catch {
                print("  FAILED: \(error)")
                result.failure = "\(error)"
            }
            await prepared.tearDown()
            return result
        }

        /// Times the cases in turn, one run of each per round, so a slow spell of the machine, or a
        /// warm-up effect, falls on every case alike rather than on one; each round starts one case
        /// later (baseline, case 1, case 2; then case 1, case 2, baseline; …), so no case always runs
        /// right after the same other one.
        private func measureInterleaved(_ cases: [BenchmarkCase], runs: Int, warmups: Int) async throws
            -> [CaseResult]
        {
            for _ in 0..<warmups {
                for benchmarkCase in cases { _ = try await benchmarkCase.measure() }
            }
            var samples = Array(repeating: [BenchmarkSample](), count: cases.count)
            for round in 0..<runs {
                for step in cases.indices {
                    let index = (round + step) % cases.count
                    samples[index].append(try await cases[index].measure())
                }
            }
            return zip(cases, samples).map { Self.result(of: $0, samples: $1) }
        }

        private static func result(of benchmarkCase: BenchmarkCase, samples: [BenchmarkSample]) -> CaseResult {
            let sorted = samples.map(\.duration).sorted()
            let cpu = samples.compactMap(\.cpu).sorted()
            let peaks = samples.compactMap(\.peakResident)
            return CaseResult(
                name: benchmarkCase.name, median: median(sorted) ?? .zero, min: sorted[0],
                max: sorted[sorted.count - 1], cpu: cpu.count == samples.count ? median(cpu) : nil,
                peakResident: peaks.count == samples.count ? peaks.max() : nil, reference: benchmarkCase.reference,
                notes: Array(Set(samples.compactMap(\.note))).sorted(),
                quantities: largest(samples.flatMap(\.quantities)))
        }

        /// Each quantity's largest value over the runs, in the order they first appear.
        private static func largest(_ quantities: [BenchmarkQuantity]) -> [BenchmarkQuantity] {
            var result: [BenchmarkQuantity] = []
            for quantity in quantities {
                if let index = result.firstIndex(where: { $0.name == quantity.name && $0.unit == quantity.unit }) {
                    result[index].value = max(result[index].value, quantity.value)
                } else {
                    result.append(quantity)
                }
            }
            return result
        }

        private static func median(_ sorted: [Duration]) -> Duration? {
            guard !sorted.isEmpty else { return nil }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }

        // MARK: - Printing

        private func printTable(of result: BenchmarkResult) {
            let columns = [
                pad("case", 38), pad("median", 12), pad("min", 12), pad("max", 12), pad("throughput", 18), "ratio",
            ]
            print("  " + columns.joined())
            for benchmarkCase in result.allCases { printRow(benchmarkCase, of: result) }
            for goal in result.goals {
                let outcome = result.outcome(of: goal)
                let verdict = outcome.isMet.map { $0 ? "met" : "MISSED" } ?? "not measured"
                print(
                    "  goal \(goal.description): \(verdict)"
                        + (outcome.measured == nil ? "" : " (\(outcome.measuredDescription))"))
            }
        }

        private func printRow(_ benchmarkCase: CaseResult, of result: BenchmarkResult) {
            let isBaseline = benchmarkCase.name == result.baseline?.name
            let throughput = result.work.flatMap { BenchmarkFormat.throughput($0, in: benchmarkCase.median) } ?? ""
            var ratio = "1.00 (baseline)"
            if !isBaseline, let cost = result.timeRatio(of: benchmarkCase) {
                ratio = String(format: "%.2f× baseline time (speed %.2f×)", cost, 1 / max(cost, 1e-12))
            }
            let columns = [
                pad(benchmarkCase.name + (isBaseline ? " (baseline)" : ""), 38),
                pad(BenchmarkFormat.duration(benchmarkCase.median), 12),
                pad(BenchmarkFormat.duration(benchmarkCase.min), 12),
                pad(BenchmarkFormat.duration(benchmarkCase.max), 12), pad(throughput, 18), ratio,
            ]
            print("  " + columns.joined())
            if let cpu = benchmarkCase.cpu {
                let share = isBaseline ? nil : result.cpuRatio(of: benchmarkCase)
                print(
                    "      process CPU, median \(BenchmarkFormat.duration(cpu))"
                        + (share.map { String(format: ": %.2f× the baseline's", $0) } ?? ""))
            }
            if let peak = benchmarkCase.peakResident {
                let share = isBaseline ? nil : result.memoryRatio(of: benchmarkCase)
                print(
                    "      peak resident memory \(BenchmarkFormat.megabytes(peak)) MB"
                        + (share.map { String(format: ": %.2f× the baseline's", $0) } ?? ""))
            }
            if let comparison = result.referenceComparison(of: benchmarkCase) {
                print("      \(comparison.description)")
            }
            for quantity in benchmarkCase.quantities { print("      \(quantity.name): \(quantity.formattedValue)") }
            for note in benchmarkCase.notes { print("      \(note)") }
        }

        private func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
        }
    }
#endif
