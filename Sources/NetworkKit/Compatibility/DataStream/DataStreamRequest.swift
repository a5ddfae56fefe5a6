public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Alamofire's `DataStreamRequest`: a request whose body is handed to stream handlers piece by
/// piece as it arrives, over ``HTTPClient/stream(_:acceptableStatusCodes:)``.
///
/// Validations run on the response head, before any piece is handed over, so a failed one (or a
/// retry) delivers no bytes. The session's interceptor, then the request's, adapt and retry it as
/// they do a ``DataRequest``; a retry after pieces were delivered delivers the new attempt's body
/// from its start. Each handler gets the pieces in order on its queue, then one
/// ``Event/complete(_:)`` event.
///
/// ```swift
/// AF.streamRequest("https://example.com/feed").validate().responseStreamString { stream in
///     switch stream.event {
///     case .stream(let result): print(result)
///     case .complete(let completion): print(completion.error as Any)
///     }
/// }
/// ```
open class DataStreamRequest: Request, @unchecked Sendable {
    /// A check of a stream's response head, as ``validate(_:)`` takes.
    public typealias Validation = @Sendable (_ request: URLRequest?, _ response: HTTPURLResponse) -> ValidationResult

    struct StreamState {
        var validators: [Validation] = []
        /// Each handler's way in for a piece of the body.
        var streams: [@Sendable (Data) -> Void] = []
        /// Pieces handed to handlers whose handler has not run yet.
        var pending = 0
        /// Completions waiting for ``pending`` to reach zero.
        var completions: [@Sendable () -> Void] = []
        /// The error a handler threw, which the request ends with.
        var handlerError: AFError?
        /// Readers waiting for the request to be resumed.
        var parked: [CheckedContinuation<Void, Never>] = []
        /// The handler given to ``onHTTPResponse(on:perform:)-(_,(HTTPURLResponse,ResponseDisposition)->Void)``.
        var responseHandler:
            (
                queue: DispatchQueue,
                handler: @Sendable (HTTPURLResponse, @escaping @Sendable (ResponseDisposition) -> Void) -> Void
            )?
    }

    /// What the request is made from.
    public let convertible: any URLRequestConvertible
    /// Whether a piece the serializer cannot read cancels the request.
    public let automaticallyCancelOnStreamError: Bool
    let streamState = Locked(StreamState())
    let run = RequestRun()

    /// Creates a request; a ``Session`` makes requests, and subclasses call this.
    ///
    /// - Parameters:
    ///   - id: Its identifier.
    ///   - convertible: What the `URLRequest` is made from.
    ///   - automaticallyCancelOnStreamError: Whether a piece the serializer cannot read cancels it.
    ///   - underlyingQueue: The session's root queue.
    ///   - serializationQueue: The queue for stream serializers.
    ///   - eventMonitor: The monitor told about its events.
    ///   - interceptor: Its own interceptor.
    ///   - shouldAutomaticallyResume: Whether it starts with its first handler; nil for the session's choice.
    ///   - delegate: The session.
    public init(
        id: UUID = UUID(), convertible: any URLRequestConvertible, automaticallyCancelOnStreamError: Bool,
        underlyingQueue: DispatchQueue, serializationQueue: DispatchQueue, eventMonitor: (any EventMonitor)?,
        interceptor: (any RequestInterceptor)?, shouldAutomaticallyResume: Bool? = nil, delegate: any RequestDelegate
    ) {
        self.convertible = convertible
        self.automaticallyCancelOnStreamError = automaticallyCancelOnStreamError
        super.init(
            id: id, underlyingQueue: underlyingQueue, serializationQueue: serializationQueue,
            eventMonitor: eventMonitor, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume,
            delegate: delegate)
    }

    // MARK: - Running

    override func didResume() {
        unpark()
        if run.hasStarted { deliver(run) } else { begin() }
    }

    override func didCancel() {
        unpark()
        if let task = run.task {
            task.cancel()
        } else {
            finish(.failed(.explicitlyCancelled), of: run)
        }
    }

