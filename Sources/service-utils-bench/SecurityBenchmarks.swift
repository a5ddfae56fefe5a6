/// The benchmarks of one module; see CONTRIBUTING.md for how to add a case.
enum SecurityBenchmarks {
    static let all: [Benchmark] = []
}
