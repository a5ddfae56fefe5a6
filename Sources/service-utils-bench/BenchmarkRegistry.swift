// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    /// Every benchmark, gathered from the per-module files (`<Module>Benchmarks.swift`).
    enum BenchmarkRegistry {
        static let all: [Benchmark] =
            JSONEncodingBenchmarks.all
            + NetworkBenchmarks.all
            + CookieBenchmarks.all
            + CacheBenchmarks.all
            + MockServerBenchmarks.all
            + SecurityBenchmarks.all
            + StorageBenchmarks.all
            + StringBenchmarks.all
            + MoneyBenchmarks.all
            + GeoBenchmarks.all
            + PlatformBenchmarks.all
            + WebSocketBenchmarks.all
    }
#endif
