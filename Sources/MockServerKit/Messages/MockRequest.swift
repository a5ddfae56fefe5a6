public import Foundation

/// One request the server received, parsed: what a handler gets and what ``MockServer/requests`` records.
///
/// ```swift
/// server.stub(method: .get, path: "/category/:id") { request in
///     let id = request.pathParameters["id"] ?? ""
///     return .text("category \(id), page \(request.queryValue("page") ?? "1")")
/// }
/// ```
public struct MockRequest: Sendable {
    /// The method, such as `GET`.
    public var method: Method
    /// The request target as sent, such as `/search?q=milk%20bar`; bytes outside ASCII that a
    /// client sent raw (UTF-8, as curl does in a query) are percent-encoded.
    public var target: String
    /// The path part of the target, still percent-encoded, such as `/search`.
    public var path: String
    /// The query items, percent-decoded (`+` reads as a space), in order.
    public var queryItems: [URLQueryItem]
    /// The header fields; ``cookies`` reads the `Cookie` fields.
    public var headers: MockHeaders
    /// The body, after any chunked transfer coding was removed; empty when there was none.
    public var body: Data
    /// The values the route pattern captured, percent-decoded: `/category/:id` gives `["id": "7"]`.
    public var pathParameters: [String: String]
    /// The protocol version, `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    /// A number identifying the connection the request arrived on, so tests can see keep-alive at work.
    public var connectionID: Int
    /// The record of the WebSocket conversation this request opened (``webSocketMessages``).
    var webSocketTranscript: WebSocketTranscript?

    /// Creates a request; the server builds these, tests may build them to call a handler directly.
    ///
    /// - Parameters:
    ///   - method:         the method.
    ///   - target:         the request target, such as `/a/b?c=d`.
    ///   - headers:        the header fields.
    ///   - body:           the body.
    ///   - pathParameters: the values a route pattern captured.
    ///   - version:        the protocol version.
    ///   - connectionID:   the connection's number.
    public init(
        method: Method, target: String, headers: MockHeaders = [:], body: Data = Data(),
        pathParameters: [String: String] = [:], version: String = "HTTP/1.1", connectionID: Int = 0
    ) {
        self.method = method
        self.target = target
        if target.utf8.contains(UInt8(ascii: "?")) {
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            self.path = parts.first.map(String.init) ?? ""
            self.queryItems = parts.count > 1 ? Self.parseQuery(parts[1]) : []
        } else {
            // No query, the usual case: the path is the target itself, without splitting it.
            self.path = target
            self.queryItems = []
        }
        self.headers = headers
        self.body = body
        self.pathParameters = pathParameters
        self.version = version
        self.connectionID = connectionID
    }

    /// The value of the last query item called `name`, or nil.
    ///
    /// - Parameter name: the item name.
    /// - Returns: the decoded value; an empty string for `?flag` without `=`.
    public func queryValue(_ name: String) -> String? {
        guard let item = queryItems.last(where: { $0.name == name }) else { return nil }
        return item.value ?? ""
    }

    /// The body as UTF-8 text; nil when it is not valid UTF-8.
    public var bodyText: String? {
        String(data: body, encoding: .utf8)
    }

    private static func parseQuery(_ query: Substring) -> [URLQueryItem] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decodeForm(parts[0])
            return URLQueryItem(name: name, value: parts.count > 1 ? decodeForm(parts[1]) : nil)
        }
    }

    private static func decodeForm(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

// MARK: - Method

extension MockRequest {
    /// An HTTP method; an open set, so any token a client sends has a value.
    public struct Method: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The method token, such as `GET`.
        public let rawValue: String

        /// Creates a method from its token (case-sensitive, as HTTP says).
        ///
        /// - Parameter rawValue: the token.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a method from a string literal such as `"PURGE"`.
        ///
        /// - Parameter value: the token.
        public init(stringLiteral value: String) {
            self.rawValue = value
        }

        /// The token.
        public var description: String { rawValue }

        /// `GET`.
        public static let get = Method(rawValue: "GET")
        /// `HEAD`.
        public static let head = Method(rawValue: "HEAD")
        /// `POST`.
        public static let post = Method(rawValue: "POST")
        /// `PUT`.
        public static let put = Method(rawValue: "PUT")
        /// `PATCH`.
        public static let patch = Method(rawValue: "PATCH")
        /// `DELETE`.
        public static let delete = Method(rawValue: "DELETE")
        /// `OPTIONS`.
        public static let options = Method(rawValue: "OPTIONS")
    }
}
