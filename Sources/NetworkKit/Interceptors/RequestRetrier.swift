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
public protocol RequestRetrier: Sendable {
    /// Decides what happens after a failed attempt.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: The decision.
    func retry(_ context: RetryContext) async -> RetryDecision
}

extension RequestRetrier {
    /// Never retries, so a type adopting ``RequestInterceptor`` may only adapt.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: ``RetryDecision/doNotRetry``.
    public func retry(_ context: RetryContext) async -> RetryDecision { .doNotRetry }
}

/// Both an adapter and a retrier, such as an authenticator.
public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}

/// A retrier made from a closure.
public struct Retrier: RequestRetrier {
    private let body: @Sendable (RetryContext) async -> RetryDecision

    /// Creates a retrier that runs `body`.
    ///
    /// - Parameter body: Decides what happens after a failed attempt.
    public init(_ body: @escaping @Sendable (RetryContext) async -> RetryDecision) {
        self.body = body
    }

    /// Runs the closure.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: The closure's decision.
    public func retry(_ context: RetryContext) async -> RetryDecision {
        await body(context)
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
}
