public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Retries idempotent requests after transient failures, with exponential backoff, honouring
/// `Retry-After` (seconds or HTTP date), bounded in count and in total waiting time. It is also
/// Alamofire's `RetryPolicy`, with its initializer, properties, defaults and completion form.
///
/// Two sets of defaults:
/// - `RetryPolicy()` and `RetryPolicy(retryLimit:…)` are Alamofire's: 2 retries after 0.5 s and 1 s,
///   no jitter; statuses 408, 500, 502, 503 and 504; transient `URLError`s; the idempotent methods
///   but `QUERY`.
/// - `RetryPolicy(maximumRetries:baseDelay:…)` is NetworkKit's: the same backoff with ±20 % jitter,
///   429 retried too, `QUERY` among the methods, at most 30 s per wait and 60 s in all.
///
/// Either way `Retry-After` sets the wait when the response has one (a wait over ``maximumDelay``
/// stops retrying).
///
/// ```swift
/// let client = HTTPClient { $0.retriers = [RetryPolicy(maximumRetries: 3)] }
/// let session = Session(interceptor: .retryPolicy)
/// ```
///
/// - Note: Sendable because its settings live in a lock box and every property reads or writes them
///   through it; subclasses must keep their own state the same way.
open class RetryPolicy: RequestInterceptor, @unchecked Sendable {
    /// Alamofire's default retry count.
    public static let defaultRetryLimit: UInt = 2
    /// Alamofire's default backoff base.
    public static let defaultExponentialBackoffBase: UInt = 2
    /// Alamofire's default backoff scale, in seconds.
    public static let defaultExponentialBackoffScale: Double = 0.5
    /// Alamofire's default retried methods: the idempotent ones of RFC 7231.
    public static let defaultRetryableHTTPMethods: Set<HTTPMethod> = [.delete, .get, .head, .options, .put, .trace]
    /// Alamofire's default retried statuses.
    public static let defaultRetryableHTTPStatusCodes: Set<Int> = [408, 500, 502, 503, 504]
    /// Alamofire's default retried `URLError` codes: transient network and server conditions.
    public static let defaultRetryableURLErrorCodes: Set<URLError.Code> = [
        .backgroundSessionInUseByAnotherProcess, .backgroundSessionWasDisconnected, .badServerResponse, .callIsActive,
        .cannotConnectToHost, .cannotFindHost, .cannotLoadFromNetwork, .dataNotAllowed, .dnsLookupFailed,
        .downloadDecodingFailedMidStream, .downloadDecodingFailedToComplete, .internationalRoamingOff,
        .networkConnectionLost, .notConnectedToInternet, .secureConnectionFailed, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .timedOut,
    ]

    private struct Settings {
        var maximumRetries: Int
        var baseDelay: Duration
        var multiplier: Double
        var jitter: Double
        var maximumDelay: Duration
        var maximumTotalDelay: Duration
        var retryableMethods: Set<HTTPMethod>
        var retryableStatusCodes: Set<Int>
        var retryableURLErrorCodes: Set<URLError.Code>
        var now: @Sendable () -> Date = { Date() }
        var random: @Sendable () -> Double = { Double.random(in: 0...1) }
    }

    private let settings: Locked<Settings>

    /// A policy with Alamofire's defaults (see ``RetryPolicy``).
    public convenience init() {
        self.init(retryLimit: Self.defaultRetryLimit)
    }

    /// A policy as Alamofire's initializer makes it: backoff of `exponentialBackoffScale ×
    /// exponentialBackoffBase^retries` seconds, without jitter or a cap on the wait.
    ///
    /// - Parameters:
    ///   - retryLimit: Retries after the first attempt.
    ///   - exponentialBackoffBase: The growth factor between retries.
    ///   - exponentialBackoffScale: The wait before the first retry, in seconds.
    ///   - retryableHTTPMethods: Methods that may be retried.
    ///   - retryableHTTPStatusCodes: Statuses that may be retried.
    ///   - retryableURLErrorCodes: `URLError` codes that may be retried.
    public init(
        retryLimit: UInt = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: UInt = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods,
        retryableHTTPStatusCodes: Set<Int> = RetryPolicy.defaultRetryableHTTPStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableURLErrorCodes
    ) {
        let unbounded = Duration.seconds(365 * 86_400)
        settings = Locked(
            Settings(
                maximumRetries: Int(clamping: retryLimit), baseDelay: Self.duration(seconds: exponentialBackoffScale),
                multiplier: Double(exponentialBackoffBase), jitter: 0, maximumDelay: unbounded,
                maximumTotalDelay: unbounded, retryableMethods: retryableHTTPMethods,
                retryableStatusCodes: retryableHTTPStatusCodes, retryableURLErrorCodes: retryableURLErrorCodes))
    }

