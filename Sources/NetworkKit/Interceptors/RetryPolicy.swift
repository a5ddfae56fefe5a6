public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Retries idempotent requests after transient failures, with exponential backoff and jitter,
/// honouring `Retry-After` (seconds or HTTP date), bounded in count and in total waiting time.
///
/// Retried: statuses 408, 429, 500, 502, 503 and 504, and transient `URLError`s (timeouts, lost or
/// refused connections, DNS failures), for methods that are idempotent (RFC 9110 §9.2.2).
///
/// ```swift
/// let client = HTTPClient { $0.retriers = [RetryPolicy(maximumRetries: 3)] }
/// ```
public struct RetryPolicy: RequestRetrier {
    /// Retries after the first attempt (2 by default, so at most 3 attempts).
    public var maximumRetries: Int
    /// The wait before the first retry (0.5 s by default); doubled for each later one.
    public var baseDelay: Duration
    /// The growth factor between retries (2 by default).
    public var multiplier: Double
    /// The fraction by which each computed wait is randomly stretched or shrunk (0.2 = ±20 %).
    public var jitter: Double
    /// The longest single wait; a `Retry-After` asking for more stops retrying (30 s by default).
    public var maximumDelay: Duration
    /// The most time spent waiting across all retries of one request (60 s by default).
    public var maximumTotalDelay: Duration
    /// Methods that may be retried (the idempotent ones by default).
    public var retryableMethods: Set<HTTPMethod>
    /// Status codes that may be retried.
    public var retryableStatusCodes: Set<Int>
    /// `URLError` codes that may be retried.
    public var retryableURLErrorCodes: Set<URLError.Code>
    /// The current time, for `Retry-After` dates; tests inject a fixed one.
    public var now: @Sendable () -> Date
    /// A random number in `0...1`, for jitter; tests inject a fixed one.
    public var random: @Sendable () -> Double

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maximumRetries:    Retries after the first attempt.
    ///   - baseDelay:         The wait before the first retry.
    ///   - multiplier:        The growth factor between retries.
    ///   - jitter:            The random fraction applied to each wait.
    ///   - maximumDelay:      The longest single wait.
    ///   - maximumTotalDelay: The most time spent waiting in all.
    public init(
        maximumRetries: Int = 2, baseDelay: Duration = .milliseconds(500), multiplier: Double = 2,
        jitter: Double = 0.2, maximumDelay: Duration = .seconds(30), maximumTotalDelay: Duration = .seconds(60)
    ) {
        self.maximumRetries = maximumRetries
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.jitter = jitter
        self.maximumDelay = maximumDelay
        self.maximumTotalDelay = maximumTotalDelay
        retryableMethods = [.get, .head, .put, .delete, .options, .trace, .query]
        retryableStatusCodes = [408, 429, 500, 502, 503, 504]
        retryableURLErrorCodes = [
            .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed,
            .cannotFindHost, .badServerResponse,
        ]
        now = { Date() }
        random = { Double.random(in: 0...1) }
    }

    /// Decides whether to retry and after how long.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: ``RetryDecision/retry(after:)`` or ``RetryDecision/doNotRetry``.
    public func retry(_ context: RetryContext) async -> RetryDecision {
        guard context.attempt <= maximumRetries, isRetryable(context) else { return .doNotRetry }
        let delay: Duration
        if let header = context.response?.headers["Retry-After"], let asked = RetryAfter.delay(header, now: now()) {
            guard asked <= maximumDelay else { return .doNotRetry }
            delay = asked
        } else {
            delay = backoff(afterAttempt: context.attempt)
        }
        guard context.totalDelay + delay <= maximumTotalDelay else { return .doNotRetry }
        return .retry(after: delay)
    }

    /// The computed wait after `attempt` attempts, with jitter, capped at ``maximumDelay``.
    ///
    /// - Parameter attempt: Attempts made so far (1 after the first).
    /// - Returns: The wait.
    public func backoff(afterAttempt attempt: Int) -> Duration {
        let exponent = Double(max(attempt - 1, 0))
        let factor = pow(multiplier, exponent) * (1 + jitter * (2 * random() - 1))
        let seconds = baseDelay.secondsValue * max(factor, 0)
        return min(.milliseconds(Int64((seconds * 1000).rounded())), maximumDelay)
    }

    private func isRetryable(_ context: RetryContext) -> Bool {
        let method = HTTPMethod(rawValue: context.request.httpMethod ?? "GET")
        guard retryableMethods.contains(method) else { return false }
        switch context.error {
        case .unacceptableStatus(let failure): return retryableStatusCodes.contains(failure.statusCode)
        case .transport(let failure): return retryableURLErrorCodes.contains(failure.code)
        case .timedOut: return retryableURLErrorCodes.contains(.timedOut)
        default: return false
        }
    }
}
