#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// A closure that changes a `URLRequest` before it is sent, as Alamofire's `Session.RequestModifier`.
///
/// ```swift
/// let modifier: RequestModifier = { $0.timeoutInterval = 5 }
/// ```
public typealias RequestModifier = @Sendable (inout URLRequest) throws -> Void

// MARK: - Alamofire-compatible front door

extension URLRequest {
    /// The request's method as an ``HTTPMethod``, as Alamofire's `URLRequest.method`.
    ///
    /// Reading gives nil only when `httpMethod` is nil; setting nil clears `httpMethod` (Foundation
    /// then reports `GET`).
    public var method: HTTPMethod? {
        get { httpMethod.map(HTTPMethod.init(rawValue:)) }
        set { httpMethod = newValue?.rawValue }
    }

    /// Creates a request for `url` with `method` and `headers`, as Alamofire's initialiser.
    ///
    /// ```swift
    /// let request = try URLRequest(url: "https://example.com/items", method: .post, headers: [.accept("application/json")])
    /// ```
    ///
    /// - Parameters:
    ///   - url:     The URL, or a value that gives one (a `String`, say).
    ///   - method:  The method.
    ///   - headers: The header fields, which replace any the request would have; nil for none.
    /// - Throws: What `url.asURL()` throws: ``AFError/invalidURL(url:)`` for text that is no URL.
    public init(url: any URLConvertible, method: HTTPMethod, headers: HTTPHeaders? = nil) throws {
        self.init(url: try url.asURL())
        httpMethod = method.rawValue
        allHTTPHeaderFields = headers?.dictionary
    }

    /// Checks the request as Alamofire does before sending it: a `GET` must have no body.
    ///
    /// - Throws: ``AFError/urlRequestValidationFailed(reason:)`` with
    ///   ``AFError/URLRequestValidationFailureReason/bodyDataInGETRequest(_:)`` for a `GET` with a body.
    public func validate() throws {
        if method == .get, let body = httpBody {
            throw AFError.urlRequestValidationFailed(reason: .bodyDataInGETRequest(body))
        }
    }
}

extension URLRequestConvertible {
    /// The request this value describes, or nil when it cannot be built, as Alamofire's
    /// `URLRequestConvertible.urlRequest`.
    public var urlRequest: URLRequest? { try? asURLRequest() }
}
