// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    /// Times the cases of benchmarks and prints the report.
    struct BenchmarkRunner {
        var runs: Int
        var warmups: Int

        /// The statistics of one case.
        struct Statistics {
            var median: Duration
            var min: Duration
            var max: Duration
            var notes: [String]
            /// The median CPU time, when every sample measured it.
            var cpu: Duration?
            /// The highest peak resident memory in kB, when every sample measured it.
            var peakResident: Int?
        }

        /// Runs one benchmark, printing its table; returns false when it failed.
        func run(_ benchmark: Benchmark) async -> Bool {
            print("\(benchmark.name) — \(benchmark.summary)")
            let prepared: PreparedBenchmark
            do {
                prepared = try await benchmark.prepare()
            } catch {
                print("  FAILED to prepare: \(error)")
                return false
            }
            defer { print() }
            do {
                let all = [prepared.baseline] + prepared.cases
                let statistics = try await measureInterleaved(all, repetition: prepared.repetition)
                let byName = Dictionary(zip(all.map(\.name), statistics)) { first, _ in first }
                printHeader()
                printRow(
                    prepared.baseline.name + " (baseline)", statistics[0], baseline: nil, work: prepared.workPerRun)
                for (benchmarkCase, caseStatistics) in zip(prepared.cases, statistics.dropFirst()) {
                    printRow(
                        benchmarkCase.name, caseStatistics, baseline: statistics[0], work: prepared.workPerRun,
                        reference: benchmarkCase.reference.map { ($0, byName[$0]) })
                }
                await prepared.tearDown()
                return true
            } catch {
                print("  FAILED: \(error)")
                await prepared.tearDown()
                return false
            }
        }

        /// Times the cases in turn, one run of each per round, so a slow spell of the machine, or a
        /// warm-up effect, falls on every case alike rather than on one; each round starts one case
        /// later (baseline, case 1, case 2; then case 1, case 2, baseline; …), so no case always runs
        /// right after the same other one.
        private func measureInterleaved(
            _ cases: [BenchmarkCase], repetition: PreparedBenchmark.Repetition
        ) async throws -> [Statistics] {
            let (runs, warmups) = repetition == .once ? (1, 0) : (self.runs, self.warmups)
            if repetition == .once {
                print("  (one run, no warm-up: each run is long, and warms itself up or measures fresh processes)")
            }
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
            return samples.map(Self.statistics)
        }

        private static func statistics(of samples: [BenchmarkSample]) -> Statistics {
            let sorted = samples.map(\.duration).sorted()
            let median = Self.median(sorted) ?? .zero
            let notes = Array(Set(samples.compactMap(\.note))).sorted()
            let cpu = samples.compactMap(\.cpu).sorted()
            let peaks = samples.compactMap(\.peakResident)
            return Statistics(
                median: median, min: sorted[0], max: sorted[sorted.count - 1], notes: notes,
                cpu: cpu.count == samples.count ? Self.median(cpu) : nil,
                peakResident: peaks.count == samples.count ? peaks.max() : nil)
        }

        private static func median(_ sorted: [Duration]) -> Duration? {
            guard !sorted.isEmpty else { return nil }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }

        private func printHeader() {
            let columns = [
                pad("case", 38), pad("median", 12), pad("min", 12), pad("max", 12), pad("throughput", 18), "ratio",
            ]
            print("  " + columns.joined())
        }

        private func printRow(
            _ name: String, _ statistics: Statistics, baseline: Statistics?, work: PreparedBenchmark.Work?,
            reference: (name: String, statistics: Statistics?)? = nil
        ) {
            var throughput = ""
            if let work {
                let seconds = statistics.median.seconds
                if seconds > 0 { throughput = Self.format(rate: work.amount / seconds, unit: work.unit) }
            }
            var ratio = "1.00 (baseline)"
            if let baseline {
                let cost = statistics.median.seconds / max(baseline.median.seconds, 1e-12)
                ratio = String(format: "%.2f× baseline time (speed %.2f×)", cost, 1 / max(cost, 1e-12))
            }
            let columns = [
                pad(name, 38), pad(Self.format(statistics.median), 12), pad(Self.format(statistics.min), 12),
                pad(Self.format(statistics.max), 12), pad(throughput, 18), ratio,
            ]
            print("  " + columns.joined())
            if let cpu = statistics.cpu {
                var line = "      process CPU, median \(Self.format(cpu))"
                if let baselineCPU = baseline?.cpu {
                    line += String(format: ": %.2f× the baseline's", cpu.seconds / max(baselineCPU.seconds, 1e-12))
                }
                print(line)
            }
            if let peak = statistics.peakResident {
                var line = "      peak resident memory \(ProcessMemory.megabytes(peak)) MB"
                if let baselinePeak = baseline?.peakResident {
                    line += String(format: ": %.2f× the baseline's", Double(peak) / Double(max(baselinePeak, 1)))
                }
                print(line)
            }
            if let reference { printComparison(statistics, with: reference.name, reference.statistics) }
            for note in statistics.notes { print("      \(note)") }
        }

        /// The line under a case's row giving its time and CPU ratios to another case, its reference.
        private func printComparison(_ statistics: Statistics, with name: String, _ reference: Statistics?) {
            guard let reference else { return print("      (no case named \(name) to compare with)") }
            var line =
                "      vs \(name): "
                + String(format: "%.2f× its time", statistics.median.seconds / max(reference.median.seconds, 1e-12))
            if let cpu = statistics.cpu, let referenceCPU = reference.cpu {
                line += String(format: ", %.2f× its CPU", cpu.seconds / max(referenceCPU.seconds, 1e-12))
            }
            print(line)
        }

        private func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
        }

        static func format(_ duration: Duration) -> String {
            let seconds = duration.seconds
            switch seconds {
            case ..<1e-6: return String(format: "%.1f ns", seconds * 1e9)
            case ..<1e-3: return String(format: "%.2f µs", seconds * 1e6)
            case ..<1: return String(format: "%.2f ms", seconds * 1e3)
            default: return String(format: "%.3f s", seconds)
            }
        }

        static func format(rate: Double, unit: String) -> String {
            if unit == "B" { return String(format: "%.1f MB/s", rate / 1e6) }
            switch rate {
            case 1e6...: return String(format: "%.2f M %@/s", rate / 1e6, unit)
            case 1e3...: return String(format: "%.1f k %@/s", rate / 1e3, unit)
            default: return String(format: "%.1f %@/s", rate, unit)
            }
        }
    }

    extension Duration {
        /// The duration in seconds as a `Double`.
        var seconds: Double {
            let parts = components
            return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        }
    }
#endif
