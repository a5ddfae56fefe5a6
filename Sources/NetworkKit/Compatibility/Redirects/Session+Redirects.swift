import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Redirects

extension Session {
    /// Sends one attempt through `steps`. With a redirect handler (the request's, else the
    /// session's) the client follows no redirect itself: each one comes back here, is put to the
    /// handler, and the hop it chooses is sent the same way, until an answer is not a redirect or the
    /// handler stops at one. With a cache handler, a data request's answer may then go to the
    /// configuration's `URLCache` (`storeInURLCache(_:for:sentAs:handler:)`).
    func transfer(_ attempt: URLRequest, for request: Request, steps: AttemptSteps) async
        -> Result<HTTPResponse, AFError>
    {
        let sent: Result<HTTPResponse, AFError>
        if let handler = request.redirectHandler ?? redirectHandler {
            let decider = RedirectDecider(handler: handler, request: request)
            sent = await RedirectOverride.$followsRedirects.withValue(false) {
                await RedirectDecider.$current.withValue(decider) {
                    await redirecting(attempt, for: request, steps: steps, decider: decider)
                }
            }
        } else {
            sent = await steps.transfer(attempt)
        }
        // The request's or the session's cache handler, as `send` set it for this attempt.
        if let handler = CachedAttempt.requestHandler, case .success(let answer) = sent {
            await storeInURLCache(answer, for: request, sentAs: attempt, handler: handler)
        }
        return sent
    }

    private func redirecting(
        _ attempt: URLRequest, for request: Request, steps: AttemptSteps, decider: RedirectDecider
    ) async -> Result<HTTPResponse, AFError> {
        var hop = attempt
        var sendsBody = true
        while true {
            let sent = sendsBody || !(request is UploadRequest) ? await steps.transfer(hop) : await plainSend(hop)
            guard case .success(let answer) = sent else { return sent }
            switch await decider.decision(for: answer, sentAs: hop) {
            case .answer:
                return sent
            case .fail(let error):
                return .failure(error)
            case .follow(let next):
                // An upload redirected to a body-less GET sends its next hops without the body.
                if HTTPExchange.dropsBody(from: hop, to: next) { sendsBody = false }
                hop = next
            }
        }
    }

    /// A hop without the request's own body (an upload's after a `303`).
    private func plainSend(_ hop: URLRequest) async -> Result<HTTPResponse, AFError> {
        do throws(HTTPError) {
            return .success(try await client.send(hop, acceptableStatusCodes: 0..<Int.max))
        } catch {
            return .failure(AFError(error))
        }
    }
}

// MARK: -

/// Decides the redirects of one attempt with a ``RedirectHandler``, each once: a transfer that must
/// know before it hands a body on (a stream's) asks first, and the session's loop then takes the
/// same decision.
final class RedirectDecider: Sendable {
    /// What follows an answer.
    enum Decision: Sendable {
        /// It is the attempt's answer: not a redirect, or the handler stopped at it.
        case answer
        /// The handler chose this next hop.
        case follow(URLRequest)
        /// The redirect cannot be followed (too many, a bad `Location`), or the request was cancelled.
        case fail(AFError)
    }

    /// The decider of the attempt the current task runs, if a handler decides its redirects.
    @TaskLocal static var current: RedirectDecider?

    private let handler: any RedirectHandler
    private weak let request: Request?
    private let state = Locked<(hops: Int, early: Decision?)>((0, nil))

    init(handler: any RedirectHandler, request: Request) {
        self.handler = handler
        self.request = request
    }

    /// Decides what follows `answer` (the answer to `hop`), asking the handler for a redirect; a
    /// decision made early is taken instead, once.
    ///
    /// - Parameters:
    ///   - answer: The hop's answer.
    ///   - hop: The request that was sent.
    ///   - early: Whether the decision is made before the answer's body is handed on; the next call
    ///     takes it.
    /// - Returns: The decision.
    func decision(for answer: HTTPResponse, sentAs hop: URLRequest, early: Bool = false) async -> Decision {
        if !early,
            let made = state.withLock({ state in
                defer { state.early = nil }
                return state.early
            })
        {
            return made
        }
        let decision = await decide(answer, sentAs: hop)
        if early { state.withLock { $0.early = decision } }
        return decision
    }

    private func decide(_ answer: HTTPResponse, sentAs hop: URLRequest) async -> Decision {
        guard let location = Self.redirectTarget(of: answer), let response = Request.urlResponse(of: answer).value
        else {
            return .answer
        }
        let hops = state.withLock { state in
            state.hops += 1
            return state.hops
        }
        let next: URLRequest
        switch Self.nextHop(after: answer, to: location, from: hop, hops: hops) {
        case .success(let made): next = made
        case .failure(let error): return .fail(error)
        }
        let handler = handler
        // A data task for the redirected hop, never resumed, stands for URLSession's (as for cache
        // handlers); it is cancelled once the handler has answered.
        let task = CachedResponseDecision.DecisionSession.shared.dataTask(with: hop)
        defer { task.cancel() }
        let decided = await CompletionBridge.value(otherwise: URLRequest?.none) { completion in
            handler.task(task, willBeRedirectedTo: next, for: response, completion: completion)
        }
        guard let decided else { return .answer }
        if request?.isCancelled ?? true || Task.isCancelled { return .fail(.explicitlyCancelled) }
        return .follow(decided)
    }

    /// Where a redirect answer points: its `Location` for a `3xx` but `304`; nil for any other answer.
    static func redirectTarget(of answer: HTTPResponse) -> String? {
        guard (300..<400).contains(answer.statusCode), answer.statusCode != 304 else { return nil }
        return answer.headers.value(for: "Location")
    }

    /// The request that follows `answer` to `location`, by the rules the client's own redirects
    /// follow (``HTTPExchange/redirectRequest(after:for:)``), or the error that stops it.
    static func nextHop(after answer: HTTPResponse, to location: String, from hop: URLRequest, hops: Int)
        -> Result<URLRequest, AFError>
    {
        func refuse(_ code: URLError.Code, _ reason: String) -> Result<URLRequest, AFError> {
            let failure = HTTPError.TransportFailure(request: HTTPError.RequestSummary(hop), code: code, reason: reason)
            return .failure(AFError(HTTPError.transport(failure)))
        }
        guard hops <= HTTPExchange.maximumRedirects else {
            return refuse(.httpTooManyRedirects, "more than \(HTTPExchange.maximumRedirects) redirects")
        }
        guard let target = URL(string: location, relativeTo: answer.url ?? hop.url)?.absoluteURL else {
            return refuse(.badURL, "the redirect's Location is not a URL: \(location.prefix(200))")
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return refuse(.unsupportedURL, "the redirect leads to neither http nor https: \(location.prefix(200))")
        }
        guard target.host?.isEmpty == false else {
            return refuse(.badURL, "the redirect's Location names no host: \(location.prefix(200))")
        }
        return .success(HTTPExchange.follow(hop, to: target, status: answer.statusCode))
    }
}
