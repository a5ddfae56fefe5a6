// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
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

    /// NetworkKit's transfers against `curl` and plain URLSession on Debian's nginx on 127.0.0.1: a
    /// 1 GiB download to disk, a 256 MiB multipart upload, and Server-Sent Events parsing on one core.
    ///
    /// The in-process cases note their peak resident memory growth (`VmHWM` reset before each run
    /// through `/proc/self/clear_refs`); `curl` runs in its own process. Run them with few rounds:
    /// `service-utils-bench --filter Transfer --runs 3` writes 1 GiB per download case and round.
    enum NetworkTransferBenchmarks {
        static let all: [Benchmark] = [download, upload, serverSentEvents]

        static let downloadSize = 1 << 30
        static let uploadSize = 256 << 20

        // MARK: - Download

        static let download = Benchmark(
            name: "NetworkKit.TransferDownload",
            summary: "download 1 GiB from nginx on 127.0.0.1 to a file; curl -o is the baseline",
            // At least 0.9× curl's speed: at most 1/0.9 of its time.
            goals: [BenchmarkGoal(case: "HTTPClient.download", atMost: 1 / 0.9)]
        ) {
            let server = try NginxServer(
                prepareRoot: { try writeFile($0.appendingPathComponent("large.bin"), size: downloadSize) },
                locations: "location = /large.bin { sendfile on; default_type application/octet-stream; }")
            let url = server.url.appendingPathComponent("large.bin")
            let folder = try scratchFolder()
            let destination = folder.appendingPathComponent("large.bin")
            let client = HTTPClient()
            let plain = URLSession(configuration: .ephemeral)
            return PreparedBenchmark(
                baseline: .reported("curl -o") {
                    try await timed(removing: destination) {
                        _ = try HelperProcess.run("curl", ["-s", "-f", "-o", destination.path, url.absoluteString])
                    }
                },
                cases: [
                    .reported("HTTPClient.download") {
                        try await measured(removing: destination, expecting: downloadSize) {
                            _ = try await client.download(
                                URLRequest(url: url), to: destination, options: .replaceExisting)
                        }
                    },
                    .reported("URLSession.downloadTask") {
                        try await measured(removing: destination, expecting: downloadSize) {
                            try await downloadTask(plain, url: url, to: destination)
                        }
                    },
                ],
                workPerRun: .init(amount: Double(downloadSize), unit: "B"),
                tearDown: {
                    plain.invalidateAndCancel()
                    server.stop()
                    try? FileManager.default.removeItem(at: folder)
                }
            )
        }

        /// A plain download task, its file moved to `destination` as an app would.
        private static func downloadTask(_ session: URLSession, url: URL, to destination: URL) async throws {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                session.downloadTask(with: url) { location, _, error in
                    continuation.resume(
                        with: Result {
                            if let error { throw error }
                            guard let location else { throw BenchmarkError("the download task gave no file") }
                            try FileManager.default.moveItem(at: location, to: destination)
                        })
                }.resume()
            }
        }

        // MARK: - Upload

        static let upload = Benchmark(
            name: "NetworkKit.TransferUpload",
            summary: "upload a 256 MiB file as multipart/form-data to nginx on 127.0.0.1; curl -F is the baseline"
        ) {
            let server = try NginxServer(
                locations: #"location = /upload { client_max_body_size 0; return 200 "ok\n"; }"#)
            let url = server.url.appendingPathComponent("upload")
            let folder = try scratchFolder()
            let file = folder.appendingPathComponent("video.bin")
            try writeFile(file, size: uploadSize)
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            let sent = request
            var form = MultipartFormData()
            try form.append(streamingFileAt: file, name: "file")
            let streamed = form
            let client = HTTPClient()
            return PreparedBenchmark(
                baseline: .reported("curl -F") {
                    try await timed(removing: nil) {
                        _ = try HelperProcess.run(
                            "curl", ["-s", "-f", "-o", "/dev/null", "-F", "file=@\(file.path)", url.absoluteString])
                    }
                },
                cases: [
                    .reported("HTTPClient.upload chunked") {
                        try await measured(removing: nil, expecting: nil) {
                            _ = try await client.upload(
                                .multipart(streamed), with: sent, options: UploadOptions(framing: .chunked))
                        }
                    },
                    // The default options: on Linux the form's parts are streamed through libcurl with a
                    // Content-Length; on Apple platforms the form goes through a temporary file.
                    .reported("HTTPClient.upload default") {
                        try await measured(removing: nil, expecting: nil) {
                            _ = try await client.upload(.multipart(streamed), with: sent)
                        }
                    },
                ],
                workPerRun: .init(amount: Double(uploadSize), unit: "B"),
                tearDown: {
                    server.stop()
                    try? FileManager.default.removeItem(at: folder)
                }
            )
        }

        // MARK: - Server-Sent Events

        static let serverSentEvents = Benchmark(
            name: "NetworkKit.ServerSentEvents",
            summary: "parse 64 MiB of text/event-stream (id, event, 1-3 data lines) fed in 16 KiB pieces, one core"
        ) {
            let stream = eventStream(size: 64 << 20)
            let eventCount = try countEvents(stream)
            return PreparedBenchmark(
                // The floor of a line-based parser: memchr from one LF to the next, nothing kept.
                baseline: .timed("memchr line breaks") { blackHole(lineBreaks(stream)) },
                cases: [
                    .timed("ServerSentEventParser") {
                        guard try countEvents(stream) == eventCount else { throw BenchmarkError("event count changed") }
                    },
                    .timed("Data.split into lines") {
                        var lines = 0
                        for _ in stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                            lines += 1
                        }
                        blackHole(lines)
                    },
                ],
                workPerRun: .init(amount: Double(stream.count), unit: "B")
            )
        }

        /// Events in the shape live feeds send them: an id, a type, JSON data over one to three lines.
        private static func eventStream(size: Int) -> Data {
            var text = ""
            var id = 0
            while text.utf8.count < size {
                id += 1
                text += "id: \(id)\nevent: price\n"
                for line in 0..<(id % 3 + 1) {
                    text +=
                        "data: {\"symbol\":\"TEA\",\"line\":\(line),\"price\":\(Double(id) / 100),\"currency\":\"EUR\"}\n"
                }
                text += "\n"
                if id % 50 == 0 { text += ": keep-alive\n\n" }
            }
            return Data(text.utf8)
        }

        /// The LF bytes of `stream`, found with `memchr`.
        @inline(never)
        private static func lineBreaks(_ stream: Data) -> Int {
            stream.withUnsafeBytes { raw -> Int in
                guard var cursor = raw.baseAddress else { return 0 }
                let end = cursor + raw.count
                var count = 0
                while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
                    count += 1
                    cursor = UnsafeRawPointer(found) + 1
                }
                return count
            }
        }

        private static func countEvents(_ stream: Data) throws -> Int {
            var parser = ServerSentEventParser()
            var count = 0
            var offset = stream.startIndex
            while offset < stream.endIndex {
                let end = min(offset + 16_384, stream.endIndex)
                count += try parser.parse(stream[offset..<end]).count
                offset = end
            }
            return count
        }

        // MARK: - Helpers

        /// A folder for the benchmark's files.
        private static func scratchFolder() throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "su-transfer-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }

        /// Writes `size` bytes of pseudo-random data (a random 1 MiB block repeated).
        private static func writeFile(_ url: URL, size: Int) throws {
            var generator = SystemRandomNumberGenerator()
            let block = Data((0..<(1 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            for _ in 0..<(size / block.count) { try handle.write(contentsOf: block) }
        }

        /// The wall time of `body`, run on a thread of its own (it waits for a child process).
        private static func timed(removing file: URL?, _ body: @escaping @Sendable () throws -> Void) async throws
            -> BenchmarkSample
        {
            if let file { try? FileManager.default.removeItem(at: file) }
            settleDisk()
            let cpuBefore = CPUTime.children()
            let clock = ContinuousClock()
            let start = clock.now
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                Thread { continuation.resume(with: Result { try body() }) }.start()
            }
            return BenchmarkSample(duration: start.duration(to: clock.now), cpu: CPUTime.children() - cpuBefore)
        }

        /// Writes out every dirty page of the system before a timed run, so no run pays for the
        /// write-back of the gigabyte an earlier one left in the page cache (that made single runs of
        /// either side two to three times slower than the others, at random).
        private static func settleDisk() {
            sync()
        }

        /// The wall time of `body` and the peak growth of this process's resident memory while it ran;
        /// checks the file has `expecting` bytes.
        private static func measured(removing file: URL?, expecting size: Int?, _ body: () async throws -> Void)
            async throws -> BenchmarkSample
        {
            if let file { try? FileManager.default.removeItem(at: file) }
            settleDisk()
            let before = ProcessMemory.read(process: getpid())?.resident ?? 0
            let reset = ProcessMemory.resetPeak()
            let cpuBefore = CPUTime.process()
            let clock = ContinuousClock()
            let start = clock.now
            try await body()
            let duration = start.duration(to: clock.now)
            let cpu = CPUTime.process() - cpuBefore
            let peak = ProcessMemory.read(process: getpid())?.peak ?? 0
            if let file, let size {
                let written = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?
                    .intValue
                guard written == size else { throw BenchmarkError("the file has \(written ?? -1) bytes, not \(size)") }
            }
            let note = reset ? "peak RSS growth \(max(peak - before, 0) / 1024) MB" : "peak RSS not measurable here"
            return BenchmarkSample(duration: duration, note: note, cpu: cpu)
        }
    }
#endif
