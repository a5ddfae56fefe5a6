public import Foundation
public import NetworkKit

/// A router sent to another base URL: everything but the base URL comes from the wrapped router.
///
/// ```swift
/// let route = AuthHttpRouter.signUp(model).rebased(onto: stagingURL)
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

    /// ``base``.
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
