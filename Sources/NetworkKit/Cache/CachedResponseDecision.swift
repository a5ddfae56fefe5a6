import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``CachedResponseHandler`` decided to store for a response: the response as it came, one
/// the handler made instead, or nothing.
enum CachedResponseDecision: Sendable {
    /// Store the response unchanged (the handler passed back the very object it was given).
    case unchanged
    /// Store this instead.
    case replaced(status: Int, headers: HTTPHeaders, body: Data)
    /// Store nothing.
    case refused

    /// Asks `handler` about a response the cache would store.
    ///
    /// The handler gets the response as a `CachedURLResponse` and a data task made for `request`
    /// (never resumed, cancelled once the handler answered, so its session lets it go). A handler
    /// that calls its completion twice is heard once.
    ///
    /// - Parameters:
    ///   - handler: The client's or the request's handler.
    ///   - request: The request the caller made.
    ///   - status:  The response's status.
    ///   - headers: Its fields.
    ///   - body:    Its content.
    /// - Returns: The decision; ``refused`` also when the response cannot be put in an
    ///   `HTTPURLResponse`, or the handler's is not an HTTP response.
    static func ask(
        _ handler: any CachedResponseHandler, request: URLRequest, status: Int, headers: HTTPHeaders, body: Data
    ) async -> CachedResponseDecision {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers.dictionary)
        else { return .refused }
        let proposed = CachedURLResponse(response: response, data: body, userInfo: nil, storagePolicy: .allowed)
        let task = DecisionSession.shared.dataTask(with: request)
        defer { task.cancel() }
        let decided = await withCheckedContinuation { (continuation: CheckedContinuation<Decided, Never>) in
            let pending = Locked(Optional(continuation))
            handler.dataTask(task, willCacheResponse: proposed) { decided in
                let waiting = pending.withLock { pending in
                    defer { pending = nil }
                    return pending
                }
                waiting?.resume(returning: Decided(response: decided, isProposed: decided === proposed))
            }
        }
        return decided.decision
    }

    /// The handler's answer, carried out of its completion.
    private struct Decided: @unchecked Sendable {
        // Unchecked: `CachedURLResponse` is immutable once made (Foundation gives it no setters),
        // and the value is handed from the completion to the one waiting task, never shared.
        let response: CachedURLResponse?
        let isProposed: Bool

        var decision: CachedResponseDecision {
            guard let response, response.storagePolicy != .notAllowed else { return .refused }
            if isProposed { return .unchanged }
            guard let http = response.response as? HTTPURLResponse else { return .refused }
            return .replaced(status: http.statusCode, headers: http.headers, body: response.data)
        }
    }

    /// The session whose data tasks are handed to handlers (cache handlers, and the façade's
    /// redirect handlers): ephemeral, made once, and never sent a request.
    enum DecisionSession {
        static let shared = URLSession(configuration: .ephemeral)
    }
}
