#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Changes each attempt of a request before it is sent: adds headers, signs it, applies a token.
///
/// Adopters run on every attempt (retries included), so they must be idempotent: set headers with
/// `setValue`, not `addValue`. Throwing fails the request with ``HTTPError/adaptationFailed(_:reason:)``
/// unless the error already is an ``HTTPError``.
public protocol RequestAdapter: Sendable {
    /// Returns the request to send.
    ///
    /// - Parameter request: The request built so far.
    /// - Returns: The adapted request.
    /// - Throws: Any error, to fail the request without sending it.
    func adapt(_ request: URLRequest) async throws -> URLRequest
}

extension RequestAdapter {
    /// Leaves the request unchanged, so a type adopting ``RequestInterceptor`` may only retry.
    ///
    /// - Parameter request: The request.
    /// - Returns: The same request.
    public func adapt(_ request: URLRequest) async throws -> URLRequest { request }
}

/// An adapter made from a closure.
public struct Adapter: RequestAdapter {
    private let body: @Sendable (URLRequest) async throws -> URLRequest

    /// Creates an adapter that runs `body`.
    ///
    /// - Parameter body: Returns the adapted request.
    public init(_ body: @escaping @Sendable (URLRequest) async throws -> URLRequest) {
        self.body = body
    }

    /// Runs the closure.
    ///
    /// - Parameter request: The request.
    /// - Returns: What the closure returned.
    /// - Throws: What the closure threw.
    public func adapt(_ request: URLRequest) async throws -> URLRequest {
        try await body(request)
    }
}

extension RequestAdapter where Self == Adapter {
    /// An adapter running `body` on each attempt.
    ///
    /// - Parameter body: Returns the adapted request.
    /// - Returns: The adapter.
    public static func adapter(_ body: @escaping @Sendable (URLRequest) async throws -> URLRequest) -> Adapter {
        Adapter(body)
    }

    /// An adapter that sets `header` on every request (replacing a field of the same name).
    ///
    /// - Parameter header: The field to set.
    /// - Returns: The adapter.
    public static func header(_ header: HTTPHeader) -> Adapter {
        Adapter { request in
            var request = request
            request.setValue(header.value, forHTTPHeaderField: header.name)
            return request
        }
    }
}
