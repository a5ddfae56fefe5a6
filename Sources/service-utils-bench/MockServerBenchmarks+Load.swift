// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import MockServerKit

    extension MockServerBenchmarks {
        /// How many requests each server gets in ``memoryUnderLoad`` (`SU_BENCH_LOAD_REQUESTS` to change).
        static let loadRequests =
            ProcessInfo.processInfo.environment["SU_BENCH_LOAD_REQUESTS"].flatMap { Int($0) }.map { max($0, 20) }
            ?? 1_000_000
        /// How many times the resident memory is read along the way, after the one before the load.
        static let loadCheckpoints = 10

        /// nginx and two MockServers, each in its own process, take the same long wrk load; each one's
        /// resident memory is read before, at every tenth of the load and at its peak.
        ///
        /// The default MockServer keeps its 1,000 most recent requests and must stay flat; the one
        /// asked to record every request shows what the default used to cost.
        static let memoryUnderLoad = Benchmark(
            name: "MockServerKit.memoryUnderLoad",
            summary: "wrk, 8 keep-alive connections, \(loadRequests.formatted()) GETs at each server in its own "
                + "process; resident memory before, after every tenth, and peak"
        ) {
            let script = try LoadScript()
            var started: [@Sendable () -> Void] = [script.remove]
            do {
                let nginx = try await FixedBodyNginx.start(serving: body)
                started.append(nginx.stop)
                let standard = try await MockServerProcess.start(limit: .standard)
                started.append(standard.stop)
                let unlimited = try await MockServerProcess.start(limit: .unlimited)
                started.append(unlimited.stop)
                let stopAll = started
                return PreparedBenchmark(
                    baseline: .reported("nginx 1.22 (1 worker)") {
                        try load(nginx.url, process: nginx.processIdentifier, script: script)
                    },
                    cases: [
                        .reported("MockServer (default record)") {
                            try load(standard.url, process: standard.processIdentifier, script: script)
                        },
                        .reported("MockServer (.unlimited record)") {
                            try load(unlimited.url, process: unlimited.processIdentifier, script: script)
                        },
                    ],
                    workPerRun: .init(amount: Double(loadRequests), unit: "requests"),
                    tearDown: { for stop in stopAll.reversed() { stop() } },
                    repetition: .once
                )
            } catch {
                for stop in started.reversed() { stop() }
                throw error
            }
        }

        /// Drives ``loadRequests`` requests at `url` in ``loadCheckpoints`` wrk runs, reading the
        /// resident memory of `pid` before and after each.
        private static func load(_ url: URL, process pid: Int32, script: LoadScript) throws -> BenchmarkSample {
            func memory() throws -> ProcessMemory {
                guard let reading = ProcessMemory.read(process: pid) else {
                    throw BenchmarkError("cannot read /proc/\(pid)/status (Linux only)")
                }
                return reading
            }
            var resident = [try memory().resident]
            var served = 0
            var seconds = 0.0
            for step in 0..<loadCheckpoints {
                let share = loadRequests * (step + 1) / loadCheckpoints - loadRequests * step / loadCheckpoints
                let run = try script.run(url, requests: share)
                served += run.requests
                seconds += run.seconds
                resident.append(try memory().resident)
            }
            let final = try memory()
            guard served >= loadRequests else {
                throw BenchmarkError("wrk completed \(served) of \(loadRequests) requests")
            }
            let afterFirst = resident[1]
            let note =
                "resident MB before and after each \((loadRequests / loadCheckpoints).formatted()) requests: "
                + resident.map(BenchmarkFormat.megabytes).joined(separator: " ")
                + "; \(served.formatted()) requests; since the first tenth "
                + String(format: "%+.1f MB", Double(final.resident - afterFirst) / 1024)
                + ", over the whole load " + String(format: "%+.1f MB", Double(final.resident - resident[0]) / 1024)
            return BenchmarkSample(duration: .seconds(seconds), note: note, peakResident: final.peak)
        }
    }

    /// A wrk script that ends wrk once a set number of responses came back, so a run makes that many
    /// requests instead of running for a set time. wrk runs one thread (one Lua state, so one count)
    /// over 8 keep-alive connections.
    private struct LoadScript: Sendable {
        let file: URL

        init() throws {
            file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-bench-load-\(getpid())-\(UUID().uuidString.prefix(8)).lua")
            let text = """
                -- Count the responses; once the wanted number came back, report and end wrk (its own
                -- report would only come after the -d time, and a stopped thread cannot shorten it).
                local wanted = 0
                local answered = 0
                local failed = 0
                function init(args) wanted = tonumber(args[1]) or 0 end
                function response(status, headers, body)
                    answered = answered + 1
                    if status ~= 200 then failed = failed + 1 end
                    if answered >= wanted then
                        io.write(string.format("answered %d failed %d\\n", answered, failed))
                        io.flush()
                        os.exit(0)
                    end
                end

                """
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        func remove() {
            try? FileManager.default.removeItem(at: file)
        }

        /// Runs wrk until `requests` responses came back (within 10 minutes); returns how many came
        /// back and how long the whole wrk run took.
        func run(_ url: URL, requests: Int) throws -> (requests: Int, seconds: Double) {
            let clock = ContinuousClock()
            let start = clock.now
            let output = try HelperProcess.run(
                "wrk", ["-t", "1", "-c", "8", "-d", "600s", "-s", file.path, url.absoluteString, "--", "\(requests)"])
            let elapsed = start.duration(to: clock.now).seconds
            let text = String(decoding: output, as: UTF8.self)
            let line = text.split(separator: "\n").last { $0.hasPrefix("answered ") } ?? ""
            let words = line.split(separator: " ")
            guard words.count == 4, words[0] == "answered", words[2] == "failed", let answered = Int(words[1]),
                let failed = Int(words[3])
            else { throw BenchmarkError("wrk did not complete \(requests) requests within 10 minutes:\n\(text)") }
            guard failed == 0 else { throw BenchmarkError("\(failed) of \(answered) responses were not 200") }
            return (answered, elapsed)
        }
    }
#endif
