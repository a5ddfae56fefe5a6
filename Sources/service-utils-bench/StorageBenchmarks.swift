/// The benchmarks of one module; see CONTRIBUTING.md for how to add a case.
enum StorageBenchmarks {
    static let all: [Benchmark] = []
}
