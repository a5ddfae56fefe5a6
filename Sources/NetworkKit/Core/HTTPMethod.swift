/// An HTTP request method, such as `GET` or `POST`.
///
/// An open set: every standard method is a static member, and any other token can be made with
/// ``init(rawValue:)``.
///
/// ```swift
/// let method: HTTPMethod = .post
/// let custom = HTTPMethod(rawValue: "PURGE")
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's token as sent on the wire, such as `GET`.
    public let rawValue: String

    /// Creates a method from its token, used as given (methods are case-sensitive).
    ///
    /// - Parameter rawValue: The method token, such as `GET` or `PURGE`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The method's token.
    public var description: String { rawValue }

    /// `CONNECT` (RFC 9110 §9.3.6).
    public static let connect = HTTPMethod(rawValue: "CONNECT")
    /// `DELETE` (RFC 9110 §9.3.5).
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `GET` (RFC 9110 §9.3.1).
    public static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD` (RFC 9110 §9.3.2).
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS` (RFC 9110 §9.3.7).
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `PATCH` (RFC 5789).
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `POST` (RFC 9110 §9.3.3).
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT` (RFC 9110 §9.3.4).
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `QUERY`, the safe method with a body (IETF draft "The HTTP QUERY Method").
    public static let query = HTTPMethod(rawValue: "QUERY")
    /// `TRACE` (RFC 9110 §9.3.8).
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2), so a
    /// failed attempt may be retried.
    public var isIdempotent: Bool {
        Self.idempotentMethods.contains(self)
    }

    /// Whether parameters go in the query string by default (`GET`, `HEAD` and `DELETE`, as in
    /// Alamofire's `URLEncoding.methodDependent`).
    public var encodesParametersInURL: Bool {
        self == .get || self == .head || self == .delete
    }

    /// Whether a request body is refused for this method (`GET` and `HEAD`).
    var forbidsBody: Bool {
        self == .get || self == .head
    }

    private static let idempotentMethods: Set<HTTPMethod> = [
        .get, .head, .put, .delete, .options, .trace, .query,
    ]
}
