import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One attempt of a data request through the client's ``HTTPCache`` (RFC 9111 §4): answered from
/// the cache, sent conditionally and answered by a 304's update, or sent and stored.
struct CachedAttempt: Sendable {
    let cache: HTTPCache
    /// Sends one request (an exchange on the client's transport) and returns what it answered,
    /// before validation: a 304 or a 5xx is an answer here.
    let send: @Sendable (URLRequest) async -> Result<HTTPResponse, HTTPError>
    /// Asked before a response is stored: the request's handler, else the client's; nil stores
    /// whatever RFC 9111 allows.
    var handler: (any CachedResponseHandler)? = nil

    /// The handler of the request being sent in this task, which ``DataRequest`` sets for
    /// `cacheResponse(using:)`; it comes before the client's.
    @TaskLocal static var requestHandler: (any CachedResponseHandler)?

    /// Runs the attempt for `request` (adapted, with the client's default fields).
    func run(_ request: URLRequest) async -> Result<HTTPResponse, HTTPError> {
        switch cache.lookup(request, now: Date()) {
        case .fresh(let cached):
            return .success(Self.response(cached, to: request))
        case .stale(let cached, let background):
            if let background { revalidateInBackground(request, background) }
            return .success(Self.response(cached, to: request))
        case .unsatisfiable:
            return .success(Self.unsatisfiable(request))
        case .miss:
            return await sendAndStore(Self.bypassingCaches(request))
        case .validate(let validation):
            return await validate(request, validation)
        }
    }

    /// Sends `request` with the cache's preconditions and handles the answer (§4.3.3).
    private func validate(_ request: URLRequest, _ validation: CacheValidation) async -> Result<HTTPResponse, HTTPError>
    {
        let requestTime = Date()
        let result = await send(Self.adding(validation.conditionalHeaders, to: request))
        switch result {
        case .success(let answer) where answer.statusCode == 304:
            let headers = answer.headers
            if let updated = cache.update(
                request: request, notModified: headers, requestTime: requestTime, responseTime: Date())
            {
                return .success(Self.response(updated, to: request, duration: answer.duration))
            }
            // The 304 chose no stored response: ask again, unconditionally (§4.3.4).
            return await sendAndStore(request)
        case .success(let answer) where answer.statusCode >= 500:
            if let stale = cache.responseAfterError(for: request, now: Date()) {
                return .success(Self.response(stale, to: request))
            }
            await store(answer, for: request, requestTime: requestTime)
            return result
        case .success(let answer):
            await store(answer, for: request, requestTime: requestTime)
            return result
        case .failure(let error):
            guard Self.isTransportFailure(error),
                let stale = cache.responseAfterError(for: request, now: Date())
            else { return result }
            return .success(Self.response(stale, to: request))
        }
    }

    /// Sends `request` and stores its answer.
    private func sendAndStore(_ request: URLRequest) async -> Result<HTTPResponse, HTTPError> {
        let requestTime = Date()
        let result = await send(request)
        if case .success(let answer) = result { await store(answer, for: request, requestTime: requestTime) }
        return result
    }

    /// Hands a network answer to the cache, which stores it, invalidates (§4.4) or freshens (§4.3.5);
    /// a response it would store goes by ``handler`` first, which may change or refuse it.
    private func store(_ answer: HTTPResponse, for request: URLRequest, requestTime: Date) async {
        await cache.store(
            request: request, status: answer.statusCode, headers: answer.headers, body: answer.body,
            requestTime: requestTime, handler: handler)
    }

    /// Sends the conditional request of `stale-while-revalidate` once, in the background, and stores
    /// or updates with its answer; nobody waits for it (RFC 5861 §3).
    private func revalidateInBackground(_ request: URLRequest, _ validation: CacheValidation) {
        guard let url = request.url, cache.beginBackgroundRevalidation(of: url) else { return }
        let attempt = self
        Task.detached {
            defer { attempt.cache.endBackgroundRevalidation(of: url) }
            let requestTime = Date()
            let result = await attempt.send(Self.adding(validation.conditionalHeaders, to: request))
            guard case .success(let answer) = result else { return }
            if answer.statusCode == 304 {
                _ = attempt.cache.update(
                    request: request, notModified: answer.headers, requestTime: requestTime, responseTime: Date())
            } else {
                await attempt.store(answer, for: request, requestTime: requestTime)
            }
        }
    }

