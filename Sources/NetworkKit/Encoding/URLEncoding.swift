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
/// ```
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

    /// Where the query string goes.
    public var destination: Destination
    /// How keys and values are written.
    public var encoder: QueryStringEncoder

    /// Creates an encoding.
    ///
    /// - Parameters:
    ///   - destination: Where the query string goes.
    ///   - encoder:     How keys and values are written.
    public init(destination: Destination = .methodDependent, encoder: QueryStringEncoder = QueryStringEncoder()) {
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
        if encodesInURL(method) {
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

    private func encodesInURL(_ method: HTTPMethod) -> Bool {
        switch destination {
        case .methodDependent: method.encodesParametersInURL
        case .queryString: true
        case .httpBody: false
        }
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
