// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation

    /// The harness's own case: `JSONEncoder` on a model against a hand-written encoder of the same bytes.
    enum JSONEncodingBenchmarks {
        static let count = 10_000

        static let all: [Benchmark] = [
            Benchmark(name: "Foundation.jsonEncoding", summary: "encode 10,000 models to JSON") {
                let models = BenchGrocery.samples(count)
                // The two encoders must agree before they are timed against each other.
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                let expected = try encoder.encode(models)
                guard expected == handWritten(models) else {
                    throw BenchmarkError("the hand-written encoder's output differs from JSONEncoder's")
                }
                return PreparedBenchmark(
                    baseline: .timed("hand-written encoder") { blackHole(handWritten(models)) },
                    cases: [
                        .timed("JSONEncoder (.sortedKeys)") { blackHole(try encoder.encode(models)) }
                    ],
                    workPerRun: .init(amount: Double(count), unit: "models")
                )
            }
        ]

        /// Writes the same bytes as `JSONEncoder` with sorted keys, for this model's plain ASCII values.
        static func handWritten(_ models: [BenchGrocery]) -> Data {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(models.count * 64)
            bytes.append(UInt8(ascii: "["))
            for (index, model) in models.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: #"{"id":"#.utf8)
                bytes.append(contentsOf: String(model.id).utf8)
                bytes.append(contentsOf: #","inStock":"#.utf8)
                bytes.append(contentsOf: (model.inStock ? "true" : "false").utf8)
                bytes.append(contentsOf: #","name":""#.utf8)
                bytes.append(contentsOf: model.name.utf8)
                bytes.append(contentsOf: #"","price":"#.utf8)
                bytes.append(contentsOf: String(model.price).utf8)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
            return Data(bytes)
        }
    }
#endif