    /// A policy with NetworkKit's defaults (see ``RetryPolicy``).
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
        settings = Locked(
            Settings(
                maximumRetries: maximumRetries, baseDelay: baseDelay, multiplier: multiplier, jitter: jitter,
                maximumDelay: maximumDelay, maximumTotalDelay: maximumTotalDelay,
                retryableMethods: [.get, .head, .put, .delete, .options, .trace, .query],
                retryableStatusCodes: [408, 429, 500, 502, 503, 504],
                retryableURLErrorCodes: [
                    .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed,
                    .cannotFindHost, .badServerResponse,
                ]))
    }

    // MARK: - Settings

    /// Retries after the first attempt.
    public var maximumRetries: Int {
        get { settings.withLock { $0.maximumRetries } }
        set { settings.withLock { $0.maximumRetries = newValue } }
    }
    /// The wait before the first retry; multiplied by ``multiplier`` for each later one.
    public var baseDelay: Duration {
        get { settings.withLock { $0.baseDelay } }
        set { settings.withLock { $0.baseDelay = newValue } }
    }
    /// The growth factor between retries.
    public var multiplier: Double {
        get { settings.withLock { $0.multiplier } }
        set { settings.withLock { $0.multiplier = newValue } }
    }
    /// The fraction by which each computed wait is randomly stretched or shrunk (0.2 = ±20 %).
    public var jitter: Double {
        get { settings.withLock { $0.jitter } }
        set { settings.withLock { $0.jitter = newValue } }
    }
    /// The longest single wait; a `Retry-After` asking for more stops retrying.
    public var maximumDelay: Duration {
        get { settings.withLock { $0.maximumDelay } }
        set { settings.withLock { $0.maximumDelay = newValue } }
    }
    /// The most time spent waiting across all retries of one request.
    public var maximumTotalDelay: Duration {
        get { settings.withLock { $0.maximumTotalDelay } }
        set { settings.withLock { $0.maximumTotalDelay = newValue } }
    }
    /// Methods that may be retried.
    public var retryableMethods: Set<HTTPMethod> {
        get { settings.withLock { $0.retryableMethods } }
        set { settings.withLock { $0.retryableMethods = newValue } }
    }
    /// Status codes that may be retried.
    public var retryableStatusCodes: Set<Int> {
        get { settings.withLock { $0.retryableStatusCodes } }
        set { settings.withLock { $0.retryableStatusCodes = newValue } }
    }
    /// `URLError` codes that may be retried.
    public var retryableURLErrorCodes: Set<URLError.Code> {
        get { settings.withLock { $0.retryableURLErrorCodes } }
        set { settings.withLock { $0.retryableURLErrorCodes = newValue } }
    }
    /// The current time, for `Retry-After` dates; tests inject a fixed one.
    public var now: @Sendable () -> Date {
        get { settings.withLock { $0.now } }
        set { settings.withLock { $0.now = newValue } }
    }
    /// A random number in `0...1`, for jitter; tests inject a fixed one.
    public var random: @Sendable () -> Double {
        get { settings.withLock { $0.random } }
        set { settings.withLock { $0.random = newValue } }
    }

    /// Alamofire's name for ``maximumRetries``.
    public var retryLimit: UInt { UInt(clamping: maximumRetries) }
    /// Alamofire's name for ``multiplier``, as a whole number.
    public var exponentialBackoffBase: UInt { UInt(clamping: Int(multiplier.rounded())) }
    /// Alamofire's name for ``baseDelay``, in seconds.
    public var exponentialBackoffScale: Double { baseDelay.secondsValue }
    /// Alamofire's name for ``retryableMethods``.
    public var retryableHTTPMethods: Set<HTTPMethod> { retryableMethods }
    /// Alamofire's name for ``retryableStatusCodes``.
    public var retryableHTTPStatusCodes: Set<Int> { retryableStatusCodes }

    // MARK: - Deciding

    /// Decides whether to retry and after how long.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: ``RetryDecision/retry(after:)`` or ``RetryDecision/doNotRetry``.
    open func retry(_ context: RetryContext) async -> RetryDecision {
        let settings = settings.value
        let code = Self.urlErrorCode(of: context.error)
        guard context.attempt <= settings.maximumRetries,
            shouldRetry(
                method: HTTPMethod(rawValue: context.request.httpMethod ?? "GET"), status: context.response?.statusCode,
                failedStatus: context.error.statusCode, code: code, settings: settings)
        else { return .doNotRetry }
        let delay: Duration
        if let header = context.response?.headers["Retry-After"],
            let asked = RetryAfter.delay(header, now: settings.now())
        {
            guard asked <= settings.maximumDelay else { return .doNotRetry }
            delay = asked
        } else {
            delay = Self.backoff(afterAttempt: context.attempt, settings: settings)
        }
        guard context.totalDelay + delay <= settings.maximumTotalDelay else { return .doNotRetry }
        return .retry(after: delay)
    }

    /// Alamofire's form: retries `request` after ``exponentialBackoffScale`` ×
    /// ``exponentialBackoffBase``^``Request/retryCount`` seconds (or its `Retry-After`) while
    /// ``shouldRetry(request:dueTo:)`` and the count allow.
    ///
    /// - Parameters:
    ///   - request: The failed request.
    ///   - session: The session.
    ///   - error: Why it failed.
    ///   - completion: Called at once with the decision.
    open func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        let settings = settings.value
        guard request.retryCount < settings.maximumRetries, shouldRetry(request: request, dueTo: error) else {
            return completion(.doNotRetry)
        }
        if let header = request.response?.value(forHTTPHeaderField: "Retry-After"),
            let asked = RetryAfter.delay(header, now: settings.now())
        {
            return completion(asked <= settings.maximumDelay ? .retryWithDelay(asked.secondsValue) : .doNotRetry)
        }
        let factor =
            pow(settings.multiplier, Double(request.retryCount)) * (1 + settings.jitter * (2 * settings.random() - 1))
        completion(
            .retryWithDelay(min(settings.baseDelay.secondsValue * max(factor, 0), settings.maximumDelay.secondsValue)))
    }

    /// Whether `request`, failed with `error`, may be retried: its method is retryable, and its
    /// response's status or the error's `URLError` code is.
    ///
    /// - Parameters:
    ///   - request: The failed request.
    ///   - error: Why it failed.
    /// - Returns: Whether to retry.
    open func shouldRetry(request: Request, dueTo error: any Error) -> Bool {
        let code =
            (error as? URLError)?.code ?? (error.asAFError?.underlyingError as? URLError)?.code
            ?? (error as? HTTPError).flatMap { Self.urlErrorCode(of: $0) }
        return shouldRetry(
            method: request.request.map { HTTPMethod(rawValue: $0.httpMethod ?? "GET") },
            status: request.response?.statusCode,
            failedStatus: nil, code: code, settings: settings.value)
    }

    /// The computed wait after `attempt` attempts, with jitter, capped at ``maximumDelay``.
    ///
    /// - Parameter attempt: Attempts made so far (1 after the first).
    /// - Returns: The wait.
    public func backoff(afterAttempt attempt: Int) -> Duration {
        Self.backoff(afterAttempt: attempt, settings: settings.value)
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

    private func shouldRetry(
        method: HTTPMethod?, status: Int?, failedStatus: Int?, code: URLError.Code?, settings: Settings
    ) -> Bool {
        guard let method, settings.retryableMethods.contains(method) else { return false }
        if let status = status ?? failedStatus, settings.retryableStatusCodes.contains(status) { return true }
        guard let code else { return false }
        return settings.retryableURLErrorCodes.contains(code)
    }

    private static func urlErrorCode(of error: HTTPError) -> URLError.Code? {
        switch error {
        case .transport(let failure): failure.code
        case .timedOut: .timedOut
        default: nil
        }
    }

    private static func backoff(afterAttempt attempt: Int, settings: Settings) -> Duration {
        let exponent = Double(max(attempt - 1, 0))
        let factor = pow(settings.multiplier, exponent) * (1 + settings.jitter * (2 * settings.random() - 1))
        let seconds = settings.baseDelay.secondsValue * max(factor, 0)
        return min(duration(seconds: seconds), settings.maximumDelay)
    }

    private static func duration(seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return .milliseconds(Int64((min(seconds, 365 * 86_400) * 1000).rounded()))
    }
}

