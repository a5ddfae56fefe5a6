// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import InternalServiceUtilities
    import ServiceUtils

    /// NetworkKit's query and form encoders against Foundation's; its requests against the `curl`
    /// command line and plain `URLSession` on Debian's nginx serving a small JSON file on 127.0.0.1
    /// (`NetworkBenchmarks+Requests.swift`, `+TLS`, `+Memory`); its transfers in
    /// ``NetworkTransferBenchmarks``.
    enum NetworkBenchmarks {
        static let all: [Benchmark] =
            [
                queryEncoding, formEncoding, requests(concurrency: 1), requests(concurrency: 8), tlsRequests,
                requestMemory, alamofireFacade,
            ] + NetworkTransferBenchmarks.all

        static let keyCount = 1_000

        // MARK: - Query encoding

        static let queryEncoding = Benchmark(
            name: "NetworkKit.queryEncoding",
            summary: "encode a 1,000-key nested dictionary (3,000 pairs) as a query string"
        ) {
            // [String: Any] is not Sendable; the lock box carries it into the timed closures.
            let box = Locked(nestedParameters())
            let parameters = box.value
            let pairs = flattened(parameters)
            guard QueryStringEncoder().query(parameters).split(separator: "&").count == pairs.count else {
                throw BenchmarkError("the encoder and the flattened baseline disagree on the number of pairs")
            }
            return PreparedBenchmark(
                baseline: .timed("URLComponents.queryItems") {
                    var components = URLComponents()
                    components.queryItems = flattened(box.value).map { URLQueryItem(name: $0.0, value: $0.1) }
                    blackHole(components.percentEncodedQuery)
                },
                cases: [
                    .timed("QueryStringEncoder.query") { blackHole(QueryStringEncoder().query(box.value)) },
                    .timed("toQueryString()") { blackHole(box.value.toQueryString()) },
                ],
                workPerRun: .init(amount: Double(pairs.count), unit: "pairs")
            )
        }

        // MARK: - Form encoding

        /// The form encoder against `JSONEncoder` writing the same `Encodable` value: both walk the
        /// value through `Codable`, so the ratio is the cost of form text over JSON text.
        static let formEncoding = Benchmark(
            name: "NetworkKit.formEncoding",
            summary: "encode 10,000 models (40,000 pairs) as form text, against JSONEncoder on the same value"
        ) {
            let value = ["items": BenchGrocery.samples(JSONEncodingBenchmarks.count)]
            let json = JSONEncoder()
            json.outputFormatting = .sortedKeys
            let sorted = URLEncodedFormEncoder()
            let unsorted = URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)
            let pairs = 4 * JSONEncodingBenchmarks.count
            let form: String = try sorted.encode(value)
            let parsed = URLComponents(string: "http://h/?" + form)?.queryItems ?? []
            guard parsed.count == pairs, parsed.filter({ $0.name == "items[][name]" }).count == pairs / 4 else {
                throw BenchmarkError("the form encoder did not write one pair per member of every model")
            }
            return PreparedBenchmark(
                baseline: .timed("JSONEncoder (.sortedKeys)") { blackHole(try json.encode(value)) },
                cases: [
                    .timed("URLEncodedFormEncoder") { blackHole(try sorted.encode(value) as Data) },
                    .timed("URLEncodedFormEncoder (unsorted)") { blackHole(try unsorted.encode(value) as Data) },
                ],
                workPerRun: .init(amount: Double(pairs), unit: "pairs")
            )
        }

        static func nestedParameters() -> [String: Any] {
            var parameters: [String: Any] = [:]
            for index in 0..<keyCount {
                parameters["key\(index)"] = ["name": "item \(index) & co", "price": Double(index) / 4, "tag": ["a"]]
            }
            return parameters
        }

        /// The same pairs the encoder writes, sorted, as the baseline's input (flattening is part of
        /// the baseline's work, as it is of ours).
        static func flattened(_ parameters: [String: Any]) -> [(String, String)] {
            var pairs: [(String, String)] = []
            for key in parameters.keys.sorted() {
                guard let nested = parameters[key] as? [String: Any] else { continue }
                for nestedKey in nested.keys.sorted() {
                    switch nested[nestedKey] {
                    case let list as [String]: pairs += list.map { ("\(key)[\(nestedKey)][]", $0) }
                    case let value?: pairs.append(("\(key)[\(nestedKey)]", "\(value)"))
                    case nil: break
                    }
                }
            }
            return pairs
        }
    }
#endif