    private func begin() {
        let task = Task { [self] in
            let urlRequest: URLRequest
            do {
                urlRequest = try convertible.asURLRequest()
            } catch {
                let failure = Self.creationError(error)
                emit { [self] in $0.request(self, didFailToCreateURLRequestWithError: failure) }
                return end(.failed(failure))
            }
            emit { [self] in $0.request(self, didCreateInitialURLRequest: urlRequest) }
            let sent = authenticated(urlRequest)
            didCreate(sent)
            guard let session = delegate as? Session else { return end(.failed(.sessionDeinitialized)) }
            let client = session.client
            let steps = AttemptSteps(
                transfer: { [self] attempt in await streamed(attempt, through: client) }, receive: { _ in nil })
            end(await session.send(sent, for: self, steps: steps))
        }
        run.keep(task)
    }

    /// Finishes the request; a handler's error outlives the cancellation it caused.
    private func end(_ outcome: RequestOutcome) {
        let handlerError = streamState.withLock { $0.handlerError }
        finish(outcome, of: run, cancelledError: handlerError ?? .explicitlyCancelled)
    }

    /// One attempt: the head, validated, then every piece of the body handed to the handlers.
    private func streamed(_ attempt: URLRequest, through client: HTTPClient) async -> Result<HTTPResponse, AFError> {
        let stream: ResponseStream
        do throws(HTTPError) {
            stream = try await client.stream(attempt, acceptableStatusCodes: 0..<Int.max)
        } catch {
            return .failure(AFError(error))
        }
        // A redirect that a RedirectHandler follows hands nothing on: the next hop's body is the
        // stream. The session's redirect loop takes the decision made here.
        if let decider = RedirectDecider.current {
            switch await decider.decision(for: stream.response, sentAs: attempt, early: true) {
            case .answer: break
            case .follow, .fail: return .success(stream.response)
            }
        }
        if let failure = await received(stream.response) { return .failure(failure) }
        do {
            for try await piece in stream.chunks {
                await waitWhileSuspended()
                if isCancelled { break }
                hand(piece)
            }
        } catch let error as HTTPError {
            return .failure(AFError(error))
        } catch {
            return .failure(.sessionTaskFailed(error: error))
        }
        if isCancelled || Task.isCancelled { return .failure(.explicitlyCancelled) }
        return .success(stream.response)
    }

    /// Records the response head, asks the response handler, and runs the validations; returns the
    /// first failure.
    private func received(_ head: HTTPResponse) async -> AFError? {
        let recorded = Self.urlResponse(of: head)
        mutableState.withLock { $0.response = recorded }
        guard let response = recorded.value else { return nil }
        if await disposition(for: response) == .cancel { return .explicitlyCancelled }
        let sent = request
        for validation in streamState.withLock({ $0.validators }) {
            let failure = Self.failure(of: validation, request: sent, response: response)
            if eventMonitor != nil {
                let result = Handoff(failure.map { Request.ValidationResult.failure($0) } ?? .success(()))
                emit { [self] in
                    $0.request(self, didValidateRequest: sent, response: response, withResult: result.value)
                }
            }
            if let failure { return failure }
        }
        return nil
    }

    /// The error `validation` fails with, as an ``AFError``; nil when it passes.
    static func failure(of validation: Validation, request: URLRequest?, response: HTTPURLResponse) -> AFError? {
        guard case .failure(let failure) = validation(request, response) else { return nil }
        return (failure as? AFError) ?? .responseValidationFailed(reason: .customValidationFailed(error: failure))
    }

    // MARK: - Pausing

    /// Waits while the request is suspended: the pieces wait in memory until it is resumed.
    private func waitWhileSuspended() async {
        await withCheckedContinuation { continuation in
            let parked = streamState.withLock { state -> Bool in
                guard isSuspended else { return false }
                state.parked.append(continuation)
                return true
            }
            if !parked { continuation.resume() }
        }
    }

    private func unpark() {
        let parked = streamState.withLock { state in
            defer { state.parked = [] }
            return state.parked
        }
        for continuation in parked { continuation.resume() }
    }
}
