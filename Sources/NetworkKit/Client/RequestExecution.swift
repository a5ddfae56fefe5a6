import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The attempt loop every request runs, whatever its sink (data, download, upload, stream): adapts
/// each attempt, tells the event monitors, asks the retriers after a failure and waits between
/// attempts, so the same adapters, retriers, authenticator and monitors apply to every kind.
struct RequestExecution: Sendable {
    let client: HTTPClient
    /// The request before adapters (default headers and timeout applied).
    let request: URLRequest
    /// Whether the connection checks server trust, when something other than the client's
    /// transport makes it (a WebSocket's connector); nil to ask the transport.
    var checksServerTrust: Bool? = nil

    /// Runs attempts until one succeeds or the retriers give up.
    ///
    /// - Parameters:
    ///   - retriable: Whether a failed attempt may be retried at all (a stream whose body already
    ///     reached the caller may not: a retry would deliver it twice).
    ///   - attempt:   Sends one adapted request (the attempt number is 1 for the first) and returns
    ///     its response, whose body is what the sink kept in memory, or why it failed.
    /// - Returns: The response of the successful attempt, counting the attempts.
    func run(
        retriable: @Sendable () -> Bool = { true },
        _ attempt: @Sendable (_ request: URLRequest, _ number: Int) async -> Result<HTTPResponse, HTTPError>
    ) async throws(HTTPError) -> HTTPResponse {
        // Fields are read from the client's configuration where used: copying the whole struct
        // would retain each of its arrays and closures on every request.
        let monitors = client.configuration.eventMonitors
        var requestID: UUID?  // made only when a retrier needs it: UUID() costs microseconds
        var number = 0
        var totalDelay = Duration.zero
        while true {
            number += 1
            guard !Task.isCancelled else { throw .cancelled(HTTPError.RequestSummary(request)) }
            let adapted = try await client.adapt(request, checksServerTrust: checksServerTrust)
            for monitor in monitors { monitor.requestWillStart(adapted, attempt: number) }
            var result = await attempt(adapted, number)
            if number > 1 { result = result.map { $0.with(attempts: number) } }
            for monitor in monitors {
                monitor.requestDidFinish(adapted, result: result, attempt: number)
            }
            let error: HTTPError
            switch result {
            case .success(let response): return response
            case .failure(let failure): error = failure
            }
            if error.isCancelled || client.configuration.retriers.isEmpty
                || number >= client.configuration.maximumAttempts || !retriable()
            {
                throw error
            }
            let context = RetryContext(
                request: adapted, response: Self.response(of: error, request: adapted), error: error,
                attempt: number, totalDelay: totalDelay, requestID: requestID ?? UUID())
            requestID = context.requestID
            let delay = try await client.retryDelay(for: context)
            for monitor in monitors { monitor.requestWillRetry(adapted, after: delay, error: error) }
            if delay > .zero { try await client.wait(delay, before: adapted) }
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
