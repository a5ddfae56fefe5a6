import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How ``Session/send(_:for:steps:)`` ended.
enum RequestOutcome: Sendable {
    /// A response came and passed validation; it is recorded.
    case answered
    /// The request failed with this error.
    case failed(AFError)
}

/// What differs between the kinds of request in one attempt: how the adapted request is sent, and
/// how its answer is recorded and validated.
struct AttemptSteps: Sendable {
    /// Sends the adapted request and returns its answer, before validation.
    let transfer: @Sendable (URLRequest) async -> Result<HTTPResponse, AFError>
    /// Records the answer and runs the request's validations; returns the first failure.
    let receive: @Sendable (HTTPResponse) -> AFError?
}

extension Session {
    /// Sends `urlRequest` for `request` until it succeeds or the interceptors stop retrying:
    /// adapters, the transfer, validation, then retriers. Every kind of request runs this loop and
    /// differs only in its `steps`.
    func send(_ urlRequest: URLRequest, for request: Request, steps: AttemptSteps) async -> RequestOutcome {
        let combined: Interceptor? =
            switch (interceptor, request.interceptor) {
            case (nil, nil): nil
            case (let own?, nil), (nil, let own?): Interceptor(interceptors: [own])
            case (let session?, let request?): Interceptor(interceptors: [session, request])
            }
        let handler = request.cachedResponseHandler ?? cachedResponseHandler
        // Without a handler here or above, the task-local value would be set to what it is.
        let setsHandler = handler != nil || CachedAttempt.requestHandler != nil
        while true {
            var attempt = urlRequest
            if let combined {
                let state = RequestAdapterState(requestID: request.id, session: self)
                let adapted = await CompletionBridge.value(otherwise: .success(urlRequest)) { completion in
                    combined.adapt(urlRequest, using: state, completion: completion)
                }
                switch adapted {
                case .success(let adapted):
                    attempt = adapted
                    request.emit { $0.request(request, didAdaptInitialRequest: urlRequest, to: adapted) }
                case .failure(let error):
                    let failure = (error as? AFError) ?? .requestAdaptationFailed(error: error)
                    request.emit { $0.request(request, didFailToAdaptURLRequest: urlRequest, withError: failure) }
                    return .failed(failure)
                }
                request.didCreate(attempt)  // as Alamofire, each adapted request joins `requests`
            }
            let sent: Result<HTTPResponse, AFError>
            if let refused = trustFailure(for: attempt) {
                sent = .failure(refused)
            } else if setsHandler {
                sent = await CachedAttempt.$requestHandler.withValue(handler) { [attempt] in
                    await transfer(attempt, for: request, steps: steps)
                }
            } else {
                sent = await transfer(attempt, for: request, steps: steps)
            }
            let failure: AFError
            switch sent {
            case .success(let answer):
                guard let error = steps.receive(answer) else { return .answered }
                failure = error
            case .failure(let error):
                if request.isCancelled || Task.isCancelled { return .failed(.explicitlyCancelled) }
                failure = error
                request.recordFailure(failure)
            }
            guard let combined, !request.isCancelled else { return .failed(failure) }
            let decision = await CompletionBridge.value(otherwise: RetryResult.doNotRetry) { completion in
                combined.retry(request, for: self, dueTo: failure, completion: completion)
            }
            switch decision {
            case .retry, .retryWithDelay:
                if let seconds = decision.delay, seconds > 0, seconds.isFinite {
                    try? await Task.sleep(for: .milliseconds(Int64(min(seconds, 86_400) * 1000)))
                }
                if request.isCancelled || Task.isCancelled { return .failed(.explicitlyCancelled) }
                request.prepareForRetry()
            case .doNotRetry:
                return .failed(failure)
            case .doNotRetryWithError(let error):
                return .failed(.requestRetryFailed(retryError: error, originalError: failure))
            }
        }
    }

    /// Sends a data request: each attempt goes through the client whole, its body kept in memory.
    func send(_ urlRequest: URLRequest, for request: DataRequest) async -> RequestOutcome {
        let client = client
        let steps = AttemptSteps(
            transfer: { attempt in
                await request.transfer(attempt, through: client)
            },
            receive: { answer in request.received(answer) })
        return await send(urlRequest, for: request, steps: steps)
    }
}
