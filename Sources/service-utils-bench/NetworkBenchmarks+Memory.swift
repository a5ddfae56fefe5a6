// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension NetworkBenchmarks {
        /// How many GETs ``requestMemory`` measures after its warm-up (`SU_BENCH_MEMORY_REQUESTS` to
        /// change).
        static let memoryRequests =
            ProcessInfo.processInfo.environment["SU_BENCH_MEMORY_REQUESTS"].flatMap { Int($0) }.map { max($0, 100) }
            ?? 200_000
        /// How many GETs warm a client up before the first reading.
        static let memoryWarmUp = 10_000
        /// The quantity ``requestMemory`` bounds.
        static let memoryGrowth = "resident memory growth"
        /// How many times the resident memory is read along the way, after the one following the warm-up.
        static let memoryCheckpoints = 10

        /// One client, made for the run, sends ``memoryWarmUp`` GETs to nginx 8 at a time, then
        /// ``memoryRequests`` more; this process's resident memory (`VmRSS`) is read after the warm-up
        /// and at every tenth of the rest. The growth is what a long-lived client leaks or hoards
        /// per request; plain URLSession, doing the same first in the same process, is the baseline.
        /// One run: the heap each case leaves is the next one's starting point, which its warm-up
        /// settles.
        static let requestMemory = Benchmark(
            name: "NetworkKit.requestMemory",
            summary: "\(memoryRequests.formatted()) GETs, 8 at a time, through one client after "
                + "\(memoryWarmUp.formatted()) to warm up; resident memory growth",
            goals: [
                BenchmarkGoal(
                    case: "HTTPClient.send(router)", atMost: 16, relativeTo: .quantity(memoryGrowth, unit: "MB"))
            ]
        ) {
            let server = try NginxServer()
            let url = server.url.appendingPathComponent("item.json")
            let router = BenchRouter(baseURL: server.url)
            return PreparedBenchmark(
                baseline: .reported("URLSession.data(for:)") {
                    let session = plainSession()
                    defer { session.invalidateAndCancel() }
                    return try await measureMemory(server: server) {
                        let (data, _) = try await session.data(for: URLRequest(url: url))
                        blackHole(data)
                    }
                },
                cases: [
                    .reported("HTTPClient.send(router)") {
                        let client = HTTPClient()
                        return try await measureMemory(server: server) {
                            blackHole(try await client.send(router).body)
                        }
                    }
                ],
                workPerRun: .init(amount: Double(memoryRequests), unit: "requests"),
                tearDown: { server.stop() },
                repetition: .once
            )
        }

        /// Warms up with `body`, then times ``memoryRequests`` calls of it in ``memoryCheckpoints`` parts,
        /// reading the resident memory after the warm-up and after each part; nginx must have logged
        /// every request. The note gives the readings and the growth.
        private static func measureMemory(server: NginxServer, _ body: @escaping @Sendable () async throws -> Void)
            async throws -> BenchmarkSample
        {
            func resident() throws -> Int {
                guard let reading = ProcessMemory.read(process: getpid()) else {
                    throw BenchmarkError("cannot read /proc/self/status (Linux only)")
                }
                return reading.resident
            }
            let before = server.logged()
            try await drive(memoryWarmUp, concurrency: 8, body)
            var readings = [try resident()]
            let cpuBefore = CPUTime.process()
            let clock = ContinuousClock()
            let start = clock.now
            for step in 0..<memoryCheckpoints {
                let share =
                    memoryRequests * (step + 1) / memoryCheckpoints - memoryRequests * step / memoryCheckpoints
                try await drive(share, concurrency: 8, body)
                readings.append(try resident())
            }
            let duration = start.duration(to: clock.now)
            let cpu = CPUTime.process() - cpuBefore
            // The log is read after the last reading: its text would count in the resident memory.
            let expected = memoryWarmUp + memoryRequests
            let served = await server.logged(since: before, atLeast: expected)
            guard served.requests == expected else {
                throw BenchmarkError("nginx logged \(served.requests) requests, not \(expected)")
            }
            let growth = Double(readings[readings.count - 1] - readings[0]) / 1024
            let note =
                "resident MB after the warm-up, then after each \((memoryRequests / memoryCheckpoints).formatted()): "
                + readings.map(BenchmarkFormat.megabytes).joined(separator: " ")
                + String(format: "; growth %+.1f MB", growth)
                + "; requests served \(served.requests.formatted()), new connections \(served.connections)"
            return BenchmarkSample(
                duration: duration, note: note, cpu: cpu,
                quantities: [BenchmarkQuantity(name: memoryGrowth, value: growth, unit: "MB")])
        }
    }
#endif
