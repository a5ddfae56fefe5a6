import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Several adapters and retriers as one interceptor (Alamofire's `Interceptor`).
///
/// Adapters run in order, each on the previous one's result; the first error stops them. Retriers
/// are asked in order until one decides to retry or fails with an error; ``RetryResult/doNotRetry``
/// asks the next.
///
/// ```swift
/// let interceptor = Interceptor(adapters: [.header(.accept("application/json"))], retriers: [RetryPolicy()])
/// let client = HTTPClient { $0.adapters = [interceptor]; $0.retriers = [interceptor] }
/// ```
///
/// - Note: Sendable because its stored properties are immutable `let` arrays of `Sendable`
///   existentials; subclasses must keep theirs the same way.
open class Interceptor: RequestInterceptor, @unchecked Sendable {
    /// The adapters, in the order they run.
    public let adapters: [any RequestAdapter]
    /// The retriers, in the order they are asked.
    public let retriers: [any RequestRetrier]

    /// An interceptor of one Alamofire adapter closure and one retrier closure.
    ///
    /// - Parameters:
    ///   - adaptHandler: The adapter.
    ///   - retryHandler: The retrier.
    public init(adaptHandler: @escaping AdaptHandler, retryHandler: @escaping RetryHandler) {
        adapters = [Adapter(adaptHandler)]
        retriers = [Retrier(retryHandler)]
    }

    /// An interceptor of one adapter and one retrier.
    ///
    /// - Parameters:
    ///   - adapter: The adapter.
    ///   - retrier: The retrier.
    public init(adapter: any RequestAdapter, retrier: any RequestRetrier) {
        adapters = [adapter]
        retriers = [retrier]
    }

    /// An interceptor of `adapters` then `interceptors` as adapters, and `retriers` then
    /// `interceptors` as retriers.
    ///
    /// - Parameters:
    ///   - adapters: Adapters.
    ///   - retriers: Retriers.
    ///   - interceptors: Interceptors, which both adapt and retry.
    public init(
        adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = [],
        interceptors: [any RequestInterceptor] = []
    ) {
        self.adapters = adapters + interceptors.map { $0 as any RequestAdapter }
        self.retriers = retriers + interceptors.map { $0 as any RequestRetrier }
    }

    // MARK: - NetworkKit's form

    /// Runs every adapter in order.
    ///
    /// - Parameter request: The request.
    /// - Returns: The last adapter's result.
    /// - Throws: The first adapter error.
    open func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        for adapter in adapters { request = try await adapter.adapt(request) }
        return request
    }

    /// Asks the retriers in order until one does not answer ``RetryDecision/doNotRetry``.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: That retrier's decision, or ``RetryDecision/doNotRetry``.
    open func retry(_ context: RetryContext) async -> RetryDecision {
        for retrier in retriers {
            let decision = await retrier.retry(context)
            if decision != .doNotRetry { return decision }
        }
        return .doNotRetry
    }

    // MARK: - Alamofire's form

    /// Runs every adapter in order and calls `completion` with the last result or the first error.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - session: The session.
    ///   - completion: Called once.
    open func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        Self.chain(urlRequest, adapters[...], completion: completion) { adapter, request, next in
            adapter.adapt(request, for: session, completion: next)
        }
    }

    /// Runs every adapter in order with `state` and calls `completion` with the last result or the
    /// first error.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - state: The request's identifier and session.
    ///   - completion: Called once.
    open func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        Self.chain(urlRequest, adapters[...], completion: completion) { adapter, request, next in
            adapter.adapt(request, using: state, completion: next)
        }
    }

    /// Asks the retriers in order until one answers other than ``RetryResult/doNotRetry``.
    ///
    /// - Parameters:
    ///   - request: The failed request.
    ///   - session: The session.
    ///   - error: Why it failed.
    ///   - completion: Called once with that answer, or ``RetryResult/doNotRetry``.
    open func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        Self.ask(retriers[...], request, session, error, completion)
    }

    private static func chain(
        _ request: URLRequest, _ pending: ArraySlice<any RequestAdapter>,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void,
        step:
            @escaping @Sendable (
                any RequestAdapter, URLRequest, @escaping @Sendable (Result<URLRequest, any Error>) -> Void
            ) -> Void
    ) {
        guard let adapter = pending.first else { return completion(.success(request)) }
        let rest = pending.dropFirst()
        step(adapter, request) { result in
            switch result {
            case .success(let adapted): chain(adapted, rest, completion: completion, step: step)
            case .failure: completion(result)
            }
        }
    }

    private static func ask(
        _ pending: ArraySlice<any RequestRetrier>, _ request: Request, _ session: Session, _ error: any Error,
        _ completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        guard let retrier = pending.first else { return completion(.doNotRetry) }
        let rest = pending.dropFirst()
        retrier.retry(request, for: session, dueTo: error) { result in
            if case .doNotRetry = result {
                ask(rest, request, session, error, completion)
            } else {
                completion(result)
            }
        }
    }
}

extension RequestInterceptor where Self == Interceptor {
    /// An interceptor of one Alamofire adapter closure and one retrier closure.
    ///
    /// - Parameters:
    ///   - adapter: The adapter.
    ///   - retrier: The retrier.
    /// - Returns: The interceptor.
    public static func interceptor(adapter: @escaping AdaptHandler, retrier: @escaping RetryHandler) -> Interceptor {
        Interceptor(adaptHandler: adapter, retryHandler: retrier)
    }

    /// An interceptor of one adapter and one retrier.
    ///
    /// - Parameters:
    ///   - adapter: The adapter.
    ///   - retrier: The retrier.
    /// - Returns: The interceptor.
    public static func interceptor(adapter: any RequestAdapter, retrier: any RequestRetrier) -> Interceptor {
        Interceptor(adapter: adapter, retrier: retrier)
    }

    /// An interceptor of adapters, retriers and interceptors.
    ///
    /// - Parameters:
    ///   - adapters: Adapters.
    ///   - retriers: Retriers.
    ///   - interceptors: Interceptors.
    /// - Returns: The interceptor.
    public static func interceptor(
        adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = [],
        interceptors: [any RequestInterceptor] = []
    ) -> Interceptor {
        Interceptor(adapters: adapters, retriers: retriers, interceptors: interceptors)
    }
}
