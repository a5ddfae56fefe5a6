// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import InternalServiceUtilities
    import ServiceUtils

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// NetworkKit's ``HTTPCache`` (issue 29 bounds each figure): answers from the cache beside the
    /// same GET to nginx, its disk store beside LocalStorage's, and its memory over a million URLs.
    enum CacheBenchmarks {
        static let all: [Benchmark] = [requests, disk, memory]

        static let networkName = "HTTPClient.send, no cache"
        static let freshName = "HTTPCache: fresh hit"
        static let revalidatedName = "HTTPCache: 304 revalidation"
        static let conditionalName = "HTTPClient.send, If-None-Match, 304, no cache"

        // MARK: - Hits and revalidations

        /// ``NetworkBenchmarks/requestCount`` GETs of nginx's `item.json` (fresh for an hour), one at
        /// a time: by a client without a cache (the baseline), answered fresh from an in-memory cache,
        /// and revalidated every time (`.reloadRevalidatingCacheData`, which nginx answers with 304);
        /// beside them, the client without a cache sending the same `If-None-Match` itself.
        static let requests = Benchmark(
            name: "NetworkKit.cacheRequests",
            summary: "\(NetworkBenchmarks.requestCount) GETs of a small JSON file, one at a time: from nginx on "
                + "127.0.0.1 without a cache, fresh from an in-memory HTTPCache, and revalidated with nginx's 304",
            goals: [
                BenchmarkGoal(case: freshName, atMost: 0.1),
                BenchmarkGoal(case: revalidatedName, atMost: 1.2),
            ]
        ) {
            let server = try NginxServer(
                locations: #"location = /item.json { add_header Cache-Control "max-age=3600"; }"#)
            let url = server.url.appendingPathComponent("item.json")
            let plain = HTTPClient()
            let cached = HTTPClient { $0.cache = HTTPCache(maximumBytes: 16 << 20) }
            let request = URLRequest(url: url)
            let revalidating = URLRequest(url: url, cachePolicy: .reloadRevalidatingCacheData)
            var ifNoneMatch = request
            do {
                // Both must answer as intended before they are timed: stored, then from the cache.
                let start = server.logged()
                let first = try await plain.send(request)
                let body = first.body
                _ = try await cached.send(request)
                let hit = try await cached.send(request)
                let revalidated = try await cached.send(revalidating)
                ifNoneMatch.setValue(first.headers.value(for: "ETag"), forHTTPHeaderField: "If-None-Match")
                guard hit.source == .cache, revalidated.source == .revalidated, hit.body == body,
                    revalidated.body == body
                else {
                    throw BenchmarkError("the cache answered \(hit.source) and \(revalidated.source)")
                }
                // nginx logs a request after answering it: its three must be in the log before a
                // case counts the lines that follow.
                _ = await server.logged(since: start, atLeast: 3)
            } catch {
                server.stop()
                throw error
            }
            let conditional = ifNoneMatch
            return PreparedBenchmark(
                baseline: .reported(networkName) {
                    try await NetworkBenchmarks.measure(server: server, concurrency: 1) {
                        blackHole(try await plain.send(request).body)
                    }
                },
                cases: [
                    .reported(freshName) {
                        let before = server.logged()
                        let sample = try await timed {
                            for _ in 0..<NetworkBenchmarks.requestCount {
                                let response = try await cached.send(request)
                                guard response.source == .cache else { throw BenchmarkError("a miss") }
                                blackHole(response.body)
                            }
                        }
                        let served = server.logged().since(before)
                        guard served.requests == 0 else {
                            throw BenchmarkError("nginx served \(served.requests) requests meant for the cache")
                        }
                        return sample
                    },
                    // Context, not a goal: the same conditional request without a cache, so the
                    // revalidation's cost over it is the cache's own (a 304 carries no body and
                    // costs less than the 200 of the baseline).
                    .reported(conditionalName) {
                        try await NetworkBenchmarks.measure(server: server, concurrency: 1) {
                            let response = try await plain.send(conditional, acceptableStatusCodes: 200..<400)
                            guard response.statusCode == 304 else {
                                throw BenchmarkError("nginx answered \(response.statusCode), not 304")
                            }
                            blackHole(response.body)
                        }
                    },
                    .reported(revalidatedName) {
                        try await NetworkBenchmarks.measure(server: server, concurrency: 1) {
                            let response = try await cached.send(revalidating)
                            guard response.source == .revalidated else {
                                throw BenchmarkError("answered \(response.source), not revalidated")
                            }
                            blackHole(response.body)
                        }
                    },
                ],
                workPerRun: .init(amount: Double(NetworkBenchmarks.requestCount), unit: "requests"),
                tearDown: { server.stop() }
            )
        }

        /// `body` timed, with this process's CPU time.
        static func timed(_ body: () async throws -> Void) async throws -> BenchmarkSample {
            let cpuBefore = CPUTime.process()
            let clock = ContinuousClock()
            let start = clock.now
            try await body()
            return BenchmarkSample(duration: start.duration(to: clock.now), cpu: CPUTime.process() - cpuBefore)
        }

        // MARK: - Disk

        static let diskCount = StorageBenchmarks.count

        /// Storing then loading ``diskCount`` entries on disk, each the JSON of one of StorageKit's
        /// benchmark models, through a client whose transport answers in process (so only the client
        /// and the cache are timed): each run sends every URL with `.reloadIgnoringLocalCacheData`
        /// (the answer replaces the stored one, as LocalStorage's store replaces a file), then again
        /// (answered from the cache). LocalStorage (`.synchronized`: both flush each file and its
        /// folder) storing and loading the same bytes under the same keys is the baseline.
        static let disk = Benchmark(
            name: "NetworkKit.cacheDisk",
            summary: "store then load \(diskCount.formatted()) responses on disk (the JSON of StorageKit's "
                + "benchmark models), through HTTPClient with an in-process transport, against LocalStorage",
            goals: [BenchmarkGoal(case: "HTTPCache(directory:)", atMost: 1.2)]
        ) {
            let models = BenchGrocery.samples(diskCount)
            let encoder = JSONEncoder()
            var bodies: [String: Data] = [:]
            for model in models { bodies["/item-\(model.id)"] = try encoder.encode(model) }
            let root = FileManager.default.temporaryDirectory
                .appendingPathComponent("cache-bench-\(UUID().uuidString)", isDirectory: true)
            let storage = LocalStorage(directory: root.appendingPathComponent("local"), durability: .synchronized)
            let cache = HTTPCache(directory: root.appendingPathComponent("cache"), maximumBytes: 256 << 20)
            let client = HTTPClient {
                $0.transport = InProcessTransport(bodies: bodies, cacheControl: "max-age=3600")
                $0.cache = cache
                $0.cookies = nil
            }
            let frozen = bodies
            // Both sides must agree before they are timed against each other (and both hold every
            // key from here on, so each run replaces files on both sides).
            try await StorageBenchmarks.ours(models, storage)
            try await storeAndLoad(frozen, client: client, cache: cache)
            return PreparedBenchmark(
                baseline: .timed("LocalStorage (.synchronized)") {
                    try await StorageBenchmarks.ours(models, storage)
                },
                cases: [
                    .timed("HTTPCache(directory:)") {
                        try await storeAndLoad(frozen, client: client, cache: cache)
                    }
                ],
                workPerRun: .init(amount: Double(diskCount), unit: "responses"),
                tearDown: { try? FileManager.default.removeItem(at: root) },
                // Both sides wait on fsync, whose latency on this disk swings by a fifth from run to
                // run; a median of five holds the ratio steadier than one of three.
                repetition: .atLeast(5)
            )
        }

        /// Sends every path with `.reloadIgnoringLocalCacheData` (each answer stored, replacing what
        /// the cache held), then as usual (each answered from the cache), checking every body.
        static func storeAndLoad(_ bodies: [String: Data], client: HTTPClient, cache: HTTPCache) async throws {
            let paths = bodies.keys.sorted()
            for path in paths {
                guard let url = URL(string: "http://cache.bench" + path) else { throw BenchmarkError("no URL") }
                let request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
                guard try await client.send(request).source == .network else {
                    throw BenchmarkError("\(path) was answered from the cache on a reload")
                }
            }
            if let problem = cache.lastError { throw BenchmarkError("the cache folder failed: \(problem)") }
            for path in paths {
                guard let url = URL(string: "http://cache.bench" + path) else { throw BenchmarkError("no URL") }
                let response = try await client.send(URLRequest(url: url))
                guard response.source == .cache, response.body == bodies[path] else {
                    throw BenchmarkError("\(path) was not answered from the cache whole")
                }
            }
        }

        // MARK: - Memory

        /// How many distinct URLs ``memory`` requests (`SU_BENCH_CACHE_URLS` to change).
        static let memoryURLs =
            ProcessInfo.processInfo.environment["SU_BENCH_CACHE_URLS"].flatMap { Int($0) }.map { max($0, 1_000) }
            ?? 1_000_000
        /// The in-memory cache's bound in ``memory``.
        static let memoryBound = 8 << 20
        /// The quantity ``memory`` bounds.
        static let memoryOverBound = "resident memory growth beyond maximumBytes"

        /// ``memoryURLs`` GETs of distinct URLs through a client whose transport answers in process
        /// (a 200-byte JSON body, fresh for an hour), with an in-memory cache of ``memoryBound``
        /// bytes that must evict all along; this process's resident memory is read before and after.
        /// The same requests through a client without a cache are the baseline. What grows beyond
        /// the bound is the cache's overhead, which must stay fixed.
        static let memory = Benchmark(
            name: "NetworkKit.cacheMemory",
            summary: "\(memoryURLs.formatted()) GETs of distinct URLs through an in-memory HTTPCache of "
                + "\(memoryBound >> 20) MiB (in-process transport); resident memory growth beyond its bound",
            goals: [
                BenchmarkGoal(
                    case: "HTTPCache(maximumBytes:)", atMost: 16, relativeTo: .quantity(memoryOverBound, unit: "MB"))
            ]
        ) {
            let body = Data(String(repeating: "x", count: 200).utf8)
            let transport = InProcessTransport(bodies: [:], fallback: body, cacheControl: "max-age=3600")
            return PreparedBenchmark(
                baseline: .reported("HTTPClient, no cache") {
                    let client = HTTPClient {
                        $0.transport = transport
                        $0.cookies = nil
                    }
                    return try await measureMemory(client, cache: nil, warmingUpWith: client)
                },
                cases: [
                    .reported("HTTPCache(maximumBytes:)") {
                        let cache = HTTPCache(maximumBytes: memoryBound)
                        let client = HTTPClient {
                            $0.transport = transport
                            $0.cookies = nil
                            $0.cache = cache
                        }
                        let warmUp = HTTPClient {
                            $0.transport = transport
                            $0.cookies = nil
                        }
                        return try await measureMemory(client, cache: cache, warmingUpWith: warmUp)
                    }
                ],
                workPerRun: .init(amount: Double(memoryURLs), unit: "requests"),
                repetition: .once
            )
        }

        /// Sends ``memoryURLs`` requests to distinct URLs, 8 at a time, reading the resident memory
        /// before and after; for a cache, checks it kept within its bound and notes the growth beyond
        /// it. The warm-up (10,000 requests) goes through `warmUp`, a client without the cache, so the
        /// first reading is taken with the cache still empty.
        private static func measureMemory(_ client: HTTPClient, cache: HTTPCache?, warmingUpWith warmUp: HTTPClient)
            async throws -> BenchmarkSample
        {
            func resident() throws -> Int {
                guard let reading = ProcessMemory.read(process: getpid()) else {
                    throw BenchmarkError("cannot read /proc/self/status (Linux only)")
                }
                return reading.resident
            }
            let counter = URLCounter()
            func sender(_ client: HTTPClient) -> @Sendable () async throws -> Void {
                {
                    guard let url = URL(string: "http://cache.bench/item-\(counter.next())") else {
                        throw BenchmarkError("no URL")
                    }
                    blackHole(try await client.send(URLRequest(url: url)).body)
                }
            }
            let send = sender(client)
            try await NetworkBenchmarks.drive(10_000, concurrency: 8, sender(warmUp))
            guard (cache?.currentBytes ?? 0) == 0 else { throw BenchmarkError("the warm-up filled the cache") }
            let before = try resident()
            let cpuBefore = CPUTime.process()
            let clock = ContinuousClock()
            let start = clock.now
            try await NetworkBenchmarks.drive(memoryURLs, concurrency: 8, send)
            let duration = start.duration(to: clock.now)
            let cpu = CPUTime.process() - cpuBefore
            let after = try resident()
            let growth = Double(after - before) / 1000
            var note = String(
                format: "resident %.1f MB → %.1f MB (%+.1f MB)", Double(before) / 1000,
                Double(after) / 1000, growth)
            var quantities: [BenchmarkQuantity] = []
            if let cache {
                guard cache.currentBytes <= memoryBound else {
                    throw BenchmarkError("the cache holds \(cache.currentBytes) bytes, over its \(memoryBound)")
                }
                let beyond = growth - Double(memoryBound) / 1_000_000
                note += String(
                    format: "; cache %.1f MB of %.1f MB; beyond the bound %+.1f MB",
                    Double(cache.currentBytes) / 1_000_000, Double(memoryBound) / 1_000_000, beyond)
                quantities.append(BenchmarkQuantity(name: memoryOverBound, value: beyond, unit: "MB"))
            }
            return BenchmarkSample(duration: duration, note: note, cpu: cpu, quantities: quantities)
        }
    }

    /// Numbers the requests of ``CacheBenchmarks/memory``, so each URL is new.
    final class URLCounter: Sendable {
        private let value = Locked(0)

        func next() -> Int {
            value.withLock { value in
                value += 1
                return value
            }
        }
    }

    /// A transport that answers every GET at once from memory: the body for the URL's path (or the
    /// fallback), as JSON with `Cache-Control`; 404 for a path it does not know.
    struct InProcessTransport: HTTPTransport {
        let bodies: [String: Data]
        var fallback: Data? = nil
        let cacheControl: String

        var name: String { "in-process" }

        func send(_ exchange: HTTPExchange) {
            let request = exchange.request
            guard let url = request.url else { return exchange.complete(URLError(.badURL)) }
            let body = bodies[url.path] ?? fallback
            let head = ResponseHead(
                statusCode: body == nil ? 404 : 200, url: url,
                fields: [
                    ("Content-Type", "application/json"), ("Content-Length", String(body?.count ?? 0)),
                    ("Cache-Control", cacheControl),
                ])
            guard exchange.receive(head) else { return exchange.complete(nil) }
            if let body, !body.isEmpty { _ = exchange.receive(body) }
            exchange.complete(nil)
        }
    }
#endif
