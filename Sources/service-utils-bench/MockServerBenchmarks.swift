// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import InternalServiceUtilities
    import MockServerKit

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// MockServerKit against nginx serving the same small JSON body on 127.0.0.1.
    ///
    /// Throughput is measured by Debian's `wrk` (8 keep-alive connections, 2 threads, 3 s per run, or
    /// `SU_BENCH_WRK_SECONDS`); a case's time is how long 10,000 requests take at the measured rate.
    /// One memory case holds 200 idle keep-alive connections and notes resident memory; the other
    /// (``memoryUnderLoad``, in `MockServerBenchmarks+Load.swift`) drives a million requests at servers
    /// in their own processes and compares their peak resident memory.
    enum MockServerBenchmarks {
        static let body = Data(#"{"categoryId":1,"id":101,"name":"Apples","priceInCents":349,"unit":"1 kg"}"#.utf8)
        static let requestsPerRun = 10_000.0

        static let all: [Benchmark] = [
            Benchmark(
                name: "MockServerKit.keepAliveRequests",
                summary: "wrk, 8 keep-alive connections, GET of a 74-byte JSON body (nginx: 1 worker)"
            ) {
                let servers = try await Servers.start()
                let seconds = ProcessInfo.processInfo.environment["SU_BENCH_WRK_SECONDS"].flatMap { Int($0) } ?? 3
                return PreparedBenchmark(
                    baseline: .reported("nginx 1.22 (return 200)") { try wrk(servers.nginx.url, seconds: seconds) },
                    cases: [.reported("MockServer") { try wrk(servers.mockURL, seconds: seconds) }],
                    workPerRun: .init(amount: requestsPerRun, unit: "requests"),
                    tearDown: { servers.stop() }
                )
            },
            Benchmark(
                name: "MockServerKit.idleConnections",
                summary: "open 200 keep-alive connections, one request each, and hold them; resident memory noted"
            ) {
                let servers = try await Servers.start()
                return PreparedBenchmark(
                    baseline: .reported("nginx 1.22 (1 worker)") {
                        try holdConnections(port: servers.nginx.port) {
                            ProcessMemory.read(process: servers.nginx.processIdentifier)
                        }
                    },
                    cases: [
                        .reported("MockServer (in the bench process)") {
                            try holdConnections(port: servers.mock.port) { ProcessMemory.read(process: getpid()) }
                        }
                    ],
                    tearDown: { servers.stop() }
                )
            },
            memoryUnderLoad,
            replayThroughput,
            archiveLoad,
            recordingProxy,
        ]

        /// Runs wrk for `seconds` (with a Lua `script` when one is given) and converts its rate into the
        /// time of ``requestsPerRun`` requests.
        static func wrk(_ url: URL, seconds: Int, script: URL? = nil) throws -> BenchmarkSample {
            let scripted = script.map { ["-s", $0.path] } ?? []
            let output = try HelperProcess.run(
                "wrk", ["-t", "2", "-c", "8", "-d", "\(seconds)s"] + scripted + [url.absoluteString])
            let text = String(decoding: output, as: UTF8.self)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") }),
                let rate = Double(line.split(separator: " ").last ?? ""), rate > 0
            else { throw BenchmarkError("could not read wrk's report:\n\(text)") }
            if text.contains("Non-2xx") || text.contains("Socket errors") {
                throw BenchmarkError("wrk saw errors:\n\(text)")
            }
            return BenchmarkSample(
                duration: .seconds(requestsPerRun / rate), note: String(format: "wrk: %.0f requests/s", rate))
        }

        /// Opens 200 connections, makes one request on each, reads the memory while all are open.
        private static func holdConnections(port: UInt16, memory: () -> ProcessMemory?) throws -> BenchmarkSample {
            let before = memory()
            let clock = ContinuousClock()
            let start = clock.now
            var sockets: [Int32] = []
            defer { for socket in sockets { close(socket) } }
            for _ in 0..<200 {
                let socket = try connectLoopback(port: port)
                sockets.append(socket)
                try exchange(socket)
            }
            let elapsed = start.duration(to: clock.now)
            guard let before, let after = memory() else { return BenchmarkSample(duration: elapsed) }
            let note = String(
                format: "resident %.1f MB while holding 200 idle connections (process peak %.1f MB; %.1f MB before)",
                Double(after.resident) / 1024, Double(after.peak) / 1024, Double(before.resident) / 1024)
            return BenchmarkSample(duration: elapsed, note: note)
        }
    }

    // MARK: - The two servers

    /// nginx and a MockServer, both on 127.0.0.1, answering `GET /item` with ``MockServerBenchmarks/body``.
    private struct Servers: Sendable {
        let mock: MockServer
        let nginx: FixedBodyNginx

        var mockURL: URL { mock.url("item") }

        static func start() async throws -> Servers {
            var configuration = MockServer.Configuration()
            configuration.recordedRequestLimit = 0
            let mock = try MockServer(configuration: configuration)
            mock.stub(method: .get, path: "/item", response: .json(data: MockServerBenchmarks.body))
            do {
                return Servers(mock: mock, nginx: try await FixedBodyNginx.start(serving: MockServerBenchmarks.body))
            } catch {
                mock.stop()
                throw error
            }
        }

        func stop() {
            nginx.stop()
            mock.stop()
        }
    }

    // MARK: - Sockets

    /// A blocking TCP connection to 127.0.0.1:`port`.
    private func connectLoopback(port: UInt16) throws -> Int32 {
        do {
            return try LoopbackSocket.connect(port: port)
        } catch {
            throw BenchmarkError("connect() to port \(port) failed: \(error)")
        }
    }

    /// Sends one keep-alive `GET /item` and reads until the whole answer (head and body) arrived.
    private func exchange(_ socket: Int32) throws {
        let request = Array("GET /item HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)
        guard send(socket, request, request.count, 0) == request.count else { throw BenchmarkError("send() failed") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let needed = MockServerBenchmarks.body.count
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { throw BenchmarkError("the server closed the connection") }
            received.append(contentsOf: buffer[..<count])
            let text = String(decoding: received, as: UTF8.self)
            if let range = text.range(of: "\r\n\r\n"), text[range.upperBound...].utf8.count >= needed { return }
        }
    }
#endif
