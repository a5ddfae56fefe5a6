public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The request an Alamofire-form adapter adapts: its identifier and session.
public struct RequestAdapterState: Sendable {
    /// The identifier of the ``Request`` whose `URLRequest` is adapted.
    public let requestID: UUID
    /// The session sending it.
    public let session: Session

    /// Creates the state.
    ///
    /// - Parameters:
    ///   - requestID: The request's identifier.
    ///   - session: The session.
    public init(requestID: UUID, session: Session) {
        self.requestID = requestID
        self.session = session
    }
}

/// Alamofire's adapter closure: adapts the request of the session and calls the completion once.
public typealias AdaptHandler =
    @Sendable (
        _ request: URLRequest, _ session: Session,
        _ completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) -> Void

/// Alamofire's retrier closure: decides whether the request of the session, failed with the error,
/// is sent again, and calls the completion once.
public typealias RetryHandler =
    @Sendable (
        _ request: Request, _ session: Session, _ error: any Error,
        _ completion: @escaping @Sendable (RetryResult) -> Void
    ) -> Void

// MARK: - Bridging defaults

extension RequestAdapter {
    /// Runs Alamofire's completion form (``adapt(_:using:completion:)``) for an adapter that only
    /// has that form, with a fresh request identifier and ``Session/default``; leaves the request
    /// unchanged for one that has neither form.
    ///
    /// - Parameter request: The request.
    /// - Returns: The adapted request.
    /// - Throws: The error the completion form gave.
    public func adapt(_ request: URLRequest) async throws -> URLRequest {
        guard !InterceptionBridge.isBridging(Self.self) else { return request }
        let state = RequestAdapterState(requestID: UUID(), session: .default)
        let result = await InterceptionBridge.bridging(Self.self) {
            await CompletionBridge.value(otherwise: .success(request)) { completion in
                adapt(request, using: state, completion: completion)
            }
        }
        return try result.get()
    }

