public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A router's typed parameters: an `Encodable` value and how it goes into the request, as a query
/// or a form body (through ``URLEncodedFormEncoder``) or as JSON.
///
/// ```swift
/// struct Search: Encodable, Sendable { var text: String; var page: Int }
/// struct Login: Encodable, Sendable { var user: String; var password: String }
///
/// enum ShopAPI: HTTPRouter {
///     case search(Search)
///     case login(Login)
///
///     var baseUrlString: String { "https://api.example.com" }
///     var path: String { if case .search = self { "items" } else { "login" } }
///     var method: HTTPMethod { if case .search = self { .get } else { .post } }
///     var encodableParameters: EncodableParameters? {
///         switch self {
///         case .search(let search): .urlEncoded(search)  // GET: ?page=2&text=tea
///         case .login(let login): .urlEncoded(login)     // POST: password=…&user=ann, a form body
///         }
///     }
/// }
/// ```
public struct EncodableParameters: Sendable {
    private let apply: @Sendable (URLRequest) throws -> URLRequest

    private init(apply: @escaping @Sendable (URLRequest) throws -> URLRequest) {
        self.apply = apply
    }

    /// `value` as URL-encoded form text: in the query or as an
    /// `application/x-www-form-urlencoded; charset=utf-8` body, as Alamofire's
    /// `URLEncodedFormParameterEncoder` puts it.
    ///
    /// - Parameters:
    ///   - value:       The parameters; their root must be keyed (a struct or a `[String: …]` dictionary).
    ///   - destination: Where the text goes: by default the query for `GET`, `HEAD` and `DELETE`
    ///     and the body otherwise; after any query the URL already has.
    ///   - encoder:     How keys and values are written.
    /// - Returns: The parameters, for ``HTTPRouter/encodableParameters``.
    public static func urlEncoded<Value: Encodable & Sendable>(
        _ value: Value,
        destination: URLEncoding.Destination = .methodDependent,
        encoder: URLEncodedFormEncoder = URLEncodedFormEncoder()
    ) -> EncodableParameters {
        EncodableParameters { request in
            let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
            let inURL =
                switch destination {
                case .methodDependent: method.encodesParametersInURL
                case .queryString: true
                case .httpBody: false
                }
            guard inURL else {
                let body: Data = try encoded(Value.self) { try encoder.encode(value) }
                return try request.settingBody(body, contentType: "application/x-www-form-urlencoded; charset=utf-8")
            }
            guard let url = request.url else { throw HTTPError.invalidURL(.missingURL) }
            var request = request
            let query: String = try encoded(Value.self) { try encoder.encode(value) }
            request.url = URLEncoding.url(url, appendingQuery: query)
            return request
        }
    }

    /// `value` as a JSON body (`Content-Type: application/json` unless the request has one).
    ///
    /// - Parameters:
    ///   - value:   The body's value.
    ///   - encoder: The encoder; its strategies (dates, keys, formatting) apply.
    /// - Returns: The parameters, for ``HTTPRouter/encodableParameters``.
    public static func json<Value: Encodable & Sendable>(
        _ value: Value, encoder: JSONEncoder = JSONEncoder()
    ) -> EncodableParameters {
        EncodableParameters { request in
            try request.settingBody(try HTTPBody.json(value, encoder: encoder), contentType: "application/json")
        }
    }

    /// Returns `request` with the parameters in its query or body.
    ///
    /// - Parameter request: The request built so far (URL, method, headers, other parameters).
    /// - Returns: The request with the parameters.
    /// - Throws: ``HTTPError/encodingFailed(_:)``: the value could not be encoded (a root that is
    ///   not keyed is ``HTTPError/EncodingFailureReason/formRootNotKeyed(type:found:)``, what the
    ///   value threw ``HTTPError/EncodingFailureReason/encodableFailed(type:reason:)``), a body for
    ///   a `GET` or `HEAD` (``HTTPError/EncodingFailureReason/bodyNotAllowed(_:)``) or a request
    ///   that already has one (``HTTPError/EncodingFailureReason/conflictingBodies``);
    ///   ``HTTPError/invalidURL(_:)`` for a query and a request without a URL.
    public func encode(into request: URLRequest) throws -> URLRequest {
        try apply(request)
    }

    /// Runs `encode`, passing an ``HTTPError`` through and wrapping anything else the value threw.
    private static func encoded<Output>(_ type: Any.Type, _ encode: () throws -> Output) throws -> Output {
        do {
            return try encode()
        } catch let error as HTTPError {
            throw error
        } catch {
            throw HTTPError.encodingFailed(.encodableFailed(type: "\(type)", reason: "\(error)"))
        }
    }
}

extension URLRequest {
    /// This request with `body`, and `contentType` unless it has a `Content-Type` already.
    fileprivate func settingBody(_ body: Data, contentType: String) throws -> URLRequest {
        let method = HTTPMethod(rawValue: httpMethod ?? "GET")
        guard !method.forbidsBody else { throw HTTPError.encodingFailed(.bodyNotAllowed(method)) }
        guard httpBody?.isEmpty ?? true else { throw HTTPError.encodingFailed(.conflictingBodies) }
        var request = self
        request.httpBody = body
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}
