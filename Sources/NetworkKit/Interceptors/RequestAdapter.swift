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
///
/// An adapter implements NetworkKit's `async` form or Alamofire's completion form; each has a
/// default that calls the other, so an adapter written for either library works with both an
/// ``HTTPClient`` and a ``Session`` (see `RequestAdapter+Completion.swift`). One that implements
/// neither leaves requests unchanged.
///
/// ```swift
/// struct Token: RequestAdapter {
///     func adapt(_ request: URLRequest) async throws -> URLRequest {
///         var request = request
///         request.setValue("Bearer abc", forHTTPHeaderField: "Authorization")
///         return request
///     }
/// }
/// ```
public protocol RequestAdapter: Sendable {
    /// Returns the request to send.
    ///
    /// - Parameter request: The request built so far.
    /// - Returns: The adapted request.
    /// - Throws: Any error, to fail the request without sending it.
    func adapt(_ request: URLRequest) async throws -> URLRequest

    /// Alamofire's form: adapts `urlRequest` of `session` and calls `completion` once with the result.
    ///
    /// - Parameters:
    ///   - urlRequest: The request built so far.
    ///   - session: The session sending it.
    ///   - completion: Called once with the adapted request or the error that fails it.
    func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (_ result: Result<URLRequest, any Error>) -> Void)

    /// Alamofire's form with the request's identity: by default, ``adapt(_:for:completion:)``.
    ///
    /// - Parameters:
    ///   - urlRequest: The request built so far.
    ///   - state: The request's identifier and session.
    ///   - completion: Called once with the adapted request or the error that fails it.
    func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping @Sendable (_ result: Result<URLRequest, any Error>) -> Void)
}

/// An adapter made from a closure: NetworkKit's `async` form or Alamofire's completion form
/// (``AdaptHandler``). It never retries.
///
/// ```swift
/// let signed = Adapter { request in request.signed() }                   // async
/// let legacy = Adapter { request, _, completion in completion(.success(request)) }  // Alamofire
/// ```
///
/// - Note: Sendable because its only stored property is an immutable `let` of a `Sendable` enum;
///   subclasses must keep theirs the same way.
open class Adapter: RequestInterceptor, @unchecked Sendable {
    private enum Body: Sendable {
        case async(@Sendable (URLRequest) async throws -> URLRequest)
        case completion(AdaptHandler)
    }

    private let body: Body

    /// Creates an adapter that runs `body`.
    ///
    /// - Parameter body: Returns the adapted request.
    public init(_ body: @escaping @Sendable (URLRequest) async throws -> URLRequest) {
        self.body = .async(body)
    }

    /// Creates an adapter that runs Alamofire's `adaptHandler`.
    ///
    /// - Parameter adaptHandler: Adapts the request and calls its completion once.
    public init(_ adaptHandler: @escaping AdaptHandler) {
        self.body = .completion(adaptHandler)
    }

    /// Runs the closure; a completion-form closure gets ``Session/default``.
    ///
    /// - Parameter request: The request.
    /// - Returns: What the closure returned.
    /// - Throws: What the closure threw.
    open func adapt(_ request: URLRequest) async throws -> URLRequest {
        switch body {
        case .async(let body):
            return try await body(request)
        case .completion(let handler):
            return try await CompletionBridge.value(otherwise: .success(request)) { completion in
                handler(request, .default, completion)
            }.get()
        }
    }

    /// Runs the closure for `session` and calls `completion` with its result.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - session: The session.
    ///   - completion: Called once with the result.
    open func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        switch body {
        case .completion(let handler):
            handler(urlRequest, session, completion)
        case .async(let body):
            Task {
                do {
                    completion(.success(try await body(urlRequest)))
                } catch {
                    completion(.failure(error))
                }
            }
        }
    }

    /// Runs the closure for the state's session.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - state: The request's identifier and session.
    ///   - completion: Called once with the result.
    open func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        adapt(urlRequest, for: state.session, completion: completion)
    }

    /// Never retries.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: ``RetryDecision/doNotRetry``.
    open func retry(_ context: RetryContext) async -> RetryDecision { .doNotRetry }

    /// Never retries: calls `completion` with ``RetryResult/doNotRetry`` at once.
    ///
    /// - Parameters:
    ///   - request: The failed request.
    ///   - session: The session.
    ///   - error: Why it failed.
    ///   - completion: Called once.
    open func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        completion(.doNotRetry)
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

    /// An adapter running Alamofire's `closure` on each attempt.
    ///
    /// - Parameter closure: Adapts the request and calls its completion once.
    /// - Returns: The adapter.
    public static func adapter(using closure: @escaping AdaptHandler) -> Adapter {
        Adapter(closure)
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
