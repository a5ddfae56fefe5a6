public import Foundation

/// What a retrier decides in Alamofire's completion form (see ``RequestRetrier``).
///
/// ```swift
/// completion(error.asAFError?.responseCode == 503 ? .retryWithDelay(1) : .doNotRetry)
/// ```
public enum RetryResult: Sendable {
    /// Send the request again now.
    case retry
    /// Send the request again after this many seconds.
    case retryWithDelay(TimeInterval)
    /// Do not retry; the request fails with its error.
    case doNotRetry
    /// Do not retry; the request fails with this error beside its own (Alamofire's
    /// ``AFError/requestRetryFailed(retryError:originalError:)``).
    case doNotRetryWithError(any Error)
}

extension RetryResult {
    /// Whether the request is sent again.
    public var retryRequired: Bool {
        switch self {
        case .retry, .retryWithDelay: true
        case .doNotRetry, .doNotRetryWithError: false
        }
    }

    /// The delay of ``retryWithDelay(_:)``.
    public var delay: TimeInterval? {
        if case .retryWithDelay(let delay) = self { delay } else { nil }
    }

    /// The error of ``doNotRetryWithError(_:)``.
    public var error: (any Error)? {
        if case .doNotRetryWithError(let error) = self { error } else { nil }
    }

    /// NetworkKit's decision for this result; an error of ``doNotRetryWithError(_:)`` that is an
    /// ``HTTPError`` (or an ``AFError`` made from one) replaces the request's error, and any other
    /// error ends the retries as ``doNotRetry`` does.
    var decision: RetryDecision {
        switch self {
        case .retry: return .retry(after: .zero)
        case .retryWithDelay(let seconds):
            guard seconds.isFinite, seconds > 0 else { return .retry(after: .zero) }
            return .retry(after: .milliseconds(Int64(min(seconds, 86_400) * 1000)))
        case .doNotRetry: return .doNotRetry
        case .doNotRetryWithError(let error):
            if let error = error as? HTTPError { return .fail(error) }
            if let error = (error as? AFError)?.heldHTTPError { return .fail(error) }
            return .doNotRetry
        }
    }
}

extension RetryDecision {
    /// Alamofire's result for this decision.
    var result: RetryResult {
        switch self {
        case .retry(let delay):
            delay <= .zero
                ? .retry
                : .retryWithDelay(Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
        case .doNotRetry: .doNotRetry
        case .fail(let error): .doNotRetryWithError(AFError(error))
        }
    }
}
