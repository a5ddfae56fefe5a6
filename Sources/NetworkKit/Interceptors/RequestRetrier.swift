public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// What a retrier knows about a failed attempt.
public struct RetryContext: Sendable {
    /// The request as it was sent.
    public let request: URLRequest
    /// The server's answer, when there was one (for example a 503).
    public let response: HTTPResponse?
    /// Why the attempt failed.
    public let error: HTTPError
    /// How many attempts were made so far (1 after the first failure).
    public let attempt: Int
    /// How long the client has waited between attempts so far.
    public let totalDelay: Duration
    /// Identifies one call to `send`, the same for all its attempts.
    public let requestID: UUID

    /// Creates a context; the client makes these, tests may too.
    ///
    /// - Parameters:
    ///   - request:    The request as sent.
    ///   - response:   The server's answer, if any.
    ///   - error:      Why the attempt failed.
    ///   - attempt:    Attempts made so far.
    ///   - totalDelay: Time waited between attempts so far.
    ///   - requestID:  The identifier of the call.
    public init(
        request: URLRequest, response: HTTPResponse?, error: HTTPError, attempt: Int, totalDelay: Duration,
        requestID: UUID = UUID()
    ) {
        self.request = request
        self.response = response
        self.error = error
        self.attempt = attempt
        self.totalDelay = totalDelay
        self.requestID = requestID
    }
}

/// What to do after a failed attempt.
public enum RetryDecision: Sendable, Hashable {
    /// Send a fresh attempt after waiting.
    case retry(after: Duration)
    /// Give up with the attempt's error.
    case doNotRetry
    /// Give up with another error (for example ``HTTPError/authenticationFailed(_:reason:)``).
    case fail(HTTPError)
}

/// Decides whether a failed attempt is sent again.
///
/// Adopters must not retry forever: bound attempts or time. Each retry is a new URLSession task.
///
/// A retrier implements NetworkKit's `async` form or Alamofire's completion form; each has a
/// default that calls the other (see `RequestAdapter+Completion.swift`). One that implements
/// neither never retries.
public protocol RequestRetrier: Sendable {
    /// Decides what happens after a failed attempt.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: The decision.
    func retry(_ context: RetryContext) async -> RetryDecision

    /// Alamofire's form: decides whether `request` of `session`, failed with `error`, is sent again,
    /// and calls `completion` once with the decision.
    ///
    /// - Parameters:
    ///   - request: The failed request.
    ///   - session: The session that sent it.
    ///   - error: Why it failed.
    ///   - completion: Called once with the decision.
    func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void)
}

/// Both an adapter and a retrier, such as an authenticator.
public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}

/// A retrier made from a closure: NetworkKit's `async` form or Alamofire's completion form
/// (``RetryHandler``). It leaves requests unchanged.
///
/// ```swift
/// let twice = Retrier { context in context.attempt < 2 ? .retry(after: .seconds(1)) : .doNotRetry }
/// let legacy = Retrier { _, _, _, completion in completion(.doNotRetry) }
/// ```
///
/// - Note: Sendable because its only stored property is an immutable `let` of a `Sendable` enum;
///   subclasses must keep theirs the same way.
open class Retrier: RequestInterceptor, @unchecked Sendable {
    private enum Body: Sendable {
        case async(@Sendable (RetryContext) async -> RetryDecision)
        case completion(RetryHandler)
    }

    private let body: Body

    /// Creates a retrier that runs `body`.
    ///
    /// - Parameter body: Decides what happens after a failed attempt.
    public init(_ body: @escaping @Sendable (RetryContext) async -> RetryDecision) {
        self.body = .async(body)
    }

    /// Creates a retrier that runs Alamofire's `retryHandler`.
    ///
    /// - Parameter retryHandler: Decides and calls its completion once.
    public init(_ retryHandler: @escaping RetryHandler) {
        self.body = .completion(retryHandler)
    }

    /// Leaves the request unchanged.
    ///
    /// - Parameter request: The request.
    /// - Returns: The same request.
    open func adapt(_ request: URLRequest) async throws -> URLRequest { request }

    /// Leaves the request unchanged: calls `completion` with it at once.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - session: The session.
    ///   - completion: Called once.
    open func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        completion(.success(urlRequest))
    }

    /// Leaves the request unchanged: calls `completion` with it at once.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - state: The request's identifier and session.
    ///   - completion: Called once.
    open func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        completion(.success(urlRequest))
    }

    /// Runs the closure; a completion-form closure gets a ``Request`` standing for the attempt and
    /// ``Session/default``.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: The closure's decision.
    open func retry(_ context: RetryContext) async -> RetryDecision {
        switch body {
        case .async(let body):
            return await body(context)
        case .completion(let handler):
            let session = Session.default
            let request = ContextRequest(context, session: session)
            let error = AFError(context.error)
            return await CompletionBridge.value(otherwise: RetryResult.doNotRetry) { completion in
                handler(request, session, error, completion)
            }.decision
        }
    }

    /// Runs the closure and calls `completion` with its decision.
    ///
    /// - Parameters:
    ///   - request: The failed request.
    ///   - session: The session.
    ///   - error: Why it failed.
    ///   - completion: Called once with the decision.
    open func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        switch body {
        case .completion(let handler):
            handler(request, session, error, completion)
        case .async(let body):
            let context = RetryContext(request, error: error)
            Task { completion(await body(context).result) }
        }
    }
}

extension RequestRetrier where Self == Retrier {
    /// A retrier running `body` after each failed attempt.
    ///
    /// - Parameter body: Decides what happens.
    /// - Returns: The retrier.
    public static func retrier(_ body: @escaping @Sendable (RetryContext) async -> RetryDecision) -> Retrier {
        Retrier(body)
    }

    /// A retrier running Alamofire's `closure` after each failed attempt.
    ///
    /// - Parameter closure: Decides and calls its completion once.
    /// - Returns: The retrier.
    public static func retrier(using closure: @escaping RetryHandler) -> Retrier {
        Retrier(closure)
    }
}
