import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One download, upload or stream call: adapts each attempt, tells the event monitors, asks the
/// retriers after a failure and waits between attempts, as ``HTTPClient/send(_:)`` does for data
/// requests (the same adapters, retriers, authenticator and monitors apply).
struct TransferExecution: Sendable {
    let client: HTTPClient
    /// The request before adapters (default headers and timeout applied).
    let request: URLRequest

    /// Runs attempts until one succeeds or the retriers give up.
    ///
    /// - Parameters:
    ///   - retriable: Whether a failed attempt may be retried at all (a stream whose body already
    ///     reached the caller may not: a retry would deliver it twice).
    ///   - attempt:   Sends one adapted request (the attempt number is 1 for the first) and returns
    ///     its response, whose body is what the transfer kept in memory.
    /// - Returns: The response of the successful attempt, counting the attempts.
    func run(
        retriable: @Sendable () -> Bool = { true },
        _ attempt: @Sendable (_ request: URLRequest, _ number: Int) async -> Result<HTTPResponse, HTTPError>
    ) async throws(HTTPError) -> HTTPResponse {
        let monitors = client.configuration.eventMonitors
        let requestID = UUID()
        var number = 0
        var totalDelay = Duration.zero
        while true {
            number += 1
            guard !Task.isCancelled else { throw .cancelled(HTTPError.RequestSummary(request)) }
            let adapted = try await client.adapt(request)
            for monitor in monitors { monitor.requestWillStart(adapted, attempt: number) }
            var result = await attempt(adapted, number)
            if number > 1 { result = result.map { $0.with(attempts: number) } }
            for monitor in monitors {
                monitor.requestDidFinish(adapted, result: result, attempt: number)
            }
            let error: HTTPError
            switch result {
            case .success(let success): return success
            case .failure(let failure): error = failure
            }
            if error.isCancelled || client.configuration.retriers.isEmpty
                || number >= client.configuration.maximumAttempts || !retriable()
            {
                throw error
            }
            let context = RetryContext(
                request: adapted, response: RequestExecution.response(of: error, request: adapted), error: error,
                attempt: number, totalDelay: totalDelay, requestID: requestID)
            let delay = try await client.retryDelay(for: context)
            for monitor in monitors { monitor.requestWillRetry(adapted, after: delay, error: error) }
            if delay > .zero { try await client.wait(delay, before: adapted) }
            totalDelay += delay
        }
    }
}
