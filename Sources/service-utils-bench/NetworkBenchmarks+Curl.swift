// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import InternalServiceUtilities
    import ServiceUtils

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The `curl` command line doing a benchmark's GETs in one process, one at a time or with `-Z`
    /// several at a time: the baseline of the request benchmarks.
    ///
    /// The URLs, each with its own `output = "/dev/null"`, go in a config file read with `-K` (2,000
    /// URLs would make a long argument list), with the same `Accept-Encoding` and `User-Agent` as
    /// NetworkKit sends. `--no-progress-meter` beside `-s`: curl 7.88 draws its `-Z` progress meter
    /// even when silent. A run is timed from the start of the process to its end, so the wall time
    /// includes curl's start-up; its CPU time is the child's own, from `getrusage(RUSAGE_CHILDREN)`
    /// before and after it is waited for.
    struct CurlBatch: Sendable {
        /// The arguments after the program name.
        let arguments: [String]
        /// The folder holding the config file and curl's standard error.
        let folder: URL

        /// Writes the config file.
        ///
        /// - Parameters:
        ///   - url:         The URL each GET asks for.
        ///   - count:       How many GETs.
        ///   - parallel:    How many at a time with `-Z --parallel-max`; one after the other when nil.
        ///   - authority:   The CA certificate to verify the server with (`--cacert`), for HTTPS.
        ///   - headers:     Headers sent with every request.
        init(url: URL, count: Int, parallel: Int?, authority: URL? = nil, headers: HTTPHeaders = .default) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-bench-curl-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var lines = headers.map { "header = \(Self.quoted("\($0.name): \($0.value)"))" }
            let pair = "url = \(Self.quoted(url.absoluteString))\noutput = \"/dev/null\""
            lines += Array(repeating: pair, count: count)
            let file = folder.appendingPathComponent("urls.curlrc")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
            var arguments = ["-q", "--silent", "--show-error", "--no-progress-meter", "--fail", "--max-time", "120"]
            if let parallel { arguments += ["--parallel", "--parallel-max", "\(parallel)"] }
            if let authority { arguments += ["--cacert", authority.path] }
            self.arguments = arguments + ["--config", file.path]
        }

        /// Runs curl once, on a thread of its own (it blocks until curl ends).
        ///
        /// - Returns: The wall time from starting curl to its end, and curl's CPU time.
        /// - Throws: ``BenchmarkError`` when curl cannot start or exits with a non-zero status.
        func run() async throws -> (wall: Duration, cpu: Duration) {
            let program = try HelperProcess.locate("curl")
            let arguments = arguments
            let errors = folder.appendingPathComponent("stderr.txt")
            return try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(with: Result { try Self.run(program, arguments, errors: errors) })
                }
            }
        }

        /// Removes the folder.
        func remove() {
            try? FileManager.default.removeItem(at: folder)
        }

        private static func run(_ program: URL, _ arguments: [String], errors: URL) throws -> (
            wall: Duration, cpu: Duration
        ) {
            let descriptor = open(errors.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw BenchmarkError("cannot open \(errors.path) for curl's errors") }
            defer { close(descriptor) }
            let cpuBefore = CPUTime.children()
            let clock = ContinuousClock()
            let start = clock.now
            let child: ChildProcess
            do {
                child = try ChildProcess(program, arguments: arguments, standardError: .descriptor(descriptor))
            } catch {
                throw BenchmarkError("could not start curl: \(error.detail)")
            }
            let status = child.wait()
            let wall = start.duration(to: clock.now)
            let cpu = CPUTime.children() - cpuBefore
            guard status == 0 else {
                let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
                throw BenchmarkError("curl exited with status \(status): \(text.prefix(500))")
            }
            return (wall, cpu)
        }

        /// `text` as a double-quoted config-file value.
        private static func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }

    extension NetworkBenchmarks {
        /// A case running `batch` once per sample, checked as the in-process cases are: nginx must have
        /// logged ``requestCount`` requests, all over `protocol`.
        static func curlCase(
            _ name: String, _ batch: CurlBatch, server: NginxServer, expecting protocol: String = "HTTP/1.1"
        ) -> BenchmarkCase {
            .reported(name) {
                let before = server.logged()
                let run = try await batch.run()
                return try await checkedSample(
                    server: server, since: before, duration: run.wall, cpu: run.cpu, expecting: `protocol`)
            }
        }
    }
#endif
