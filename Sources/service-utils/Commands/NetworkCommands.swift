import Foundation
import ServiceUtils

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `service-utils` commands and tour section of NetworkKit.
enum NetworkCommands {
    /// The subcommands this module adds.
    static let commands: [Command] = [http, query]

    static let http = Command(
        name: "http",
        summary: "send a request through NetworkKit and print status, headers and body",
        usage: "http METHOD URL [key=value ...] [--json] [--header 'Name: value' ...] [--timeout SECONDS] [--verbose]",
        details: """
            key=value pairs are parameters: the query string for GET, HEAD and DELETE, a form body
            otherwise, or a JSON object body with --json. Every status is printed; the exit status is 0
            below 400 and 1 from 400 up. Credentials in headers are sent but never printed. --verbose
            writes the request as a curl command and a log line per attempt to standard error.
            """
    ) { arguments, console in
        var parser = ArgumentParser(arguments)
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
            method: words[0], url: words[1], pairs: Array(words.dropFirst(2)), headerLines: headerLines,
            json: json, timeout: timeout)
        if verbose { console.error(try router.asURLRequest().cURLDescription()) }
        let client = HTTPClient { configuration in
            configuration.acceptableStatusCodes = 100..<600
            if verbose { configuration.eventMonitors = [RequestLogger { console.error($0) }] }
        }
        let response = try await client.send(router)
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

    private static func printResponse(_ response: HTTPResponse, console: Console) {
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
    static let tour = TourSection(title: "NetworkKit — Router-pattern HTTP, query strings") { console in
        let parameters: [String: Any] = [
            "q": "tea & biscuits", "page": 2, "filter": ["price": ["max": 9.5, "min": 1], "vegan": true],
            "tags": ["green", "loose leaf"],
        ]
        console.print("  [String: Any].toQueryString() — keys sorted at every level, RFC 3986 §3.4 escaping:")
        console.print("    \(parameters.toQueryString() ?? "")")
        let tricky: [String: Any] = ["value": "1+1=2&100%"]
        console.print("  values with &, =, + and % (SurfUtils broke these) stay one value each:")
        console.print("    \(tricky.toQueryString() ?? "")")
        let router = TourRouter()
        let request = try router.asURLRequest()
        console.print("  an HTTPRouter case becomes a URLRequest without boilerplate (path joined exactly):")
        console.print("    \(request.httpMethod ?? "") \(request.url?.absoluteString ?? "")")
        console.print("  its cURL command, credentials redacted:")
        console.print("    \(request.cURLDescription())")
        let policy = RetryPolicy(maximumRetries: 3)
        var busy = request
        busy.httpMethod = "GET"
        let answer = HTTPResponse(
            request: busy, statusCode: 503, headers: ["Retry-After": "7"], body: Data(), url: busy.url,
            duration: .zero)
        let failure = HTTPError.StatusFailure(
            request: .init(busy), statusCode: 503, headers: answer.headers, body: Data())
        let decision = await policy.retry(
            RetryContext(
                request: busy, response: answer, error: .unacceptableStatus(failure), attempt: 1,
                totalDelay: .zero))
        console.print("  RetryPolicy on a 503 carrying Retry-After: 7 decides: \(decision)")
        console.print("  (try `service-utils http GET <url> key=value` against a server of yours)")
    }
}

/// The tour's example endpoint; it is built, never sent.
private struct TourRouter: HTTPRouter {
    var baseUrlString: String { "https://api.example.com/v1/" }
    var path: String { "/validate/email" }
    var method: HTTPMethod { .get }
    var headers: HTTPHeaders? { [.authorization(bearerToken: "secret-token"), .accept("application/json")] }
    var parameters: Parameters? { ["address": "ann+news@example.com"] }
}

/// The request described by `service-utils http` arguments.
private struct CommandLineRouter: HTTPRouter {
    let baseURL: URL?
    let path = ""
    let method: HTTPMethod
    let headers: HTTPHeaders?
    let pairs: [String]
    let json: Bool
    let timeout: TimeInterval?

    init(method: String, url: String, pairs: [String], headerLines: [String], json: Bool, timeout: TimeInterval?)
        throws
    {
        guard let parsed = URL(string: url), parsed.host != nil else { throw UsageError("not an absolute URL: \(url)") }
        baseURL = parsed
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
