// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import MockServerKit

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    extension MockServerBenchmarks {
        static let replayedEntries = 300

        /// A MockServer replaying a HAR of 300 GETs against nginx serving the same 300 bodies as static
        /// files: wrk (8 keep-alive connections, 2 threads, 3 s or `SU_BENCH_WRK_SECONDS`) asks for the
        /// 300 paths in turn. The issue's goal: at least 0.8× nginx's rate (at most 1.25× its time).
        static let replayThroughput = Benchmark(
            name: "MockServerKit.harReplay",
            summary: "wrk, 8 keep-alive connections, GETs cycling over 300 paths: a 300-entry HAR replayed, "
                + "against nginx serving the same bodies as files",
            goals: [BenchmarkGoal(case: "MockServer.replay", atMost: 1.25)]
        ) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-bench-replay-\(getpid())-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let har = folder.appendingPathComponent("items.har")
            let script = folder.appendingPathComponent("paths.lua")
            try writeReplayFiles(har: har, script: script)
            let nginx = try NginxServer { root in
                let items = root.appendingPathComponent("items")
                try FileManager.default.createDirectory(at: items, withIntermediateDirectories: true)
                for index in 0..<replayedEntries {
                    try replayBody(index).write(to: items.appendingPathComponent("\(index).json"))
                }
            }
            var configuration = MockServer.Configuration()
            configuration.recordedRequestLimit = 0
            let server: MockServer
            do {
                server = try MockServer(configuration: configuration)
                try server.replay(archiveAt: har)
            } catch {
                nginx.stop()
                throw error
            }
            let seconds = ProcessInfo.processInfo.environment["SU_BENCH_WRK_SECONDS"].flatMap { Int($0) } ?? 3
            return PreparedBenchmark(
                baseline: .reported("nginx 1.22 (static files)") {
                    try wrk(nginx.url, seconds: seconds, script: script)
                },
                cases: [
                    .reported("MockServer.replay") { try wrk(server.baseURL, seconds: seconds, script: script) }
                ],
                workPerRun: .init(amount: requestsPerRun, unit: "requests"),
                tearDown: {
                    server.stop()
                    nginx.stop()
                    try? FileManager.default.removeItem(at: folder)
                }
            )
        }

        /// The body of item `index`: about 200 bytes of JSON.
        private static func replayBody(_ index: Int) -> Data {
            Data(
                #"{"id":\#(index),"name":"item \#(index)","priceInCents":\#(100 + index),"unit":"1 kg","#
                    .utf8)
                + Data(#""description":"a replayed answer, the same bytes nginx serves from a file"}"#.utf8)
        }

        private static func writeReplayFiles(har: URL, script: URL) throws {
            var entries: [String] = []
            for index in 0..<replayedEntries {
                let body = String(decoding: replayBody(index), as: UTF8.self)
                let quoted = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
                entries.append(
                    #"""
                    {"startedDateTime":"2026-11-30T09:00:00Z","time":1,"cache":{},
                    "timings":{"send":0,"wait":1,"receive":0},
                    "request":{"method":"GET","url":"http://api.example.com/items/\#(index).json",
                    "httpVersion":"HTTP/1.1","cookies":[],"headers":[],"queryString":[],"headersSize":-1,"bodySize":0},
                    "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],
                    "headers":[{"name":"Content-Type","value":"application/json"}],
                    "content":{"size":\#(body.utf8.count),"mimeType":"application/json","text":\#(quoted)},
                    "redirectURL":"","headersSize":-1,"bodySize":\#(body.utf8.count)}}
                    """#)
            }
            let text =
                #"{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":["#
                + entries.joined(separator: ",") + "]}}"
            try Data(text.utf8).write(to: har)
            let lua = """
                -- Each thread asks for the \(replayedEntries) items in turn.
                local next = 0
                function request()
                    next = (next + 1) % \(replayedEntries)
                    return wrk.format("GET", "/items/" .. next .. ".json")
                end

                """
            try Data(lua.utf8).write(to: script)
        }
    }
#endif
