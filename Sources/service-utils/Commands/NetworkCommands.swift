// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
        import MockServerKit
    #endif

    /// The `service-utils` commands and tour section of NetworkKit.
    enum NetworkCommands {
        /// The subcommands this module adds.
        static let commands: [Command] = [http, query, download, upload, webSocket]

        static let http = Command(
            name: "http",
            summary: "send a request through NetworkKit and print status, headers and body",
            usage:
                "http METHOD URL [key=value ...] [--json] [--header 'Name: value' ...] [--timeout SECONDS] [--verbose] "
                + "[--cache DIR] " + TLSOptions.usage + " " + CookieOptions.usage,
            details: """
                key=value pairs are parameters: the query string for GET, HEAD and DELETE, a form body
                otherwise, or a JSON object body with --json. Every status is printed; the exit status is 0
                below 400 and 1 from 400 up, and 1 when no answer came (a refused certificate or pin, say).
                Credentials in headers are sent but never printed. --verbose writes the request as a curl
                command and a log line per attempt to standard error. --cache DIR keeps answers in an RFC 9111
                cache in that folder (made when missing), reuses them while fresh, revalidates them when stale,
                and says on standard error when an answer came from it.
                """ + "\n\n" + TLSOptions.details + "\n\n" + CookieOptions.details
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            let cacheFolder = try parser.option("--cache")
            if let cacheFolder, cacheFolder.isEmpty { throw UsageError("--cache needs a folder") }
            let tls = try TLSOptions(parsing: &parser)
            let cookies = try CookieOptions(parsing: &parser)
            let json = parser.flag("--json")
            let verbose = parser.flag("--verbose")
            let headerLines = try parser.options("--header")
            let timeout = try parser.option("--timeout").map { text -> TimeInterval in
                guard let seconds = TimeInterval(text), seconds > 0, seconds.isFinite else {
                    throw UsageError("--timeout needs a positive number of seconds")
                }
                return seconds
            }
            let words = try parser.positionals()
            guard words.count >= 2 else { throw UsageError("http needs a METHOD and a URL") }
            let router = try CommandLineRouter(
                method: words[0], url: words[1], pairs: Array(words.dropFirst(2)),
                headerLines: headerLines + (cookies.header.map { ["Cookie: \($0)"] } ?? []), json: json,
                timeout: timeout)
            if verbose { console.error(try router.asURLRequest().cURLDescription()) }
            var configuration = HTTPClient.Configuration()
            configuration.acceptableStatusCodes = 100..<600
            if verbose { configuration.eventMonitors = [RequestLogger { console.error($0) }] }
            try tls.apply(to: &configuration, for: router.url)
            let store = try cookies.makeStore()
            configuration.cookies = store
            defer { cookies.writeJar(from: store, console: console) }
            let cache = cacheFolder.map { HTTPCache(directory: URL(fileURLWithPath: $0), maximumBytes: 256 << 20) }
            configuration.cache = cache
            let client = HTTPClient(configuration: configuration)
            let response = try await client.send(router)
            if let problem = cache?.lastError { console.error("the cache folder is not used: \(problem)") }
            if let note = cacheNote(response.source) { console.error(note) }
            printResponse(response, console: console)
            return response.statusCode < 400 ? ExitStatus.success : ExitStatus.failure
        }

        static let query = Command(
            name: "query",
            summary: "print the URL query string of key=value pairs (Alamofire-compatible, sorted)",
            usage: "query key=value ... [--arrays brackets|none|index] [--bools numeric|literal] [--plus]",
            details: """
                A key given more than once becomes an array (a[]=1&a[]=2 by default). Keys and values are
                escaped per RFC 3986 §3.4; --plus writes spaces as +.
                """
        ) { arguments, console in
            var parser = ArgumentParser(arguments)
            var encoder = QueryStringEncoder()
            switch try parser.option("--arrays") {
            case nil, "brackets": encoder.arrayEncoding = .brackets
            case "none": encoder.arrayEncoding = .noBrackets
            case "index": encoder.arrayEncoding = .indexInBrackets
            case let other?: throw UsageError("--arrays takes brackets, none or index, not \(other)")
            }
            switch try parser.option("--bools") {
            case nil, "numeric": encoder.boolEncoding = .numeric
            case "literal": encoder.boolEncoding = .literal
            case let other?: throw UsageError("--bools takes numeric or literal, not \(other)")
            }
            if parser.flag("--plus") { encoder.spaceEncoding = .plus }
            let pairs = try parser.positionals()
            guard !pairs.isEmpty else { throw UsageError("query needs at least one key=value") }
            console.print(encoder.query(try CommandLineRouter.parameters(from: pairs)))
            return ExitStatus.success
        }

        /// What standard error says about an answer from the cache; nil for one from the network.
        static func cacheNote(_ source: HTTPResponseSource) -> String? {
            switch source {
            case .network: nil
            case .cache: "answered from the cache (fresh)"
            case .revalidated: "answered from the cache (revalidated: 304 Not Modified)"
            case .stale: "answered from the cache (stale)"
            }
        }

        static func printResponse(_ response: HTTPResponse, console: Console) {
            let milliseconds =
                Int((Double(response.duration.components.attoseconds) / 1e15).rounded())
                + Int(response.duration.components.seconds) * 1000
            console.print("HTTP \(response.statusCode)  (\(milliseconds) ms, \(response.body.count) bytes)")
            for header in response.headers {
                console.print("\(header.name): \(Redaction.default.value(of: header))")
            }
            console.print()
            console.writeData(response.body)
            if response.body.last != UInt8(ascii: "\n") && !response.body.isEmpty { console.print() }
        }

        /// This module's part of `service-utils tour`.
        static let tour = TourSection(title: "NetworkKit — Router-pattern HTTP, query strings, downloads") { console in
            let parameters: [String: Any] = [
                "q": "tea & biscuits", "page": 2, "filter": ["price": ["max": 9.5, "min": 1], "vegan": true],
                "tags": ["green", "loose leaf"],
            ]
            console.print("  [String: Any].toQueryString() — keys sorted at every level, RFC 3986 §3.4 escaping:")
            console.print("    \(parameters.toQueryString() ?? "")")
            let tricky: [String: Any] = ["value": "1+1=2&100%"]
            console.print("  values with &, =, + and % (SurfUtils broke these) stay one value each:")
            console.print("    \(tricky.toQueryString() ?? "")")
            try await NetworkTour.run(console: console)
        }
    }

    // MARK: - Tour against an in-process server

    /// The tour's live part: a `MockServer` on 127.0.0.1, and `TourAPI` requests sent to it by `HTTPClient`.
    private enum NetworkTour {
        static func run(console: Console) async throws {
            let server = try MockServer()
            defer { server.stop() }
            let flaky = AttemptCounter()
            stub(server, flaky: flaky)
            let base = server.url("v1")
            console.print("  MockServer listening at \(server.baseURL.absoluteString) (in this process, loopback only)")
            var configuration = HTTPClient.Configuration()
            configuration.retriers = [RetryPolicy()]
            configuration.eventMonitors = [TourRetryMonitor(console: console)]
            // Skips the wait RetryPolicy chose (the monitor prints it), so the tour stays fast.
            configuration.sleep = { _ in }
            let client = HTTPClient(configuration: configuration)

            console.print("  GET with a nested query, from an HTTPRouter case (the token is sent, never printed):")
            let search = try await client.send(TourAPI.search(base: base))
            summarize(search, console: console)
            let seen = server.requests.last?.queryItems.map { "\($0.name)=\($0.value ?? "")" } ?? []
            console.print("    the server decoded the query as: \(seen.joined(separator: "  "))")

            console.print("  POST with a JSON body (JSONEncoding):")
            let added = try await client.send(TourAPI.add(base: base, name: "sencha", price: 4.5))
            summarize(added, console: console)
            console.print("    the server received: \(server.requests.last?.bodyText ?? "")")

            console.print("  GET of a flaky endpoint (503 with Retry-After: 1, then 200) with RetryPolicy:")
            let stock = try await client.send(TourAPI.stock(base: base))
            console.print("    answered HTTP \(stock.statusCode) after \(stock.attempts) attempts: \(stock.text)")
            console.print(
                "    (the wait is injected through HTTPClient.Configuration.sleep, so the tour does not sleep)")
            try await runCommands(server: server, console: console)
            try await TransferTour.run(server: server, console: console)
            console.print("  (the server stops when this section ends)")
        }

        /// Runs the `http` and `query` subcommands as a user would type them.
        private static func runCommands(server: MockServer, console: Console) async throws {
            let url = server.url("v1/items").absoluteString
            console.print("  $ service-utils http GET \(url) page=3 tags=green tags=black")
            _ = try await NetworkCommands.http.run(["GET", url, "page=3", "tags=green", "tags=black"], console)
            console.print("  $ service-utils query 'q=tea & biscuits' tags=green tags=black --arrays none")
            _ = try await NetworkCommands.query.run(
                ["q=tea & biscuits", "tags=green", "tags=black", "--arrays", "none"], console)
        }

        /// Answers `GET /v1/items`, `POST /v1/items` and a `GET /v1/stock` that fails once.
        private static func stub(_ server: MockServer, flaky: AttemptCounter) {
            server.stub(method: .get, path: "/v1/items") { request in
                let page = Int(request.queryValue("page") ?? "") ?? 1
                return .json(data: Data(#"{"items":[{"name":"green tea","price":4.5}],"page":\#(page)}"#.utf8))
            }
            server.stub(method: .post, path: "/v1/items") { request in
                MockResponse(
                    status: 201, headers: ["Content-Type": "application/json", "Location": "/v1/items/42"],
                    body: request.body)
            }
            server.stub(method: .get, path: "/v1/stock") { _ in
                guard await flaky.next() > 1 else {
                    return MockResponse(status: 503, headers: ["Retry-After": "1"], body: Data())
                }
                return .json(data: Data(#"{"inStock":true}"#.utf8))
            }
        }

        /// Prints status, headers (secrets redacted), the start of the body and the request as curl.
        private static func summarize(_ response: HTTPResponse, console: Console) {
            console.print(
                "    HTTP \(response.statusCode), \(response.body.count) bytes of \(response.mimeType ?? "(untyped)")")
            for header in response.headers where ["Content-Type", "Content-Length", "Location"].contains(header.name) {
                console.print("    \(header.name): \(Redaction.default.value(of: header))")
            }
            console.print("    body: \(response.text.prefix(80))")
            console.print("    as curl: \(response.request.cURLDescription())")
        }
    }

    /// Counts requests to the tour's flaky endpoint.
    private actor AttemptCounter {
        private var count = 0

        func next() -> Int {
            count += 1
            return count
        }
    }

    /// Prints each retry decision `RetryPolicy` makes.
    private struct TourRetryMonitor: EventMonitor {
        let console: Console

        func requestWillRetry(_ request: URLRequest, after delay: Duration, error: HTTPError) {
            let what = error.statusCode.map { "HTTP \($0)" } ?? error.description
            console.print("    attempt failed with \(what); RetryPolicy decides: retry after \(delay)")
        }
    }

    /// The tour's endpoints on the in-process server.
    private enum TourAPI: HTTPRouter {
        case search(base: URL)
        case add(base: URL, name: String, price: Double)
        case stock(base: URL)

        var baseURL: URL? {
            switch self {
            case .search(let base), .add(let base, _, _), .stock(let base): base
            }
        }

        var path: String {
            switch self {
            case .search, .add: "/items"
            case .stock: "stock"
            }
        }

        var method: HTTPMethod {
            if case .add = self { return .post }
            return .get
        }

        var headers: HTTPHeaders? { [.authorization(bearerToken: "tour-secret-token"), .accept("application/json")] }

        var parameters: Parameters? {
            switch self {
            case .search:
                [
                    "q": "tea & biscuits", "page": 2, "filter": ["price": ["max": 9.5, "min": 1], "vegan": true],
                    "tags": ["green", "loose leaf"],
                ]
            case .add(_, let name, let price): ["name": name, "price": price]
            case .stock: nil
            }
        }

        var parameterEncoding: any ParameterEncoding {
            if case .add = self { return JSONEncoding.default }
            return URLEncoding.default
        }
    }

    /// The request described by `service-utils http` arguments.
    private struct CommandLineRouter: HTTPRouter {
        let baseURL: URL?
        /// The URL as given, before parameters are added to its query.
        let url: URL
        let path = ""
        let method: HTTPMethod
        let headers: HTTPHeaders?
        let pairs: [String]
        let json: Bool
        let timeout: TimeInterval?

        init(method: String, url: String, pairs: [String], headerLines: [String], json: Bool, timeout: TimeInterval?)
            throws
        {
            guard let parsed = URL(string: url), parsed.host != nil else {
                throw UsageError("not an absolute URL: \(url)")
            }
            baseURL = parsed
            self.url = parsed
            self.method = HTTPMethod(rawValue: method.uppercased())
            var headers = HTTPHeaders()
            for line in headerLines {
                guard let colon = line.firstIndex(of: ":") else { throw UsageError("--header needs 'Name: value'") }
                let name = line[..<colon].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { throw UsageError("--header needs 'Name: value'") }
                headers.add(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            self.headers = headers
            _ = try Self.parameters(from: pairs)
            self.pairs = pairs
            self.json = json
            self.timeout = timeout
        }

        var parameters: Parameters? {
            pairs.isEmpty ? nil : try? Self.parameters(from: pairs)
        }

        var parameterEncoding: any ParameterEncoding {
            json ? JSONEncoding.default : URLEncoding.default
        }

        /// `key=value` words as parameters; a repeated key becomes an array.
        static func parameters(from pairs: [String]) throws(UsageError) -> Parameters {
            var values: [String: [String]] = [:]
            for pair in pairs {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw UsageError("expected key=value, got \(pair)")
                }
                values[String(pair[..<equals]), default: []].append(String(pair[pair.index(after: equals)...]))
            }
            return values.mapValues { $0.count == 1 ? $0[0] as Any : $0 as Any }
        }
    }
#endif
