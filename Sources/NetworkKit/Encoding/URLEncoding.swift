#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Encodes parameters as a query string (see ``QueryStringEncoder``), in the URL or as an
/// `application/x-www-form-urlencoded` body, like Alamofire's `URLEncoding`.
///
/// ```swift
/// var encoding = URLEncoding.default          // query for GET, HEAD, DELETE; body otherwise
/// encoding.encoder.arrayEncoding = .noBrackets
/// let indexed = URLEncoding(arrayEncoding: .indexInBrackets, boolEncoding: .literal)
/// ```
///
/// Called with a `URLRequest` it throws ``HTTPError``, as the rest of NetworkKit; called with any
/// other ``URLRequestConvertible`` (a router, say) it throws Alamofire's ``AFError``.
public struct URLEncoding: ParameterEncoding, Hashable {
    /// Where the query string goes.
    public enum Destination: Sendable, Hashable {
        /// In the URL for `GET`, `HEAD` and `DELETE`, as the body otherwise.
        case methodDependent
        /// Always in the URL, after any query the URL already has.
        case queryString
        /// Always as the body.
        case httpBody
    }

    /// How array elements name their key, as Alamofire's `URLEncoding.ArrayEncoding`.
    public typealias ArrayEncoding = QueryStringEncoder.ArrayEncoding
    /// How `Bool` values are written, as Alamofire's `URLEncoding.BoolEncoding`.
    public typealias BoolEncoding = QueryStringEncoder.BoolEncoding

    /// Where the query string goes.
    public var destination: Destination
    /// How keys and values are written.
    public var encoder: QueryStringEncoder

    /// How array elements name their key: the ``encoder``'s setting.
    public var arrayEncoding: ArrayEncoding {
        get { encoder.arrayEncoding }
        set { encoder.arrayEncoding = newValue }
    }

    /// How `Bool` values are written: the ``encoder``'s setting.
    public var boolEncoding: BoolEncoding {
        get { encoder.boolEncoding }
        set { encoder.boolEncoding = newValue }
    }

    /// Creates an encoding with Alamofire's options; spaces are written `%20`.
    ///
    /// - Parameters:
    ///   - destination:   Where the query string goes.
    ///   - arrayEncoding: How array elements name their key.
    ///   - boolEncoding:  How `Bool` values are written.
    public init(
        destination: Destination = .methodDependent,
        arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric
    ) {
        self.init(
            destination: destination,
            encoder: QueryStringEncoder(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding))
    }

    /// Creates an encoding that writes keys and values with `encoder`.
    ///
    /// - Parameters:
    ///   - destination: Where the query string goes.
    ///   - encoder:     How keys and values are written.
    public init(destination: Destination = .methodDependent, encoder: QueryStringEncoder) {
        self.destination = destination
        self.encoder = encoder
    }

    /// Query string for `GET`, `HEAD` and `DELETE`, form body otherwise.
    public static var `default`: URLEncoding { URLEncoding() }
    /// Always in the URL.
    public static var queryString: URLEncoding { URLEncoding(destination: .queryString) }
    /// Always as a form body.
    public static var httpBody: URLEncoding { URLEncoding(destination: .httpBody) }

    /// Returns `request` with the parameters in its query or body.
    ///
    /// - Parameters:
    ///   - request:    The request.
    ///   - parameters: The parameters, or nil for none.
    /// - Returns: The encoded request.
    /// - Throws: ``HTTPError/invalidURL(_:)`` when the request has no URL.
    public func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        if destination.encodesParameters(in: method) {
            guard let url = request.url else { throw HTTPError.invalidURL(.missingURL) }
            guard !parameters.isEmpty else { return request }
            request.url = Self.url(url, appendingQuery: encoder.query(parameters))
        } else {
            if request.value(forHTTPHeaderField: "Content-Type") == nil {
                request.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
            }
            request.httpBody = Data(encoder.query(parameters).utf8)
        }
        return request
    }

    /// The escaped `(key, value)` pairs of one parameter, as Alamofire's method of this name gives
    /// them; an `NSNull` value, which NetworkKit writes as a bare key, has an empty value here.
    ///
    /// - Parameters:
    ///   - key:   The parameter's name.
    ///   - value: Its value; dictionaries and arrays expand into several pairs.
    /// - Returns: The pairs in the order they appear in the query.
    public func queryComponents(fromKey key: String, value: Any) -> [(String, String)] {
        encoder.queryComponents(fromKey: key, value: value).map { ($0.0, $0.1 ?? "") }
    }

    /// Escapes one key or value as the query string does (RFC 3986 §3.4, keeping `?` and `/`).
    ///
    /// - Parameter string: A key or value.
    /// - Returns: The escaped text.
    public func escape(_ string: String) -> String {
        encoder.escape(string)
    }

    /// `url` with `query` (already percent-encoded) appended after any query it has.
    static func url(_ url: URL, appendingQuery query: String) -> URL {
        guard !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url
        }
        let existing = components.percentEncodedQuery.map { $0.isEmpty ? "" : $0 + "&" } ?? ""
        components.percentEncodedQuery = existing + query
        return components.url ?? url
    }
}

extension URLEncoding.Destination {
    /// Whether parameters go in the URL of a request with `method`.
    func encodesParameters(in method: HTTPMethod) -> Bool {
        switch self {
        case .methodDependent: method.encodesParametersInURL
        case .queryString: true
        case .httpBody: false
        }
    }
}
