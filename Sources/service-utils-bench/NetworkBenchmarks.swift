// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// NetworkKit's query encoder against `URLComponents`, and its request overhead against plain
    /// `URLSession` on Debian's nginx serving a small JSON file on 127.0.0.1.
    enum NetworkBenchmarks {
        static let all: [Benchmark] =
            [queryEncoding, formEncoding, requests(concurrency: 1), requests(concurrency: 8)]
            + NetworkTransferBenchmarks.all

        static let keyCount = 1_000
        static let requestCount = 2_000

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

        // MARK: - Request overhead

        static func requests(concurrency: Int) -> Benchmark {
            Benchmark(
                name: concurrency == 1 ? "NetworkKit.sequentialGETs" : "NetworkKit.concurrentGETs",
                summary: "\(requestCount) GETs of a small JSON file from nginx on 127.0.0.1, concurrency \(concurrency)"
            ) {
                let server = try NginxServer()
                let url = server.url.appendingPathComponent("item.json")
                // The same session settings as HTTPClient's, so the ratio is the cost of NetworkKit's layer.
                let configuration = URLSessionConfiguration.ephemeral
                configuration.httpMaximumConnectionsPerHost = 8
                configuration.urlCache = nil
                configuration.httpCookieStorage = nil
                configuration.httpShouldSetCookies = false
                configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
                let plain = URLSession(configuration: configuration)
                let client = HTTPClient()
                let router = BenchRouter(baseURL: server.url)
                // The baseline with the same two default headers NetworkKit sends, to tell the cost of the
                // headers on the wire (paid inside FoundationNetworking and curl) from the layer's own.
                var withHeaders = URLRequest(url: url)
                for header in HTTPHeaders.default {
                    withHeaders.setValue(header.value, forHTTPHeaderField: header.name)
                }
                let sameHeaders = withHeaders
                _ = try await plain.data(for: URLRequest(url: url))
                _ = try await client.send(router)
                return PreparedBenchmark(
                    baseline: .reported("URLSession.data(for:)") {
                        try await measure(server: server, concurrency: concurrency) {
                            let (data, _) = try await plain.data(for: URLRequest(url: url))
                            blackHole(data)
                        }
                    },
                    cases: [
                        .reported("HTTPClient.send(router)") {
                            try await measure(server: server, concurrency: concurrency) {
                                blackHole(try await client.send(router).body)
                            }
                        },
                        .reported("URLSession + the same 2 headers") {
                            try await measure(server: server, concurrency: concurrency) {
                                let (data, _) = try await plain.data(for: sameHeaders)
                                blackHole(data)
                            }
                        },
                    ],
                    workPerRun: .init(amount: Double(requestCount), unit: "requests"),
                    tearDown: {
                        plain.invalidateAndCancel()
                        server.stop()
                    }
                )
            }
        }

        /// Runs `requestCount` requests, `concurrency` at a time; notes the requests and new connections
        /// nginx logged, and measures the process's CPU time, which varies less than wall time on a
        /// shared machine and leaves nginx's share out.
        static func measure(
            server: NginxServer, concurrency: Int, _ body: @escaping @Sendable () async throws -> Void
        ) async throws -> BenchmarkSample {
            let before = server.logged()
            let cpuBefore = processCPUTime()
            let clock = ContinuousClock()
            let start = clock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    group.addTask {
                        for _ in stride(from: worker, to: requestCount, by: concurrency) { try await body() }
                    }
                }
                try await group.waitForAll()
            }
            let duration = start.duration(to: clock.now)
            let cpu = processCPUTime() - cpuBefore
            let after = server.logged()
            let note =
                "requests served \(after.requests - before.requests), new connections "
                + "\(after.connections - before.connections)"
            return BenchmarkSample(duration: duration, note: note, cpu: .microseconds(Int64((cpu * 1e6).rounded())))
        }

        /// User plus system CPU seconds this process has used.
        static func processCPUTime() -> Double {
            var usage = rusage()
            #if canImport(Glibc)
                getrusage(RUSAGE_SELF.rawValue, &usage)
            #else
                getrusage(RUSAGE_SELF, &usage)
            #endif
            let seconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
            let microseconds = Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)
            return Double(seconds) + Double(microseconds) / 1e6
        }
    }

    /// The benchmark's endpoint.
    private struct BenchRouter: HTTPRouter {
        let baseURL: URL?
        var path: String { "item.json" }
        var method: HTTPMethod { .get }
    }

    /// Debian's nginx on a free 127.0.0.1 port, serving `item.json` from a temporary folder that also
    /// holds its configuration, pid and logs; the access log records each request's connection number.
    final class NginxServer: Sendable {
        let url: URL
        /// The folder nginx serves.
        let root: URL
        private let folder: URL
        private let process: HelperProcess

        /// - Parameters:
        ///   - prepareRoot: Adds files to the served folder before nginx starts.
        ///   - locations:   Extra `location` blocks for the server.
        init(prepareRoot: (URL) throws -> Void = { _ in }, locations: String = "") throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("su-nginx-\(UUID().uuidString)")
            let www = folder.appendingPathComponent("www")
            try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
            try Data(#"{"id":7,"name":"green tea","price":350,"inStock":true}"#.utf8)
                .write(to: www.appendingPathComponent("item.json"))
            try prepareRoot(www)
            root = www
            let port = try HelperProcess.freePort()
            let configuration = folder.appendingPathComponent("nginx.conf")
            try Data(Self.configuration(folder: folder.path, port: port, locations: locations).utf8).write(
                to: configuration)
            process = try HelperProcess(
                "nginx",
                ["-p", folder.path, "-e", folder.path + "/error.log", "-c", configuration.path, "-g", "daemon off;"])
            self.folder = folder
            url = URL(string: "http://127.0.0.1:\(port)/")!
            try waitUntilListening(port: port)
        }

        /// How many requests and how many different connections nginx has logged so far.
        func logged() -> (requests: Int, connections: Int) {
            let log = (try? String(contentsOf: folder.appendingPathComponent("access.log"), encoding: .utf8)) ?? ""
            let lines = log.split(separator: "\n")
            return (lines.count, Set(lines).count)
        }

        func stop() {
            process.stop()
            try? FileManager.default.removeItem(at: folder)
        }

        private func waitUntilListening(port: Int) throws {
            if let port = UInt16(exactly: port), HelperProcess.waitUntilListening(port: port) { return }
            process.stop()
            let log = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            throw BenchmarkError("nginx did not listen on 127.0.0.1:\(port): \(log)")
        }

        private static func configuration(folder: String, port: Int, locations: String) -> String {
            """
            \(getuid() == 0 ? "user root;" : "")
            worker_processes 1;
            pid \(folder)/nginx.pid;
            error_log \(folder)/error.log warn;
            events { worker_connections 1024; }
            http {
                log_format connection '$connection';
                access_log \(folder)/access.log connection;
                client_body_temp_path \(folder)/body;
                proxy_temp_path \(folder)/proxy;
                fastcgi_temp_path \(folder)/fastcgi;
                uwsgi_temp_path \(folder)/uwsgi;
                scgi_temp_path \(folder)/scgi;
                keepalive_requests 1000000;
                keepalive_timeout 60s;
                default_type application/json;
                server {
                    listen 127.0.0.1:\(port);
                    root \(folder)/www;
                    \(locations)
                }
            }
            """
        }
    }
#endif
