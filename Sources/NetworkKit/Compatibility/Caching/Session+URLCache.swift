import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - The configuration's URLCache

extension Session {
    /// Offers a data request's answer to `handler` and stores what it returns in the session
    /// configuration's `URLCache`, as URLSession stores a data task's response after asking
    /// Alamofire's `dataTask(_:willCacheResponse:completion:)`; done before the request finishes,
    /// so its response handlers find the entry.
    ///
    /// Only when a handler applies (the request's or the session's) and the client keeps no
    /// ``HTTPCache`` of its own (that cache asks the handler itself); only `GET` answers with a status
    /// RFC 9111 lets a cache store by default, and neither the request nor the response says
    /// `no-store`.
    func storeInURLCache(
        _ answer: HTTPResponse, for request: Request, sentAs attempt: URLRequest, handler: any CachedResponseHandler
    ) async {
        guard client.configuration.cache == nil, request is DataRequest, !(request is UploadRequest),
            let cache = configuredURLCache, Self.isStorable(answer, for: attempt),
            let response = Request.urlResponse(of: answer).value
        else { return }
        let proposed = Handoff(
            CachedURLResponse(response: response, data: answer.body, userInfo: nil, storagePolicy: .allowed))
        let task = CachedResponseDecision.DecisionSession.shared.dataTask(with: attempt)
        defer { task.cancel() }
        let decided = await withCheckedContinuation { (continuation: CheckedContinuation<Handoff?, Never>) in
            let pending = Locked(Optional(continuation))
            handler.dataTask(task, willCacheResponse: proposed.response) { decided in
                let waiting = pending.withLock { pending in
                    defer { pending = nil }
                    return pending
                }
                waiting?.resume(returning: decided.map(Handoff.init))
            }
        }
        guard let decided, decided.response.storagePolicy != .notAllowed else { return }
        cache.storeCachedResponse(decided.response, for: attempt)
    }

    /// Whether URLSession's cache would take `answer`: a `GET`, a status cacheable by default
    /// (RFC 9111 §3, RFC 9110 §15.1), and no `no-store` on either side.
    private static func isStorable(_ answer: HTTPResponse, for request: URLRequest) -> Bool {
        let cacheableByDefault: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]
        func forbids(_ field: String?) -> Bool { field?.lowercased().contains("no-store") ?? false }
        return (request.httpMethod ?? "GET") == "GET" && cacheableByDefault.contains(answer.statusCode)
            && !forbids(request.value(forHTTPHeaderField: "Cache-Control"))
            && !forbids(answer.headers.value(for: "Cache-Control"))
    }

    /// A cached response handed from the handler's completion to the one task waiting for it.
    ///
    /// `@unchecked Sendable` because `CachedURLResponse` is immutable once made (Foundation gives it
    /// no setters), and each value is handed over once, never shared.
    private struct Handoff: @unchecked Sendable {
        let response: CachedURLResponse
        init(_ response: CachedURLResponse) { self.response = response }
    }
}
