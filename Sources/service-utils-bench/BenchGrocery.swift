// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    /// The small model the JSON and storage benchmarks encode, store and load.
    struct BenchGrocery: Codable, Sendable, Equatable {
        var id: Int
        var name: String
        var price: Int
        var inStock: Bool

        /// `count` models with different ids, names, prices and stock flags.
        static func samples(_ count: Int) -> [BenchGrocery] {
            (0..<count).map { BenchGrocery(id: $0, name: "item \($0)", price: $0 * 7 % 1000, inStock: $0 % 2 == 0) }
        }
    }
#endif
