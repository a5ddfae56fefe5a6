// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import MockServerKit
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The `service-utils` commands and tour section of MockServerKit's HAR replay and recording.
    enum MockServerCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [mock, record]

        /// This module's part of `service-utils tour`.
        static let tour = TourSection(
            title: "MockServerKit — record an API once through a proxy, replay it offline from the HAR file"
        ) { console in
            try await ArchiveTour.run(console)
        }

        static let mock = Command(
            name: "mock",
            summary:
                "serve a HAR file (Chrome, Firefox, Charles, mitmproxy or `record`) on 127.0.0.1 until interrupted",
            usage:
                "mock --har FILE [--port N] [--fault SPEC]... [--latency MS] [--bandwidth BYTES_PER_S] [--ignore-bodies]",
            details: """
                Answers each request with the recorded entry of the same method, path and query (in any
                order), and body unless --ignore-bodies; identical requests get the recordings in order,
                the last repeating. A request nothing matches gets 404 with a JSON list of the closest
                recorded requests. The first line of standard output is the base URL; standard error gets
                one line per request. --fault (repeatable), --latency and --bandwidth apply to every
                answer. Fault forms:
                """ + "\n" + FaultSpecification.forms + "\n"
                    + "Serves until SIGINT or SIGTERM, then exits 0."
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            guard let file = try parser.option("--har") else { throw UsageError("mock needs --har FILE") }
            var configuration = MockServer.Configuration()
            configuration.port = try port(&parser)
            configuration.conditions = try conditions(&parser)
            var options = MockServer.ReplayOptions()
            if parser.flag("--ignore-bodies") { options.bodyMatching = .ignored }
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            options.onAnswer = { request, response in
                console.error("\(request.method) \(request.target) → \(response.status), \(response.body.count) bytes")
            }
            try TerminationSignals.install()
            let server = try MockServer(configuration: configuration)
            let served = try server.replay(archiveAt: URL(fileURLWithPath: file), options: options)
            console.print(server.baseURL.absoluteString)
            console.error("mock: serving \(served) entries of \(file)")
            let signal = await TerminationSignals.next()
            console.error("mock: got signal \(signal), stopping")
            server.stop()
            return ExitStatus.success
        }

        static let record = Command(
            name: "record",
            summary: "forward requests to an upstream and record each exchange in a HAR file, until interrupted",
            usage: "record --upstream URL --har FILE [--port N] [--keep-credentials]",
            details: """
                A reverse proxy on 127.0.0.1: each request is sent to the upstream URL (its path then the
                request's), answered with what came back, and appended to FILE as soon as it completes;
                FILE is valid HAR 1.2 after every request. Authorization, cookies and token query values are
                masked unless --keep-credentials. The first line of standard output is the base URL;
                standard error gets one line per request. Replay the file with `service-utils mock --har FILE`.
                Serves until SIGINT or SIGTERM, then exits 0 with the file complete.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            guard let upstreamText = try parser.option("--upstream") else {
                throw UsageError("record needs --upstream URL")
            }
            guard let upstream = URL(string: upstreamText), let scheme = upstream.scheme?.lowercased(),
                scheme == "http" || scheme == "https", upstream.host != nil
            else { throw UsageError("--upstream needs an http or https URL, not \(upstreamText)") }
            guard let file = try parser.option("--har") else { throw UsageError("record needs --har FILE") }
            var configuration = MockServer.Configuration()
            configuration.port = try port(&parser)
            let redaction: Redaction = parser.flag("--keep-credentials") ? .none : .default
            let extra = try parser.positionals()
            guard extra.isEmpty else { throw UsageError("unexpected argument \(extra[0])") }
            try TerminationSignals.install()
            let server = try MockServer(configuration: configuration)
            let logger = RequestLogger(redaction: redaction) { console.error($0) }
            let recorder = try server.forward(
                to: upstream, recordingTo: URL(fileURLWithPath: file), redaction: redaction, monitors: [logger])
            console.print(server.baseURL.absoluteString)
            console.error("record: forwarding to \(redaction.redact(upstream)), recording to \(file)")
            let signal = await TerminationSignals.next()
            server.stop()
            recorder.close()
            console.error("record: got signal \(signal), stopped; \(recorder.entryCount) entries in \(file)")
            return ExitStatus.success
        }

        private static func port(_ parser: inout ArgumentParser) throws(UsageError) -> UInt16 {
            guard let text = try parser.option("--port") else { return 0 }
            guard let number = UInt16(text) else { throw UsageError("--port needs a number from 0 to 65535") }
            return number
        }

        private static func conditions(_ parser: inout ArgumentParser) throws(UsageError) -> [NetworkCondition] {
            var conditions: [NetworkCondition] = []
            for specification in try parser.options("--fault") {
                conditions.append(try FaultSpecification.parse(specification))
            }
            if let latency = try parser.option("--latency") {
                guard let milliseconds = Int(latency), milliseconds >= 0 else {
                    throw UsageError("--latency needs a whole number of milliseconds")
                }
                conditions.append(.delay(.milliseconds(milliseconds)))
            }
            if let bandwidth = try parser.option("--bandwidth") {
                guard let rate = Int(bandwidth), rate > 0 else {
                    throw UsageError("--bandwidth needs a positive number of bytes per second")
                }
                conditions.append(.bandwidth(bytesPerSecond: rate))
            }
            return conditions
        }
    }

    // MARK: - Tour

    /// The tour section: an upstream MockServer, a recording proxy in front of it, three requests,
    /// then the same requests answered by a server replaying the file with the upstream gone.
    private enum ArchiveTour {
        static func run(_ console: Console) async throws {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("service-utils-tour-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("api.har")

            let upstream = try MockServer()
            upstream.stub(method: .get, path: "/v1/items") { request in
                .json(data: Data(#"{"items":["apple","bread"],"page":"\#(request.queryValue("page") ?? "1")"}"#.utf8))
            }
            upstream.stub(method: .post, path: "/v1/orders") { request in
                MockResponse(status: 201, headers: ["Content-Type": "application/json"], body: request.body)
            }
            let proxy = try MockServer()
            let recorder = try proxy.forward(to: upstream.baseURL, recordingTo: file)
            console.print(
                "  recording: proxy \(proxy.baseURL.absoluteString) → upstream \(upstream.baseURL.absoluteString)")
            let client = HTTPClient()
            let requests = try Self.requests(base: proxy)
            for request in requests {
                let response = try await client.send(request)
                console.print(
                    "    \(request.httpMethod ?? "GET") \(request.url?.path ?? "") → \(response.statusCode) \(response.text)"
                )
            }
            proxy.stop()
            upstream.stop()
            recorder.close()
            console.print("  \(recorder.entryCount) entries in \(file.lastPathComponent); the upstream is stopped")

            let replay = try MockServer()
            defer { replay.stop() }
            let served = try replay.replay(archiveAt: file)
            console.print("  replaying \(served) entries at \(replay.baseURL.absoluteString)")
            for request in try Self.requests(base: replay) {
                let response = try await client.send(request)
                console.print(
                    "    \(request.httpMethod ?? "GET") \(request.url?.path ?? "") → \(response.statusCode) \(response.text)"
                )
            }
        }

        private static func requests(base: MockServer) throws -> [URLRequest] {
            var order = URLRequest(url: base.url("v1/orders"))
            order.httpMethod = "POST"
            order.httpBody = Data(#"{"item":"apple","quantity":2}"#.utf8)
            order.setValue("application/json", forHTTPHeaderField: "Content-Type")
            return [URLRequest(url: base.url("v1/items?page=1")), URLRequest(url: base.url("v1/items?page=2")), order]
        }
    }
#endif
