/// The benchmarks of one module; see CONTRIBUTING.md for how to add a case.
enum GeoBenchmarks {
    static let all: [Benchmark] = []
}
