// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import MockServerKit
    import NetworkKit

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    extension MockServerBenchmarks {
        /// Loading a 50 MB HAR file: Python's `json.load` (in a fresh `python3`, its start included) is
        /// the baseline; NetworkKit's reader and a MockServer replay index (reader included) are ours.
        /// Each case's peak resident memory is measured from a peak reset just before it, and given
        /// as a multiple of the file's size (Python's is its whole process, interpreter included).
        static let archiveLoad = Benchmark(
            name: "MockServerKit.harLoad",
            summary: "load a 50 MB HAR (12,000 entries with 4 KB bodies); peak memory above the start",
            goals: [
                BenchmarkGoal(case: replayName, atMost: 2.0),
                BenchmarkGoal(case: replayName, atMost: 3.0, relativeTo: .quantity(peakMemory, unit: fileMultiple)),
            ]
        ) {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-bench-\(getpid())-\(UUID().uuidString.prefix(8)).har")
            let size = try writeArchive(to: file)
            // Python's own peak is VmHWM, its process's high-water mark since exec: `ru_maxrss` would
            // also count the pages of the bench process it was forked from.
            let script = """
                import json, re, sys, time
                start = time.monotonic()
                json.load(open(sys.argv[1], "rb"))
                peak = re.search(r"VmHWM:\\s*(\\d+)", open("/proc/self/status").read()).group(1)
                print(time.monotonic() - start, peak)
                """
            return PreparedBenchmark(
                baseline: .reported("python3 json.load") {
                    let clock = ContinuousClock()
                    let start = clock.now
                    let output = try HelperProcess.run("python3", ["-c", script, file.path])
                    let elapsed = start.duration(to: clock.now)
                    let words = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
                    let peak = words.count == 2 ? Int(words[1]) : nil
                    return BenchmarkSample(
                        duration: elapsed, note: "file \(size / 1_048_576) MB; peak includes Python itself",
                        peakResident: peak,
                        quantities: peak.map {
                            [
                                BenchmarkQuantity(
                                    name: peakMemory, value: Double($0 * 1024) / Double(size), unit: fileMultiple)
                            ]
                        } ?? [])
                },
                cases: [
                    .reported("HTTPArchive(contentsOf:)") {
                        try measured(fileSize: size) { _ = try HTTPArchive(contentsOf: file) }
                    },
                    .reported(replayName) {
                        try measured(fileSize: size) {
                            let server = try MockServer()
                            defer { server.stop() }
                            try server.replay(archiveAt: file)
                        }
                    },
                ],
                workPerRun: .init(amount: Double(size), unit: "B"),
                tearDown: { try? FileManager.default.removeItem(at: file) }
            )
        }

        static let replayName = "MockServer.replay(archiveAt:)"
        /// The quantity the memory goal bounds, and its unit.
        static let peakMemory = "peak memory above the start"
        static let fileMultiple = "× the file"

        /// Times `body` and reads this process's peak memory above where it was before.
        private static func measured(fileSize: Int, _ body: () throws -> Void) throws -> BenchmarkSample {
            let resetWorked = ProcessMemory.resetPeak()
            let before = ProcessMemory.read(process: getpid())
            let clock = ContinuousClock()
            let start = clock.now
            try body()
            let elapsed = start.duration(to: clock.now)
            guard resetWorked, let before, let after = ProcessMemory.read(process: getpid()) else {
                return BenchmarkSample(duration: elapsed)
            }
            let growth = after.peak - before.resident
            let note = String(
                format: "peak %.0f MB above the start: %.2f× the file", Double(growth) / 1024,
                Double(growth * 1024) / Double(fileSize))
            return BenchmarkSample(
                duration: elapsed, note: note, peakResident: after.peak,
                quantities: [
                    BenchmarkQuantity(
                        name: peakMemory, value: Double(max(growth, 0) * 1024) / Double(fileSize), unit: fileMultiple)
                ])
        }

        /// Writes a HAR of 12,000 entries, each with a 4 KB JSON response body; returns its size.
        private static func writeArchive(to file: URL) throws -> Int {
            let filler = String(repeating: "abcdefghij", count: 400)
            var text = #"{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":["#
            for index in 0..<12_000 {
                if index > 0 { text += "," }
                text += #"""
                    {"startedDateTime":"2026-11-30T09:00:00.000Z","time":12.5,"cache":{},
                    "timings":{"blocked":-1,"dns":-1,"connect":-1,"ssl":-1,"send":0.1,"wait":11.9,"receive":0.5},
                    "request":{"method":"GET","url":"https://api.example.com/items/\#(index)?page=\#(index % 7)",
                    "httpVersion":"HTTP/1.1","cookies":[],"headers":[{"name":"Accept","value":"application/json"}],
                    "queryString":[{"name":"page","value":"\#(index % 7)"}],"headersSize":-1,"bodySize":0},
                    "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],
                    "headers":[{"name":"Content-Type","value":"application/json"}],
                    "content":{"size":4020,"mimeType":"application/json","text":"{\"id\":\#(index),\"text\":\"\#(filler)\"}"},
                    "redirectURL":"","headersSize":-1,"bodySize":4020}}
                    """#
            }
            text += "]}}"
            let data = Data(text.utf8)
            try data.write(to: file)
            return data.count
        }
    }

    // MARK: - Recording proxy

    extension MockServerBenchmarks {
        static let proxiedRequests = 1_000

        /// What the recording proxy adds to a request: one HTTPClient sends sequential keep-alive GETs
        /// of a 74-byte JSON body to a MockServer directly (the baseline), then through a MockServer
        /// forwarding to it and appending each exchange to a HAR file. The issue's goal is at most
        /// 1 ms added per request: compare the notes' milliseconds per request.
        static let recordingProxy = Benchmark(
            name: "MockServerKit.recordingProxy",
            summary: "\(proxiedRequests) sequential keep-alive GETs, direct and through the recording proxy"
        ) {
            let upstream = try MockServer()
            upstream.stub(method: .get, path: "/item", response: .json(data: body))
            let proxy: MockServer
            do {
                proxy = try MockServer()
            } catch {
                upstream.stop()
                throw error
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-bench-proxy-\(getpid())-\(UUID().uuidString.prefix(8)).har")
            do {
                try proxy.forward(to: upstream.baseURL, recordingTo: file)
            } catch {
                proxy.stop()
                upstream.stop()
                throw error
            }
            let client = HTTPClient()
            return PreparedBenchmark(
                baseline: .reported("HTTPClient → MockServer") {
                    try await sequential(client, upstream.url("item"))
                },
                cases: [
                    .reported("HTTPClient → recording proxy → MockServer") {
                        try await sequential(client, proxy.url("item"))
                    }
                ],
                workPerRun: .init(amount: Double(proxiedRequests), unit: "requests"),
                tearDown: {
                    proxy.stop()
                    upstream.stop()
                    try? FileManager.default.removeItem(at: file)
                }
            )
        }

        private static func sequential(_ client: HTTPClient, _ url: URL) async throws -> BenchmarkSample {
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<proxiedRequests {
                let response = try await client.send(URLRequest(url: url))
                guard response.body.count == body.count else { throw BenchmarkError("a short body") }
            }
            let elapsed = start.duration(to: clock.now)
            let perRequest = elapsed / proxiedRequests
            return BenchmarkSample(
                duration: elapsed,
                note: String(
                    format: "%.3f ms per request",
                    Double(perRequest.components.attoseconds) / 1e15
                        + Double(perRequest.components.seconds) * 1000))
        }
    }
#endif
