// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation

    /// `service-utils-bench`: runs named benchmarks in one process, each beside its baseline.
    @main
    enum ServiceUtilsBench {
        static let usage =
            "usage: service-utils-bench [--list] [--filter NAME] [--runs N] [--warmup N] [--report DIRECTORY]"

        static func main() async {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == MockServerChild.flag { await MockServerChild.serve(Array(arguments.dropFirst())) }
            let commandLine = Self.commandLine(arguments)
            var filter: String?
            var report: URL?
            var runs = 10
            var warmups = 1
            var list = false
            while !arguments.isEmpty {
                let word = arguments.removeFirst()
                switch word {
                case "--list": list = true
                case "--help", "-h":
                    print(usage)
                    print("Times each case after a warm-up and prints median, min, max and the ratio to its baseline.")
                    print(
                        "--report DIRECTORY also writes DIRECTORY/\(BenchmarkReport.fileName) and an SVG chart per benchmark."
                    )
                    print("(\(MockServerChild.flag) PORT RECORD runs the MockServer process a benchmark starts.)")
                    exit(0)
                case "--filter", "--runs", "--warmup", "--report":
                    guard !arguments.isEmpty else { fail("\(word) needs a value") }
                    let value = arguments.removeFirst()
                    if word == "--report" {
                        report = URL(fileURLWithPath: value, isDirectory: true)
                    } else if word == "--filter" {
                        filter = value
                    } else if let number = Int(value), number >= (word == "--runs" ? 1 : 0), number <= 10_000 {
                        if word == "--runs" { runs = number } else { warmups = number }
                    } else {
                        fail("\(word) takes a whole number (\(word == "--runs" ? 1 : 0) to 10000)")
                    }
                default: fail("unknown argument \(word)")
                }
            }
            let selected = BenchmarkRegistry.all.filter { benchmark in
                guard let filter else { return true }
                return benchmark.name.localizedCaseInsensitiveContains(filter)
            }
            if list {
                for benchmark in selected {
                    let goals = benchmark.goals.map { "; goal: \($0.description)" }.joined()
                    print("\(benchmark.name)\t\(benchmark.summary)\(goals)")
                }
                exit(0)
            }
            guard !selected.isEmpty else { fail("no benchmark matches '\(filter ?? "")' (see --list)") }
            print("service-utils-bench: \(selected.count) benchmark(s), \(runs) run(s) after \(warmups) warm-up(s)")
            print("ratio = median time of the case / median time of its baseline in this run (lower is better)")
            print()
            // Read before the run, so that a report written into the work tree does not count as a change.
            let machine = report.map { _ in MachineDescription.current(commandLine: commandLine) }
            let runner = BenchmarkRunner(runs: runs, warmups: warmups)
            var results: [BenchmarkResult] = []
            for benchmark in selected { results.append(await runner.run(benchmark)) }
            if let report, let machine { write(BenchmarkReport(machine: machine, results: results), to: report) }
            exit(results.allSatisfy { $0.failure == nil } ? 0 : 1)
        }

        /// Writes `report` into `directory` and says where; a failure to write ends the bench.
        static func write(_ report: BenchmarkReport, to directory: URL) {
            do {
                let files = try report.write(to: directory)
                print("report: \(files[0].path) and \(files.count - 1) chart(s) beside it")
            } catch {
                FileHandle.standardError.write(Data("service-utils-bench: cannot write the report: \(error)\n".utf8))
                exit(1)
            }
        }

        /// The command line the report records: `SU_BENCH_COMMAND` when a script that runs the bench
        /// sets it (scripts/bench does, with its own arguments), else this program and `arguments`.
        static func commandLine(_ arguments: [String]) -> String {
            if let given = ProcessInfo.processInfo.environment["SU_BENCH_COMMAND"], !given.isEmpty { return given }
            return (["service-utils-bench"] + arguments).map(shellQuoted).joined(separator: " ")
        }

        /// `word` as a shell reads it back: as it is when it holds only safe characters, else in single quotes.
        static func shellQuoted(_ word: String) -> String {
            let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%")
            if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
            return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }

        static func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("service-utils-bench: \(message)\n\(usage)\n".utf8))
            exit(64)
        }
    }
#endif