    /// Runs NetworkKit's `async` form (``adapt(_:)``) for an adapter that only has that form, and
    /// calls `completion` with its result; leaves the request unchanged for one that has neither.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - session: The session (unused by the `async` form).
    ///   - completion: Called once with the result.
    public func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (_ result: Result<URLRequest, any Error>) -> Void
    ) {
        guard !InterceptionBridge.isBridging(Self.self) else { return completion(.success(urlRequest)) }
        Task {
            do {
                completion(.success(try await adapt(urlRequest)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Calls ``adapt(_:for:completion:)`` with the state's session, as Alamofire's default does.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - state: The request's identifier and session.
    ///   - completion: Called once with the result.
    public func adapt(
        _ urlRequest: URLRequest, using state: RequestAdapterState,
        completion: @escaping @Sendable (_ result: Result<URLRequest, any Error>) -> Void
    ) {
        adapt(urlRequest, for: state.session, completion: completion)
    }
}

extension RequestRetrier {
    /// Runs Alamofire's completion form for a retrier that only has that form, with a ``Request``
    /// standing for the failed attempt and ``Session/default``; never retries for one that has
    /// neither form.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: The decision.
    public func retry(_ context: RetryContext) async -> RetryDecision {
        guard !InterceptionBridge.isBridging(Self.self) else { return .doNotRetry }
        let session = Session.default
        let request = ContextRequest(context, session: session)
        let error = AFError(context.error)
        let result = await InterceptionBridge.bridging(Self.self) {
            await CompletionBridge.value(otherwise: RetryResult.doNotRetry) { completion in
                retry(request, for: session, dueTo: error, completion: completion)
            }
        }
        return result.decision
    }

    /// Runs NetworkKit's `async` form (``retry(_:)``) for a retrier that only has that form, with a
    /// ``RetryContext`` made from `request`, and calls `completion` with its decision; never
    /// retries for one that has neither.
    ///
    /// - Parameters:
    ///   - request: The failed request.
    ///   - session: The session that sent it.
    ///   - error: Why it failed.
    ///   - completion: Called once with the decision.
    public func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        guard !InterceptionBridge.isBridging(Self.self) else { return completion(.doNotRetry) }
        let context = RetryContext(request, error: error)
        Task { completion(await retry(context).result) }
    }
}

// MARK: - Bridging machinery

/// Which adapter and retrier types are running a bridging default in this task: one that has
/// neither form would otherwise bounce between the two defaults forever.
enum InterceptionBridge {
    @TaskLocal static var bridgingTypes: Set<ObjectIdentifier> = []

    static func isBridging(_ type: Any.Type) -> Bool {
        bridgingTypes.contains(ObjectIdentifier(type))
    }

    static func bridging<Value: Sendable>(_ type: Any.Type, _ body: () async -> Value) async -> Value {
        await $bridgingTypes.withValue(bridgingTypes.union([ObjectIdentifier(type)]), operation: body)
    }
}

/// Waits for a completion handler that a caller's code may call more than once (only the first
/// call counts) or from any thread.
enum CompletionBridge {
    /// The first value `start`'s completion handler is called with; `otherwise` when `start` drops
    /// the handler without calling it.
    static func value<Value: Sendable>(
        otherwise fallback: Value, _ start: (@escaping @Sendable (Value) -> Void) -> Void
    ) async -> Value {
        await withCheckedContinuation { continuation in
            let once = OnceHandler(continuation)
            start { once.resume($0) }
            once.armFallback(fallback)
        }
    }

    /// Resumes a continuation at most once; if the handler is released without being called (the
    /// caller's code dropped it), the fallback resumes it, so the task never hangs on a lost handler.
    private final class OnceHandler<Value: Sendable>: Sendable {
        private let state: Locked<(continuation: CheckedContinuation<Value, Never>?, fallback: Value?)>

        init(_ continuation: CheckedContinuation<Value, Never>) {
            state = Locked((continuation, nil))
        }

        func resume(_ value: Value) {
            let continuation = state.withLock { state in
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(returning: value)
        }

        func armFallback(_ value: Value) {
            state.withLock { $0.fallback = value }
        }

        deinit {
            let (continuation, fallback) = state.withLock { ($0.continuation, $0.fallback) }
            if let continuation, let fallback { continuation.resume(returning: fallback) }
        }
    }
}

extension RetryContext {
    /// The context of `request`'s failed attempt, for a retrier with NetworkKit's `async` form.
    init(_ request: Request, error: any Error) {
        let urlRequest = request.request ?? URLRequest(url: URL(fileURLWithPath: "/"))
        let data = (request as? DataRequest)?.data
        let response = request.response.map { response in
            HTTPResponse(
                request: urlRequest, statusCode: response.statusCode, headers: response.headers, body: data ?? Data(),
                url: response.url, duration: .zero)
        }
        self.init(
            request: urlRequest, response: response,
            error: HTTPError(wrapping: error, request: urlRequest, response: request.response, data: data),
            attempt: request.retryCount + 1, totalDelay: .zero, requestID: request.id)
    }
}

extension HTTPError {
    /// NetworkKit's error for any error a retrier may see.
    init(wrapping error: any Error, request: URLRequest?, response: HTTPURLResponse?, data: Data?) {
        let summary = request.map(RequestSummary.init) ?? RequestSummary(method: .get, url: response?.url)
        switch error {
        case let error as HTTPError: self = error
        case let error as AFError: self.init(error, request: request, response: response, data: data)
        case let error as URLError:
            self =
                error.code == .timedOut
                ? .timedOut(summary)
                : .transport(TransportFailure(request: summary, code: error.code, reason: error.localizedDescription))
        default:
            self = .transport(TransportFailure(request: summary, code: .unknown, reason: "\(error)"))
        }
    }
}

/// The ``Request`` an Alamofire-form retrier sees when an ``HTTPClient`` (not a ``Session``) asks it.
final class ContextRequest: DataRequest, @unchecked Sendable {
    // Sendable as DataRequest is: the added properties are immutable lets of Sendable types.
    private let context: RetryContext

    init(_ context: RetryContext, session: Session) {
        self.context = context
        super.init(
            id: context.requestID, convertible: context.request, underlyingQueue: session.rootQueue,
            serializationQueue: session.serializationQueue, eventMonitor: nil, interceptor: nil,
            shouldAutomaticallyResume: false, delegate: session)
        didCreate(context.request)
        mutableState.withLock { state in
            state.retryCount = context.attempt - 1
            state.state = .finished
        }
    }

    override var response: HTTPURLResponse? {
        context.response.flatMap { response in
            (response.url ?? context.request.url).flatMap {
                HTTPURLResponse(
                    url: $0, statusCode: response.statusCode, httpVersion: "HTTP/1.1",
                    headerFields: response.headers.dictionary)
            }
        }
    }

    override var data: Data? { context.response?.body }
}
