public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// What a server answered: status, headers, body, the final URL and how long it took.
///
/// ```swift
/// let response = try await client.send(API.health)
/// print(response.statusCode, response.duration, response.body.count)
/// let status = try response.decode(Health.self)
/// ```
public struct HTTPResponse: Sendable {
    /// The request as it was sent (after adapters), for the last attempt, with the `Cookie` header
    /// the client's cookie store added (merged each time it is read: keep the value to read it often).
    public var request: URLRequest { outgoing.request }
    /// The request without the `Cookie` header the store added: its method, URL and other fields
    /// are ``request``'s, read without merging the two.
    var baseRequest: URLRequest { outgoing.base }
    /// The status code.
    public let statusCode: Int
    /// The response headers, sorted by name (`HTTPURLResponse` does not keep the server's order).
    ///
    /// Converted from the platform's response each time they are read, so a caller that reads only
    /// the status and the body never pays for the conversion; keep the value when reading it often.
    /// ``mimeType`` reads its one header without converting the others.
    public var headers: HTTPHeaders { headerSource.headers }
    /// The body, decompressed when the server used gzip or deflate.
    public let body: Data
    /// The URL that answered, after redirects.
    public let url: URL?
    /// Time from sending the last attempt to receiving its whole body, measured by NetworkKit.
    public let duration: Duration
    /// How many attempts it took (1 when nothing was retried).
    public let attempts: Int
    /// Where the response came from: the network, or the client's ``HTTPCache`` (a fresh stored
    /// response, one a 304 revalidated, or a stale one `max-stale` or `stale-if-error` allowed).
    ///
    /// ```swift
    /// let response = try await client.send(API.catalogue)
    /// if response.source == .stale { showOfflineBanner() }
    /// ```
    public let source: HTTPResponseSource
    private let headerSource: ResponseHeaderSource
    private let outgoing: OutgoingRequest

    /// Creates a response; NetworkKit makes these, tests and stubs may too.
    ///
    /// - Parameters:
    ///   - request:    The request that was sent.
    ///   - statusCode: The status code.
    ///   - headers:    The response headers.
    ///   - body:       The body.
    ///   - url:        The URL that answered.
    ///   - duration:   How long it took.
    ///   - attempts:   How many attempts it took.
    ///   - source:     Where it came from (the network by default).
    public init(
        request: URLRequest, statusCode: Int, headers: HTTPHeaders, body: Data, url: URL?, duration: Duration,
        attempts: Int = 1, source: HTTPResponseSource = .network
    ) {
        self.init(
            outgoing: .plain(request), statusCode: statusCode, headerSource: .list(headers), body: body,
            url: url, duration: duration, attempts: attempts, source: source)
    }

    /// A response with `head`'s status, URL and headers (converted from a platform response only
    /// when they are read).
    init(request: URLRequest, head: ResponseHead, body: Data, duration: Duration) {
        self.init(outgoing: .plain(request), head: head, body: body, duration: duration)
    }

    /// A response to an exchange's request, whose `Cookie` header is added only when ``request`` is read.
    init(outgoing: OutgoingRequest, head: ResponseHead, body: Data, duration: Duration) {
        self.init(
            outgoing: outgoing, statusCode: head.statusCode, headerSource: head.fields, body: body,
            url: head.url, duration: duration, attempts: 1, source: .network)
    }

    private init(
        outgoing: OutgoingRequest, statusCode: Int, headerSource: ResponseHeaderSource, body: Data, url: URL?,
        duration: Duration, attempts: Int, source: HTTPResponseSource
    ) {
        self.outgoing = outgoing
        self.statusCode = statusCode
        self.headerSource = headerSource
        self.body = body
        self.url = url
        self.duration = duration
        self.attempts = attempts
        self.source = source
    }

    /// The `Content-Type` media type without parameters, lowercased, such as `application/json`.
    public var mimeType: String? {
        headerSource.value(for: "Content-Type").map { MediaType.essence(of: $0) }
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }

    /// The same response counting `attempts` attempts.
    func with(attempts: Int) -> HTTPResponse {
        HTTPResponse(
            outgoing: outgoing, statusCode: statusCode, headerSource: headerSource, body: body, url: url,
            duration: duration, attempts: attempts, source: source)
    }
}

/// Media type helpers for content-type validation.
enum MediaType {
    /// `type/subtype` of a header value, lowercased and without parameters.
    static func essence(of value: String) -> String {
        let end = value.firstIndex(of: ";") ?? value.endIndex
        return value[..<end].trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether `received` (`type/subtype`) matches one of the `Accept` ranges.
    static func matches(_ received: String, accepted ranges: [String]) -> Bool {
        let parts = received.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return false }
        return ranges.contains { range in
            let pattern = range.split(separator: "/", maxSplits: 1)
            guard pattern.count == 2 else { return false }
            return (pattern[0] == "*" || pattern[0] == parts[0]) && (pattern[1] == "*" || pattern[1] == parts[1])
        }
    }

    /// The media ranges of an `Accept` value, lowercased, without parameters.
    static func ranges(inAccept value: String) -> [String] {
        value.split(separator: ",").map { essence(of: String($0)) }.filter { !$0.isEmpty }
    }
}
