import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one attempt as a fresh URLSession data task and turns its callback into a result.
///
/// Every attempt gets a new task (FoundationNetworking crashes when a task's progress is reset, which
/// is what reusing tasks for retries does), task cancellation cancels the URLSession task, and the
/// duration is measured here because Linux never delivers `URLSessionTaskMetrics`.
struct DataLoader: Sendable {
    let session: URLSession
    let delegate: SessionDelegate

    /// The task and whether the caller cancelled, shared with the cancellation handler.
    private struct TaskState {
        var task: URLSessionDataTask?
        var cancelled = false
    }

    /// Sends `request` once.
    func load(_ request: URLRequest) async -> Result<HTTPResponse, HTTPError> {
        let state = Locked(TaskState())
        let delegate = delegate
        let clock = ContinuousClock()
        return await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
                let start = clock.now
                let task = session.dataTask(with: request) { data, response, error in
                    let duration = start.duration(to: clock.now)
                    let identifier = state.withLock { $0.task?.taskIdentifier }
                    let challenged = identifier.flatMap { delegate.takeChallengedResponse(for: $0) }
                    continuation.resume(
                        returning: Self.result(
                            request: request, data: data, response: response, error: error,
                            challenged: challenged, duration: duration))
                }
                let cancelled = state.withLock { current -> Bool in
                    current.task = task
                    return current.cancelled
                }
                task.resume()
                if cancelled { task.cancel() }
            }
        } onCancel: {
            let task = state.withLock { current -> URLSessionDataTask? in
                current.cancelled = true
                return current.task
            }
            task?.cancel()
        }
    }

    private static func result(
        request: URLRequest, data: Data?, response: URLResponse?, error: (any Error)?,
        challenged: HTTPURLResponse?, duration: Duration
    ) -> Result<HTTPResponse, HTTPError> {
        let summary = HTTPError.RequestSummary(request)
        if let error {
            let fallback: URLError.Code? = URLError.Code(rawValue: (error as NSError).code)
            let code = (error as? URLError)?.code ?? fallback ?? .unknown
            if code == .cancelled, let challenged {
                return .success(makeResponse(request: request, http: challenged, body: Data(), duration: duration))
            }
            switch code {
            case .cancelled: return .failure(.cancelled(summary))
            case .timedOut: return .failure(.timedOut(summary))
            default:
                let failure = HTTPError.TransportFailure(
                    request: summary, code: code, reason: (error as NSError).localizedDescription)
                return .failure(.transport(failure))
            }
        }
        guard let http = response as? HTTPURLResponse else {
            let failure = HTTPError.TransportFailure(
                request: summary, code: .badServerResponse, reason: "the response is not HTTP")
            return .failure(.transport(failure))
        }
        return .success(makeResponse(request: request, http: http, body: data ?? Data(), duration: duration))
    }

    private static func makeResponse(request: URLRequest, http: HTTPURLResponse, body: Data, duration: Duration)
        -> HTTPResponse
    {
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            fields["\(name)"] = "\(value)"
        }
        return HTTPResponse(
            request: request, statusCode: http.statusCode, headers: HTTPHeaders(fields), body: body, url: http.url,
            duration: duration)
    }
}
