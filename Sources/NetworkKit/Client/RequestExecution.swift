import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One call to `send`: adapts, sends, validates and retries until it succeeds or gives up.
struct RequestExecution: Sendable {
    let client: HTTPClient
    let request: URLRequest
    let validation: ResponseValidation

    func run() async throws(HTTPError) -> HTTPResponse {
        // Fields are read from the client's configuration where used: copying the whole struct
        // would retain each of its arrays and closures on every request.
        let monitors = client.configuration.eventMonitors
        var requestID: UUID?  // made only when a retrier needs it: UUID() costs microseconds
        var attempt = 0
        var totalDelay = Duration.zero
        while true {
            attempt += 1
            guard !Task.isCancelled else { throw .cancelled(HTTPError.RequestSummary(request)) }
            let adapted = try await adapt(request)
            for monitor in monitors { monitor.requestWillStart(adapted, attempt: attempt) }
            var result = await client.loader.load(adapted).flatMap(validation.validate)
            if attempt > 1 { result = result.map { $0.with(attempts: attempt) } }
            for monitor in monitors {
                monitor.requestDidFinish(adapted, result: result, attempt: attempt)
            }
            let error: HTTPError
            switch result {
            case .success(let response): return response
            case .failure(let failure): error = failure
            }
            if error.isCancelled || client.configuration.retriers.isEmpty
                || attempt >= client.configuration.maximumAttempts
            {
                throw error
            }
            let context = RetryContext(
                request: adapted, response: Self.response(of: error, request: adapted), error: error,
                attempt: attempt, totalDelay: totalDelay, requestID: requestID ?? UUID())
            requestID = context.requestID
            let delay = try await retryDelay(for: context)
            for monitor in monitors { monitor.requestWillRetry(adapted, after: delay, error: error) }
            if delay > .zero {
                do {
                    try await client.configuration.sleep(delay)
                } catch {
                    throw .cancelled(HTTPError.RequestSummary(adapted))
                }
            }
            totalDelay += delay
        }
    }

    private func adapt(_ request: URLRequest) async throws(HTTPError) -> URLRequest {
        var adapted = request
        for adapter in client.configuration.adapters {
            do {
                adapted = try await adapter.adapt(adapted)
            } catch let error as HTTPError {
                throw error
            } catch is CancellationError {
                throw .cancelled(HTTPError.RequestSummary(adapted))
            } catch {
                throw .adaptationFailed(HTTPError.RequestSummary(adapted), reason: "\(error)")
            }
        }
        return adapted
    }

    /// The wait before the next attempt, or the error to give up with.
    private func retryDelay(for context: RetryContext) async throws(HTTPError) -> Duration {
        for retrier in client.configuration.retriers {
            switch await retrier.retry(context) {
            case .retry(let delay): return max(delay, .zero)
            case .fail(let error): throw error
            case .doNotRetry: continue
            }
        }
        throw context.error
    }

    /// The server's answer carried by a validation error, rebuilt as a response for retriers.
    private static func response(of error: HTTPError, request: URLRequest) -> HTTPResponse? {
        guard case .unacceptableStatus(let failure) = error else { return nil }
        return HTTPResponse(
            request: request, statusCode: failure.statusCode, headers: failure.headers, body: failure.body,
            url: request.url, duration: .zero)
    }
}
