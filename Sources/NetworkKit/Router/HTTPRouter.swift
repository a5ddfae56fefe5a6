public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// One endpoint of an API: where and how to call it. A whole API is usually one enum adopting this.
///
/// Only ``baseUrlString`` (or ``baseURL``), ``path`` and ``method`` are required; everything else
/// has a default.
///
/// ```swift
/// enum UserAPI: HTTPRouter {
///     case profile(id: Int)
///     case search(text: String)
///
///     var baseUrlString: String { "https://api.example.com/v1" }
///     var path: String {
///         switch self {
///         case .profile(let id): "users/\(id)"
///         case .search: "users/search"
///         }
///     }
///     var method: HTTPMethod { .get }
///     var parameters: Parameters? {
///         if case .search(let text) = self { return ["q": text] }
///         return nil
///     }
/// }
/// let user = try await HTTPClient().send(UserAPI.profile(id: 7), as: User.self)
/// ```
public protocol HTTPRouter: URLRequestConvertible, Sendable {
    /// The base URL as text, such as `https://api.example.com/v1` (SurfUtils' name). Defaults to
    /// ``baseURL``'s text.
    var baseUrlString: String { get }
    /// The base URL; when nil (the default), ``baseUrlString`` is parsed instead.
    var baseURL: URL? { get }
    /// The path under the base URL, such as `users/42`; slashes separate segments.
    var path: String { get }
    /// The request method.
    var method: HTTPMethod { get }
    /// Extra header fields; nil by default.
    var headers: HTTPHeaders? { get }
    /// The parameters, encoded by ``parameterEncoding``; nil by default.
    var parameters: Parameters? { get }
    /// How ``parameters`` are encoded; ``URLEncoding/default`` (query for GET, HEAD, DELETE; form
    /// body otherwise) by default.
    var parameterEncoding: any ParameterEncoding { get }
    /// The status codes that count as success; nil (the default) defers to the client's.
    var acceptableStatusCodes: Range<Int>? { get }
    /// Typed parameters: an `Encodable` value as a query, a form body or JSON; nil by default.
    /// Applied after ``parameters`` and ``body()``; it cannot add a second body.
    var encodableParameters: EncodableParameters? { get }
    /// How long the request may take, in seconds; nil (the default) defers to the client's.
    var timeout: TimeInterval? { get }
    /// The raw request body; nil by default. When it is set, ``parameters`` go in the query.
    ///
    /// - Returns: The body bytes, or nil for none.
    /// - Throws: ``HTTPError/encodingFailed(_:)`` when the body cannot be built.
    func body() throws -> Data?
    /// The `URLRequest` this endpoint describes.
    ///
    /// - Returns: The request.
    /// - Throws: ``HTTPError`` when the URL, parameters or body cannot be built.
    func asURLRequest() throws -> URLRequest
}

// MARK: - Defaults

extension HTTPRouter {
    /// ``baseURL``'s text, or empty.
    public var baseUrlString: String { baseURL?.absoluteString ?? "" }
    /// Nil: ``baseUrlString`` is used.
    public var baseURL: URL? { nil }
    /// No extra headers.
    public var headers: HTTPHeaders? { nil }
    /// No parameters.
    public var parameters: Parameters? { nil }
    /// Query string for `GET`, `HEAD` and `DELETE`, form body otherwise.
    public var parameterEncoding: any ParameterEncoding { URLEncoding.default }
    /// No typed parameters.
    public var encodableParameters: EncodableParameters? { nil }
    /// The client's codes.
    public var acceptableStatusCodes: Range<Int>? { nil }
    /// The client's timeout.
    public var timeout: TimeInterval? { nil }

    /// No body.
    ///
    /// - Returns: Nil.
    public func body() throws -> Data? { nil }

    /// The URL of this endpoint: ``path`` joined to the base URL, before parameters.
    ///
    /// - Returns: The URL.
    /// - Throws: ``HTTPError/invalidURL(_:)`` for a malformed base or a path with a control character.
    public func url() throws -> URL {
        let base = try baseURL ?? URLPath.baseURL(baseUrlString)
        return try URLPath.join(base: base, path: path)
    }

    /// Builds the request: URL, method, headers, timeout, body, then parameters and typed parameters.
    ///
    /// A body without a `Content-Type` header gets `application/json` when it starts with `{` or `[`,
    /// `application/octet-stream` otherwise.
    ///
    /// - Returns: The request.
    /// - Throws: ``HTTPError`` when the URL, parameters or body cannot be built, or a `GET` or `HEAD`
    ///   has a body.
    public func asURLRequest() throws -> URLRequest {
        var request = URLRequest(url: try url())
        if request.httpMethod != method.rawValue { request.httpMethod = method.rawValue }  // "GET" already
        for header in headers ?? [] {
            request.addValue(header.value, forHTTPHeaderField: header.name)
        }
        if let timeout { request.timeoutInterval = timeout }
        guard let body = try body() else {
            return try encodingTypedParameters(try parameterEncoding.encode(request, with: parameters))
        }
        guard !method.forbidsBody else { throw HTTPError.encodingFailed(.bodyNotAllowed(method)) }
        request.httpBody = body
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(Self.sniffedContentType(body), forHTTPHeaderField: "Content-Type")
        }
        return try encodingTypedParameters(try URLEncoding.queryString.encode(request, with: parameters))
    }

    private func encodingTypedParameters(_ request: URLRequest) throws -> URLRequest {
        try encodableParameters?.encode(into: request) ?? request
    }

    private static func sniffedContentType(_ body: Data) -> String {
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            ? "application/json" : "application/octet-stream"
    }
}
