import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one attempt with `URLSession.data(for:)` and turns its outcome into a result.
///
/// Every attempt is a fresh task (FoundationNetworking crashes when a task's progress is reset, which
/// is what reusing tasks for retries does); `data(for:)` cancels its task when the calling task is
/// cancelled and, on Linux, completes inline without a hop through the delegate queue. The duration
/// is measured here because Linux never delivers `URLSessionTaskMetrics`.
struct DataLoader: Sendable {
    let session: URLSession
    let delegate: SessionDelegate

    /// Sends `request` once.
    func load(_ request: URLRequest) async -> Result<HTTPResponse, HTTPError> {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let (data, response) = try await session.data(for: request)
            // FoundationNetworking can miss a cancellation that arrives while `data(for:)` is still
            // setting up its task (seen under load: a cancelled 10 s request ran to its end). The
            // caller asked to stop, so the answer is `.cancelled` all the same.
            guard !Task.isCancelled else { return .failure(.cancelled(HTTPError.RequestSummary(request))) }
            let duration = start.duration(to: clock.now)
            // A redirect refused for its pins ends the task with the redirect response.
            if let refusal = delegate.takeRefusal(for: request) { return .failure(refusal) }
            guard let http = response as? HTTPURLResponse else {
                let failure = HTTPError.TransportFailure(
                    request: HTTPError.RequestSummary(request), code: .badServerResponse,
                    reason: "the response is not HTTP")
                return .failure(.transport(failure))
            }
            return .success(Self.makeResponse(request: request, http: http, body: data, duration: duration))
        } catch {
            return failure(error, request: request, duration: start.duration(to: clock.now))
        }
    }

    private func failure(_ error: any Error, request: URLRequest, duration: Duration) -> Result<HTTPResponse, HTTPError>
    {
        let summary = HTTPError.RequestSummary(request)
        let fallback: URLError.Code? = URLError.Code(rawValue: (error as NSError).code)
        let code = (error as? URLError)?.code ?? fallback ?? .unknown
        // A server-trust challenge refused for the pins (Apple platforms) cancels the task.
        if code == .cancelled, !Task.isCancelled, let refusal = delegate.takeRefusal(for: request) {
            return .failure(refusal)
        }
        if code == .cancelled, !Task.isCancelled, let challenged = delegate.takeChallengedResponse(for: request) {
            return .success(Self.makeResponse(request: request, http: challenged, body: Data(), duration: duration))
        }
        return .failure(Self.error(for: error, code: code, summary: summary))
    }

    /// The ``HTTPError`` for a URLSession error whose code is `code`.
    static func error(for error: any Error, code: URLError.Code, summary: HTTPError.RequestSummary) -> HTTPError {
        switch code {
        case .cancelled:
            return .cancelled(summary)
        case .timedOut:
            return .timedOut(summary)
        default:
            let reason = (error as NSError).localizedDescription
            return .transport(HTTPError.TransportFailure(request: summary, code: code, reason: reason))
        }
    }

    /// URLSession's error code for `error`, `.unknown` when it has none.
    static func code(of error: any Error) -> URLError.Code {
        (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) ?? .unknown
    }

    private static func makeResponse(request: URLRequest, http: HTTPURLResponse, body: Data, duration: Duration)
        -> HTTPResponse
    {
        HTTPResponse(request: request, http: http, body: body, duration: duration)
    }
}