    /// A stored response as the client's answer.
    static func response(_ cached: CachedResponse, to request: URLRequest, duration: Duration = .zero)
        -> HTTPResponse
    {
        HTTPResponse(
            request: request, statusCode: cached.status, headers: cached.headers, body: cached.body, url: request.url,
            duration: duration, source: cached.source)
    }

    /// The cache's answer to a request it may not send and cannot answer (`only-if-cached`,
    /// `.returnCacheDataDontLoad`): 504 Gateway Timeout (RFC 9111 §5.2.1.7).
    static func unsatisfiable(_ request: URLRequest) -> HTTPResponse {
        HTTPResponse(
            request: request, statusCode: 504, headers: [:], body: Data(), url: request.url, duration: .zero,
            source: .cache)
    }

    /// `request` with `headers` set, replacing fields of the same names: in one change of the
    /// request, as each change copies a `URLRequest`'s whole storage on Linux.
    static func adding(_ headers: HTTPHeaders, to request: URLRequest) -> URLRequest {
        guard !headers.isEmpty else { return request }
        var request = request
        var fields = request.allHTTPHeaderFields ?? [:]
        for header in headers { URLRequest.set(header.value, for: header.name, in: &fields) }
        request.allHTTPHeaderFields = fields
        return request
    }

    /// `request`, asking caches on the way to skip their stored responses too when its policy is
    /// `.reloadIgnoringLocalAndRemoteCacheData` (`Cache-Control: no-cache` and `Pragma: no-cache`,
    /// unless it sets them).
    static func bypassingCaches(_ request: URLRequest) -> URLRequest {
        guard request.cachePolicy == .reloadIgnoringLocalAndRemoteCacheData else { return request }
        var request = request
        if request.value(forHTTPHeaderField: "Cache-Control") == nil {
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        }
        if request.value(forHTTPHeaderField: "Pragma") == nil {
            request.setValue("no-cache", forHTTPHeaderField: "Pragma")
        }
        return request
    }

    /// Whether `error` is the network's failure (for `stale-if-error`), not the caller's or a rule's.
    static func isTransportFailure(_ error: HTTPError) -> Bool {
        switch error {
        case .transport, .timedOut: true
        default: false
        }
    }
}

extension HTTPClient {
    /// The handler asked before this request's answer is stored: the request's own
    /// (``CachedAttempt/requestHandler``), else the client's.
    var cachedResponseHandler: (any CachedResponseHandler)? {
        CachedAttempt.requestHandler ?? configuration.cachedResponseHandler
    }
}

extension HTTPCache {
    /// Takes a network answer as ``store(request:status:headers:body:requestTime:responseTime:allowed:)``
    /// does, asking `handler` first about a response it would store (see ``CachedResponseHandler``).
    ///
    /// - Parameters:
    ///   - request: The request the caller made.
    ///   - status: The response's status.
    ///   - headers: Its fields.
    ///   - body: Its content.
    ///   - requestTime: When the request was sent (the response arrived now).
    ///   - handler: The request's or client's handler; nil stores what RFC 9111 allows.
    func store(
        request: URLRequest, status: Int, headers: HTTPHeaders, body: Data, requestTime: Date,
        handler: (any CachedResponseHandler)?
    ) async {
        let responseTime = Date()
        guard let handler, wouldStore(request: request, status: status, headers: headers, body: body) else {
            store(
                request: request, status: status, headers: headers, body: body, requestTime: requestTime,
                responseTime: responseTime)
            return
        }
        var (status, headers, body, allowed) = (status, headers, body, true)
        switch await CachedResponseDecision.ask(handler, request: request, status: status, headers: headers, body: body)
        {
        case .unchanged: break
        case .replaced(let newStatus, let newHeaders, let newBody):
            (status, headers, body) = (newStatus, newHeaders, newBody)
        case .refused: allowed = false
        }
        store(
            request: request, status: status, headers: headers, body: body, requestTime: requestTime,
            responseTime: responseTime, allowed: allowed)
    }

    /// Whether a background refresh of `url` may start now: false while one is under way.
    func beginBackgroundRevalidation(of url: URL) -> Bool {
        revalidating.withLock { $0.insert(url.absoluteString).inserted }
    }

    /// Ends the background refresh of `url`.
    func endBackgroundRevalidation(of url: URL) {
        _ = revalidating.withLock { $0.remove(url.absoluteString) }
    }
}
