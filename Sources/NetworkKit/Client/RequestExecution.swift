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
            let adapted = try await client.adapt(request)
            for monitor in monitors { monitor.requestWillStart(adapted, attempt: attempt) }
            let exchange = HTTPExchange(
                request: adapted, sink: DataSink(), pins: client.configuration.publicKeyPins)
            var result = await exchange.run(on: client.transport).flatMap(validation.validate)
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
            let delay = try await client.retryDelay(for: context)
            for monitor in monitors { monitor.requestWillRetry(adapted, after: delay, error: error) }
            if delay > .zero {
                try await client.wait(delay, before: adapted)
            }
            totalDelay += delay
        }
    }

    /// The server's answer carried by a validation error, rebuilt as a response for retriers.
    static func response(of error: HTTPError, request: URLRequest) -> HTTPResponse? {
        guard case .unacceptableStatus(let failure) = error else { return nil }
        return HTTPResponse(
            request: request, statusCode: failure.statusCode, headers: failure.headers, body: failure.body,
            url: request.url, duration: .zero)
    }
}
