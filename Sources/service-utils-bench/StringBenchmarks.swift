/// The benchmarks of one module; see CONTRIBUTING.md for how to add a case.
enum StringBenchmarks {
    static let all: [Benchmark] = []
}
