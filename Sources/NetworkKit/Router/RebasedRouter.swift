public import Foundation

/// A router sent to another base URL: everything but the base URL comes from the wrapped router.
///
/// Use it to point an API's endpoints at a test server or a staging host without a second router
/// type; the wrapped router's path is joined to the new base as usual, so a base with a path prefix
/// keeps it. A wrapped ``DecodableRouter`` stays decodable.
///
/// ```swift
/// let route = UserAPI.profile(id: 7).rebased(onto: stagingURL)
/// let user = try await HTTPClient().send(route, as: User.self)
/// ```
public struct RebasedRouter<Wrapped: HTTPRouter>: HTTPRouter {
    /// The router whose path, method, headers, parameters and body are used.
    public var wrapped: Wrapped
    /// The base URL used instead of the wrapped router's.
    public var base: URL

    /// Creates the wrapper.
    ///
    /// - Parameters:
    ///   - wrapped: The endpoint.
    ///   - base:    The base URL to send it to.
    public init(_ wrapped: Wrapped, base: URL) {
        self.wrapped = wrapped
        self.base = base
    }

    /// The base URL this router is sent to: ``base``.
    public var baseURL: URL? { base }
    /// The wrapped router's path.
    public var path: String { wrapped.path }
    /// The wrapped router's method.
    public var method: HTTPMethod { wrapped.method }
    /// The wrapped router's headers.
    public var headers: HTTPHeaders? { wrapped.headers }
    /// The wrapped router's parameters.
    public var parameters: Parameters? { wrapped.parameters }
    /// The wrapped router's parameter encoding.
    public var parameterEncoding: any ParameterEncoding { wrapped.parameterEncoding }
    /// The wrapped router's typed parameters.
    public var encodableParameters: EncodableParameters? { wrapped.encodableParameters }
    /// The wrapped router's acceptable status codes.
    public var acceptableStatusCodes: Range<Int>? { wrapped.acceptableStatusCodes }
    /// The wrapped router's timeout.
    public var timeout: TimeInterval? { wrapped.timeout }

    /// The wrapped router's body.
    ///
    /// - Returns: The body bytes, or nil.
    /// - Throws: What the wrapped router throws.
    public func body() throws -> Data? { try wrapped.body() }
}

extension HTTPRouter {
    /// This endpoint at another base URL, such as a test server or a staging host.
    ///
    /// - Parameter baseURL: The base URL to send the request to.
    /// - Returns: The rebased router.
    public func rebased(onto baseURL: URL) -> RebasedRouter<Self> {
        RebasedRouter(self, base: baseURL)
    }
}

extension RebasedRouter: DecodableRouter where Wrapped: DecodableRouter {
    /// The wrapped router's response type.
    public typealias Response = Wrapped.Response

    /// The wrapped router's decoder.
    public var decoder: JSONDecoder { wrapped.decoder }
}
