// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension NetworkBenchmarks {
        static let requestCount = 2_000
        /// The request benchmarks' case of ours, which their goals are for.
        static let clientName = "HTTPClient.send(router)"
        /// Their plain URLSession case, which the goals also compare ours with.
        static let urlSessionName = "URLSession.data(for:)"
        /// Our case again with three cookies on every request, which issue 28 bounds beside ours.
        static let cookiesName = "HTTPClient.send(router), 3 cookies"

        // MARK: - Request overhead

        /// ``requestCount`` keep-alive GETs of `item.json` from nginx, `concurrency` at a time: the
        /// `curl` command line doing them in one process is the baseline; HTTPClient (libcurl on Linux)
        /// is also compared with plain URLSession, and HTTPClient over its URLSession transport shows
        /// what the libcurl transport changed.
        static func requests(concurrency: Int) -> Benchmark {
            Benchmark(
                name: concurrency == 1 ? "NetworkKit.sequentialGETs" : "NetworkKit.concurrentGETs",
                summary: "\(requestCount) keep-alive GETs of a small JSON file from nginx on 127.0.0.1, "
                    + (concurrency == 1 ? "one at a time" : "\(concurrency) at a time"),
                goals: [
                    BenchmarkGoal(case: clientName, atMost: concurrency == 1 ? 1.4 : 1.2),
                    BenchmarkGoal(case: clientName, atMost: 0.35, relativeTo: .otherCase(urlSessionName)),
                    BenchmarkGoal(case: cookiesName, atMost: 1.05, relativeTo: .otherCase(clientName)),
                ]
            ) {
                let server = try NginxServer()
                let url = server.url.appendingPathComponent("item.json")
                let curl: CurlBatch
                do {
                    curl = try CurlBatch(
                        url: url, count: requestCount, parallel: concurrency == 1 ? nil : concurrency)
                } catch {
                    server.stop()
                    throw error
                }
                let plain = plainSession()
                let client = HTTPClient()
                let overURLSession = HTTPClient { $0.transport = .urlSession }
                let cookies = InMemoryCookieStore()
                for (name, value) in [("session", "4f1c2e9a7b"), ("locale", "en-GB"), ("consent", "1")] {
                    cookies.insert(Cookie(name: name, value: value, domain: server.url.host ?? "127.0.0.1"))
                }
                let withCookies = HTTPClient { $0.cookies = cookies }
                let router = BenchRouter(baseURL: server.url)
                let tearDown: @Sendable () async -> Void = {
                    plain.invalidateAndCancel()
                    curl.remove()
                    server.stop()
                }
                do {
                    guard client.transportName == "libcurl", overURLSession.transportName == "URLSession" else {
                        throw BenchmarkError(
                            "the clients' transports are \(client.transportName) and \(overURLSession.transportName)"
                                + ", not libcurl and URLSession")
                    }
                    _ = try await plain.data(for: URLRequest(url: url))
                    _ = try await client.send(router)
                    _ = try await overURLSession.send(router)
                    _ = try await withCookies.send(router)
                } catch {
                    await tearDown()
                    throw error
                }
                return PreparedBenchmark(
                    baseline: curlCase(
                        concurrency == 1 ? "curl -K, one process" : "curl -Z, 8 parallel", curl, server: server),
                    cases: [
                        .reported(clientName) {
                            try await measure(server: server, concurrency: concurrency) {
                                blackHole(try await client.send(router).body)
                            }
                        }.compared(with: urlSessionName),
                        .reported(cookiesName) {
                            try await measure(server: server, concurrency: concurrency) {
                                blackHole(try await withCookies.send(router).body)
                            }
                        }.compared(with: clientName),
                        .reported(urlSessionName) {
                            try await measure(server: server, concurrency: concurrency) {
                                let (data, _) = try await plain.data(for: URLRequest(url: url))
                                blackHole(data)
                            }
                        },
                        .reported("HTTPClient (URLSession transport)") {
                            try await measure(server: server, concurrency: concurrency) {
                                blackHole(try await overURLSession.send(router).body)
                            }
                        }.compared(with: urlSessionName),
                    ],
                    workPerRun: .init(amount: Double(requestCount), unit: "requests"),
                    tearDown: tearDown,
                    // The cookies' goal is 5% of a figure that varies 10% from run to run here.
                    repetition: .atLeast(11)
                )
            }
        }

        /// A URLSession with the same settings as HTTPClient's URLSession transport (ephemeral, no
        /// cache or cookies, 8 connections per host), so the ratio is the cost of NetworkKit's layer.
        static func plainSession() -> URLSession {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 8
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            return URLSession(configuration: configuration)
        }

        /// Runs ``requestCount`` requests, `concurrency` at a time, and checks them in nginx's log (see
        /// ``checkedSample(server:since:duration:cpu:expecting:)``); measures the process's CPU time,
        /// which varies less than wall time on a shared machine and leaves nginx's share out.
        static func measure(
            server: NginxServer, concurrency: Int, expecting protocol: String = "HTTP/1.1",
            _ body: @escaping @Sendable () async throws -> Void
        ) async throws -> BenchmarkSample {
            let before = server.logged()
            let cpuBefore = CPUTime.process()
            let clock = ContinuousClock()
            let start = clock.now
            try await drive(requestCount, concurrency: concurrency, body)
            let duration = start.duration(to: clock.now)
            let cpu = CPUTime.process() - cpuBefore
            return try await checkedSample(
                server: server, since: before, duration: duration, cpu: cpu, expecting: `protocol`)
        }

        /// Calls `body` `count` times, from `concurrency` tasks at once.
        static func drive(
            _ count: Int, concurrency: Int, _ body: @escaping @Sendable () async throws -> Void
        ) async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    group.addTask {
                        for _ in stride(from: worker, to: count, by: concurrency) { try await body() }
                    }
                }
                try await group.waitForAll()
            }
        }

        /// The sample of a run, once nginx's log shows it made exactly ``requestCount`` requests, every
        /// one over `protocol`; its note gives the requests served and the connections opened.
        ///
        /// - Throws: ``BenchmarkError`` when the log shows another number of requests or another protocol.
        static func checkedSample(
            server: NginxServer, since before: NginxServer.Tally, duration: Duration, cpu: Duration,
            expecting protocol: String
        ) async throws -> BenchmarkSample {
            let served = await server.logged(since: before, atLeast: requestCount)
            guard served.requests == requestCount, served.protocols == [`protocol`: requestCount] else {
                throw BenchmarkError(
                    "nginx logged \(served.requests) requests (\(served.protocolSummary)), not \(requestCount) over "
                        + `protocol`)
            }
            let note =
                "requests served \(served.requests) (\(served.protocolSummary)), new connections \(served.connections)"
            return BenchmarkSample(duration: duration, note: note, cpu: cpu)
        }
    }

    /// The request benchmarks' endpoint: `GET item.json`.
    struct BenchRouter: HTTPRouter {
        let baseURL: URL?
        var path: String { "item.json" }
        var method: HTTPMethod { .get }
    }
#endif