/// Alamofire's policy that retries only lost connections (`URLError.networkConnectionLost`).
///
/// ```swift
/// let session = Session(interceptor: .connectionLostRetryPolicy)
/// ```
open class ConnectionLostRetryPolicy: RetryPolicy, @unchecked Sendable {
    // Sendable as RetryPolicy is: it adds no state.

    /// Creates the policy.
    ///
    /// - Parameters:
    ///   - retryLimit: Retries after the first attempt.
    ///   - exponentialBackoffBase: The growth factor between retries.
    ///   - exponentialBackoffScale: The wait before the first retry, in seconds.
    ///   - retryableHTTPMethods: Methods that may be retried.
    public init(
        retryLimit: UInt = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: UInt = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods
    ) {
        super.init(
            retryLimit: retryLimit, exponentialBackoffBase: exponentialBackoffBase,
            exponentialBackoffScale: exponentialBackoffScale, retryableHTTPMethods: retryableHTTPMethods,
            retryableHTTPStatusCodes: [], retryableURLErrorCodes: [.networkConnectionLost])
    }
}

extension RequestInterceptor where Self == RetryPolicy {
    /// A ``RetryPolicy`` with Alamofire's defaults.
    public static var retryPolicy: RetryPolicy { RetryPolicy() }

    /// A ``RetryPolicy`` made as Alamofire's initializer makes it.
    ///
    /// - Parameters:
    ///   - retryLimit: Retries after the first attempt.
    ///   - exponentialBackoffBase: The growth factor between retries.
    ///   - exponentialBackoffScale: The wait before the first retry, in seconds.
    ///   - retryableHTTPMethods: Methods that may be retried.
    ///   - retryableHTTPStatusCodes: Statuses that may be retried.
    ///   - retryableURLErrorCodes: `URLError` codes that may be retried.
    /// - Returns: The policy.
    public static func retryPolicy(
        retryLimit: UInt = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: UInt = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods,
        retryableHTTPStatusCodes: Set<Int> = RetryPolicy.defaultRetryableHTTPStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableURLErrorCodes
    ) -> RetryPolicy {
        RetryPolicy(
            retryLimit: retryLimit, exponentialBackoffBase: exponentialBackoffBase,
            exponentialBackoffScale: exponentialBackoffScale, retryableHTTPMethods: retryableHTTPMethods,
            retryableHTTPStatusCodes: retryableHTTPStatusCodes, retryableURLErrorCodes: retryableURLErrorCodes)
    }
}

extension RequestInterceptor where Self == ConnectionLostRetryPolicy {
    /// A ``ConnectionLostRetryPolicy`` with Alamofire's defaults.
    public static var connectionLostRetryPolicy: ConnectionLostRetryPolicy { ConnectionLostRetryPolicy() }

    /// A ``ConnectionLostRetryPolicy`` with these settings.
    ///
    /// - Parameters:
    ///   - retryLimit: Retries after the first attempt.
    ///   - exponentialBackoffBase: The growth factor between retries.
    ///   - exponentialBackoffScale: The wait before the first retry, in seconds.
    ///   - retryableHTTPMethods: Methods that may be retried.
    /// - Returns: The policy.
    public static func connectionLostRetryPolicy(
        retryLimit: UInt = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: UInt = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: Double = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods
    ) -> ConnectionLostRetryPolicy {
        ConnectionLostRetryPolicy(
            retryLimit: retryLimit, exponentialBackoffBase: exponentialBackoffBase,
            exponentialBackoffScale: exponentialBackoffScale, retryableHTTPMethods: retryableHTTPMethods)
    }
}
