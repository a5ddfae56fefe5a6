// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation

    /// `service-utils-bench`: runs named benchmarks in one process, each beside its baseline.
    @main
    enum ServiceUtilsBench {
        static let usage = "usage: service-utils-bench [--list] [--filter NAME] [--runs N] [--warmup N]"

        static func main() async {
            var arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == MockServerChild.flag { await MockServerChild.serve(Array(arguments.dropFirst())) }
            var filter: String?
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
                    print("(\(MockServerChild.flag) PORT RECORD runs the MockServer process a benchmark starts.)")
                    exit(0)
                case "--filter", "--runs", "--warmup":
                    guard !arguments.isEmpty else { fail("\(word) needs a value") }
                    let value = arguments.removeFirst()
                    if word == "--filter" {
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
                for benchmark in selected { print("\(benchmark.name)\t\(benchmark.summary)") }
                exit(0)
            }
            guard !selected.isEmpty else { fail("no benchmark matches '\(filter ?? "")' (see --list)") }
            print("service-utils-bench: \(selected.count) benchmark(s), \(runs) run(s) after \(warmups) warm-up(s)")
            print("ratio = median time of the case / median time of its baseline in this run (lower is better)")
            print()
            let runner = BenchmarkRunner(runs: runs, warmups: warmups)
            var failed = 0
            for benchmark in selected where await !runner.run(benchmark) {
                failed += 1
            }
            exit(failed == 0 ? 0 : 1)
        }

        static func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("service-utils-bench: \(message)\n\(usage)\n".utf8))
            exit(64)
        }
    }
#endif
