// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// NetworkKit's WebSocket client against the floor of the loopback: the same bytes echoed over a
    /// plain TCP socket (issue 31's goals), both through ``RawEchoServer``, a C-style echo server.
    enum WebSocketBenchmarks {
        static let all: [Benchmark] = [throughput, roundTrips, memory, compression]

        static let mebibyte = 1 << 20
        /// How many 1 MiB messages ``throughput`` echoes (1,024: 1 GiB; `SU_BENCH_WS_MEBIBYTES`).
        static let throughputMessages = setting("SU_BENCH_WS_MEBIBYTES", 1024)
        /// How many 64-byte round trips ``roundTrips`` makes (`SU_BENCH_WS_ROUND_TRIPS`).
        static let roundTripCount = setting("SU_BENCH_WS_ROUND_TRIPS", 100_000)
        /// How many 64-byte messages ``memory`` echoes (`SU_BENCH_WS_MEMORY_MESSAGES`).
        static let memoryMessages = setting("SU_BENCH_WS_MEMORY_MESSAGES", 1_000_000)
        static let memoryGrowth = "resident memory growth"
        static let echoCase = "WebSocket send/receive"

        static func setting(_ name: String, _ fallback: Int) -> Int {
            ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.map { max($0, 1) } ?? fallback
        }

        /// A socket to the echo server, without compression unless asked.
        static func open(_ server: RawEchoServer, compression: WebSocketCompression = .none) async throws -> WebSocket {
            guard let url = URL(string: "ws://127.0.0.1:\(server.port)/") else { throw BenchmarkError("bad URL") }
            return try await HTTPClient().webSocket(
                URLRequest(url: url), configuration: WebSocketConfiguration(compression: compression))
        }

        /// Sends every message while a second task receives as many, the sender ahead as far as the
        /// sockets' buffers let it; returns the bytes received.
        static func echo(_ messages: [WebSocketMessage], repeating count: Int, on socket: WebSocket) async throws -> Int
        {
            async let sent: Void = {
                for index in 0..<count { try await socket.send(messages[index % messages.count]) }
            }()
            var bytes = 0
            for _ in 0..<count {
                switch try await socket.receive() {
                case .data(let data): bytes += data.count
                case .string(let text): bytes += text.utf8.count
                case nil: throw BenchmarkError("the echo server closed early")
                }
            }
            try await sent
            return bytes
        }

        /// The same through a plain TCP socket: a writer thread and a reader thread.
        static func tcpEcho(port: UInt16, chunk: [UInt8], count: Int) async throws {
            let descriptor = try PlainTCPClient.connect(port: port)
            defer { close(descriptor) }
            let total = chunk.count * count
            async let written: Bool = PlainTCPClient.onThread {
                for _ in 0..<count where !RawEchoServer.writeAll(descriptor, chunk, count: chunk.count) { return false }
                return true
            }
            let read = try await PlainTCPClient.onThread { () -> Bool in
                var buffer = [UInt8](repeating: 0, count: min(total, 1 << 20))
                var remaining = total
                while remaining > 0 {
                    let step = min(remaining, buffer.count)
                    guard PlainTCPClient.readExactly(descriptor, &buffer, count: step) else { return false }
                    remaining -= step
                }
                return true
            }
            guard try await written, read else { throw BenchmarkError("the plain TCP echo ended early") }
        }

        /// A timed case that also reports the process's CPU time: the client's and the in-process
        /// server's together, on either side, so the two sides' costs compare even when a busy machine
        /// stretches their wall times unevenly.
        static func timedWithCPU(_ name: String, _ body: @escaping @Sendable () async throws -> Void)
            -> BenchmarkCase
        {
            BenchmarkCase(name: name) {
                let cpuBefore = CPUTime.process()
                let clock = ContinuousClock()
                let start = clock.now
                try await body()
                let duration = start.duration(to: clock.now)
                return BenchmarkSample(duration: duration, cpu: CPUTime.process() - cpuBefore)
            }
        }

        // MARK: - Throughput

        static let throughput = Benchmark(
            name: "NetworkKit.webSocketThroughput",
            summary: "\(throughputMessages) MiB echoed in 1 MiB binary messages on loopback",
            goals: [BenchmarkGoal(case: echoCase, atMost: 1.25)]
        ) {
            let tcp = try RawEchoServer(mode: .tcp)
            let webSocket = try RawEchoServer(mode: .webSocket)
            var generator = SystemRandomNumberGenerator()
            let chunk = (0..<(mebibyte / 8)).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } }
            let message = WebSocketMessage.data(Data(chunk))
            let count = throughputMessages
            return PreparedBenchmark(
                baseline: timedWithCPU("plain TCP socket") {
                    try await tcpEcho(port: tcp.port, chunk: chunk, count: count)
                },
                cases: [
                    timedWithCPU(echoCase) {
                        let socket = try await open(webSocket)
                        let bytes = try await echo([message], repeating: count, on: socket)
                        await socket.close()
                        guard bytes == count * mebibyte else { throw BenchmarkError("\(bytes) bytes came back") }
                    }
                ],
                workPerRun: .init(amount: Double(count * mebibyte), unit: "B"),
                tearDown: {
                    tcp.stop()
                    webSocket.stop()
                }
            )
        }

        // MARK: - Round trips

        static let roundTrips = Benchmark(
            name: "NetworkKit.webSocketRoundTrips",
            summary: "\(roundTripCount.formatted()) 64-byte messages, one round trip at a time, on loopback",
            goals: [BenchmarkGoal(case: echoCase, atMost: 1.5)]
        ) {
            let tcp = try RawEchoServer(mode: .tcp)
            let webSocket = try RawEchoServer(mode: .webSocket)
            let payload = [UInt8](repeating: 0x61, count: 64)
            let message = WebSocketMessage.data(Data(payload))
            let count = roundTripCount
            return PreparedBenchmark(
                baseline: .timed("plain TCP socket") {
                    let descriptor = try PlainTCPClient.connect(port: tcp.port)
                    defer { close(descriptor) }
                    let done = try await PlainTCPClient.onThread { () -> Bool in
                        var buffer = [UInt8](repeating: 0, count: 64)
                        for _ in 0..<count {
                            guard RawEchoServer.writeAll(descriptor, payload, count: 64),
                                PlainTCPClient.readExactly(descriptor, &buffer, count: 64)
                            else { return false }
                        }
                        return true
                    }
                    guard done else { throw BenchmarkError("the plain TCP echo ended early") }
                },
                cases: [
                    .timed(echoCase) {
                        let socket = try await open(webSocket)
                        for _ in 0..<count {
                            try await socket.send(message)
                            guard try await socket.receive() == message else { throw BenchmarkError("wrong echo") }
                        }
                        await socket.close()
                    }
                ],
                workPerRun: .init(amount: Double(count), unit: "round trips"),
                tearDown: {
                    tcp.stop()
                    webSocket.stop()
                }
            )
        }

        // MARK: - Memory

        static let memory = Benchmark(
            name: "NetworkKit.webSocketMemory",
            summary: "\(memoryMessages.formatted()) 64-byte messages echoed through one socket; resident memory growth",
            goals: [
                BenchmarkGoal(case: echoCase, atMost: 8, relativeTo: .quantity(memoryGrowth, unit: "MB"))
            ]
        ) {
            let tcp = try RawEchoServer(mode: .tcp)
            let webSocket = try RawEchoServer(mode: .webSocket)
            let payload = [UInt8](repeating: 0x62, count: 64)
            let message = WebSocketMessage.data(Data(payload))
            let count = memoryMessages
            let checkpoints = 10
            return PreparedBenchmark(
                baseline: .reported("plain TCP socket") {
                    try await measureMemory(count: count, checkpoints: checkpoints) { share in
                        try await tcpEcho(port: tcp.port, chunk: payload, count: share)
                    }
                },
                cases: [
                    .reported(echoCase) {
                        let socket = try await open(webSocket)
                        defer { socket.cancel() }
                        return try await measureMemory(count: count, checkpoints: checkpoints) { share in
                            _ = try await echo([message], repeating: share, on: socket)
                        }
                    }
                ],
                workPerRun: .init(amount: Double(count), unit: "messages"),
                tearDown: {
                    tcp.stop()
                    webSocket.stop()
                },
                repetition: .once
            )
        }

        /// Runs `body` for a tenth of `count` to warm up, then for `count` in `checkpoints` parts,
        /// reading the resident memory after the warm-up and after each part.
        private static func measureMemory(
            count: Int, checkpoints: Int, _ body: @escaping @Sendable (Int) async throws -> Void
        ) async throws -> BenchmarkSample {
            func resident() throws -> Int {
                guard let reading = ProcessMemory.read(process: getpid()) else {
                    throw BenchmarkError("cannot read /proc/self/status (Linux only)")
                }
                return reading.resident
            }
            try await body(max(count / 10, 1))
            var readings = [try resident()]
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<checkpoints {
                try await body(count / checkpoints)
                readings.append(try resident())
            }
            let growth = Double(readings[readings.count - 1] - readings[0]) / 1024
            let note =
                "resident MB after the warm-up, then after each \((count / checkpoints).formatted()): "
                + readings.map(BenchmarkFormat.megabytes).joined(separator: " ")
                + String(format: "; growth %+.1f MB", growth)
            return BenchmarkSample(
                duration: start.duration(to: clock.now), note: note,
                quantities: [BenchmarkQuantity(name: memoryGrowth, value: growth, unit: "MB")])
        }

        // MARK: - Compression

        static let compressionMessages = 2_000
        static let compressionMessageSize = 8 * 1024

        /// A text corpus: JSON-like chat messages of varied words.
        static func corpus() -> [String] {
            let words = [
                "order", "basket", "delivery", "tomato", "cucumber", "price", "discount", "courier", "address",
                "street", "minutes", "payment", "card", "receipt", "status", "accepted", "ready", "weight", "grams",
                "fresh", "bread", "milk", "cheese", "apples", "bananas", "total", "roubles", "customer", "thanks",
            ]
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            func next() -> Int {
                state = state &+ 0x9E37_79B9_7F4A_7C15
                var mixed = state
                mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                return Int(truncatingIfNeeded: (mixed ^ (mixed >> 31)) >> 1)
            }
            return (0..<compressionMessages).map { index in
                var text = "{\"id\":\(index),\"items\":["
                while text.utf8.count < compressionMessageSize {
                    text += "{\"name\":\"\(words[next() % words.count]) \(words[next() % words.count])\","
                    text += "\"note\":\"\(words[next() % words.count]) \(next() % 1000)\"},"
                }
                return text + "{}]}"
            }
        }

        static let compression = Benchmark(
            name: "NetworkKit.webSocketCompression",
            summary: "\(compressionMessages.formatted()) text messages of 8 KiB echoed with permessage-deflate, "
                + "beside zlib compressing and inflating the same messages"
        ) {
            let webSocket = try RawEchoServer(mode: .webSocket)
            let texts = corpus()
            let messages = texts.map { WebSocketMessage.string($0) }
            let buffers = texts.map { Array($0.utf8) }
            let zlib = try ZlibBaseline()
            return PreparedBenchmark(
                baseline: .timed("zlib compress2 + uncompress") {
                    for buffer in buffers { try zlib.roundTrip(buffer) }
                },
                cases: [
                    .timed("WebSocket echo, permessage-deflate") {
                        let socket = try await open(webSocket, compression: .permessageDeflate)
                        guard socket.isCompressed else { throw BenchmarkError("compression was not agreed") }
                        let bytes = try await echo(messages, repeating: messages.count, on: socket)
                        await socket.close()
                        guard bytes == buffers.reduce(0, { $0 + $1.count }) else {
                            throw BenchmarkError("\(bytes) bytes came back")
                        }
                    }
                ],
                workPerRun: .init(amount: Double(buffers.reduce(0) { $0 + $1.count }), unit: "B"),
                tearDown: { webSocket.stop() }
            )
        }
    }

    /// zlib's own one-shot calls, loaded at run time: the speed permessage-deflate is compared with.
    struct ZlibBaseline: @unchecked Sendable {
        // Safe: immutable C function pointers into a library that is never unloaded.
        private let compress:
            @convention(c) (
                UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>?, UInt, Int32
            ) -> Int32
        private let uncompress:
            @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>, UnsafePointer<UInt8>?, UInt) ->
                Int32
        private let bound: @convention(c) (UInt) -> UInt

        init() throws {
            guard let library = dlopen("libz.so.1", RTLD_NOW) ?? dlopen("libz.dylib", RTLD_NOW) else {
                throw BenchmarkError("zlib (libz.so.1) cannot be loaded")
            }
            func symbol<Function>(_ name: String, as type: Function.Type) throws -> Function {
                guard let address = dlsym(library, name) else { throw BenchmarkError("zlib lacks \(name)") }
                return unsafeBitCast(address, to: type)
            }
            compress = try symbol("compress2", as: type(of: compress))
            uncompress = try symbol("uncompress", as: type(of: uncompress))
            bound = try symbol("compressBound", as: type(of: bound))
        }

        /// Compresses `input` at zlib's default level and inflates it back, checking the result.
        func roundTrip(_ input: [UInt8]) throws {
            var compressed = [UInt8](repeating: 0, count: Int(bound(UInt(input.count))))
            var compressedLength = UInt(compressed.count)
            guard compress(&compressed, &compressedLength, input, UInt(input.count), -1) == 0 else {
                throw BenchmarkError("compress2 failed")
            }
            var output = [UInt8](repeating: 0, count: input.count)
            var outputLength = UInt(output.count)
            guard uncompress(&output, &outputLength, compressed, compressedLength) == 0,
                Int(outputLength) == input.count
            else { throw BenchmarkError("uncompress failed") }
        }
    }
#endif
