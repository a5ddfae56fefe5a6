/// The benchmarks of one module; see CONTRIBUTING.md for how to add a case.
enum MockServerBenchmarks {
    static let all: [Benchmark] = []
}
