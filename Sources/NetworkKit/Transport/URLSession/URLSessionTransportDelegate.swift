import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession transport's delegate: starts each exchange's tasks, hands their callbacks to the
/// ``HTTPExchange``, asks it about redirects and server trust, and absorbs FoundationNetworking's
/// authentication-challenge trap.
///
/// A redirect that keeps the method and the body (`307`, `308`, a `301` or `302` of a `PUT`) is
/// followed with a new task that sends the body again from its start (a stream made afresh). The
/// redirect is refused to URLSession, which then ends the task with the redirect as its response and
/// that response's body (Apple documents this for a `nil` answer to the redirect callback, and
/// FoundationNetworking does it): FoundationNetworking sends a followed redirect's next hop without
/// any body, and Apple's documentation does not say that a followed redirect sends an upload task's
/// body again (`urlSession(_:task:needNewBodyStream:)` is documented for the first stream, and for a
/// resend after an authentication challenge or another recoverable server error).
///
/// On Linux a `401` with `WWW-Authenticate: Basic` and no stored credential makes the task wait
/// forever for the challenge, and cancelling the challenge reports `cancelled` instead of the 401.
/// This delegate cancels such challenges, gives the challenge's `failureResponse` to the exchange as
/// its head, and completes the exchange without an error when the task then ends cancelled.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Entry {
        let exchange: HTTPExchange
        /// The 401 of a cancelled challenge was delivered as the head.
        var challenged = false
        /// The next hop of a redirect that keeps the body, sent with a new task when this one ends;
        /// this task's response (the redirect) is not the exchange's.
        var nextHop: URLRequest?
    }

    private let entries = Locked<[Int: Entry]>([:])
    /// Whether the session takes new tasks (see `start(_:sending:in:)`).
    let gate = Locked(TaskGate())
    let trustAnchors: TrustAnchors?

    init(trustAnchors: TrustAnchors?) {
        self.trustAnchors = trustAnchors
    }

    /// Routes `task`'s callbacks to `exchange` until it completes; call before resuming the task.
    func register(_ exchange: HTTPExchange, for task: URLSessionTask) {
        entries.withLock { $0[task.taskIdentifier] = Entry(exchange: exchange) }
    }

    func exchange(of task: URLSessionTask) -> HTTPExchange? {
        entries.withLock { $0[task.taskIdentifier]?.exchange }
    }

    /// The exchange that `task`'s response and body are for: nil when the task has none, and when its
    /// response is a redirect followed with a new task.
    private func recipient(of task: URLSessionTask) -> HTTPExchange? {
        entries.withLock { entries in
            guard let entry = entries[task.taskIdentifier], entry.nextHop == nil else { return nil }
            return entry.exchange
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let entry = entries.withLock { $0[dataTask.taskIdentifier] }
        guard let entry, let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        // A redirect followed with a new task: its body is read and dropped, so the task ends cleanly.
        guard entry.nextHop == nil else { return completionHandler(.allow) }
        completionHandler(entry.exchange.receive(http) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        recipient(of: dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(of: task)?.didSend(totalBytes: totalBytesSent)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        guard case .stream(let make, _)? = exchange(of: task)?.body else { return completionHandler(nil) }
        completionHandler(make())
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // FoundationNetworking would wait forever (see above).
            if let response = challenge.failureResponse as? HTTPURLResponse {
                let exchange = entries.withLock { entries -> HTTPExchange? in
                    entries[task.taskIdentifier]?.challenged = true
                    return entries[task.taskIdentifier]?.exchange
                }
                _ = exchange?.receive(response)
                // FoundationNetworking calls this on its work queue and the answer waits for that
                // queue (`sync`): answered inline, as the inline delegate queue would, it never
                // returns.
                DispatchQueue.global().async { completionHandler(.cancelAuthenticationChallenge, nil) }
                return
            }
        #elseif canImport(Security)
            if let exchange = exchange(of: task), let answer = serverTrustAnswer(challenge, exchange: exchange) {
                completionHandler(answer.disposition, answer.credential)
                return
            }
        #endif
        completionHandler(.performDefaultHandling, nil)
    }

    /// Follows a redirect to where the exchange's rules send it, or not at all; the task then ends
    /// with the redirect response, which the exchange refuses with its reason.
    ///
    /// A hop that keeps the body is refused to URLSession (see the type's documentation), and goes
    /// out with a new task when this one ends.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let exchange = exchange(of: task), exchange.followsRedirects else { return completionHandler(nil) }
        let current = task.currentRequest ?? exchange.request
        guard let next = exchange.redirectRequest(after: response, for: current) else { return completionHandler(nil) }
        guard Self.resendsBody(exchange.body, from: current, to: next) else { return completionHandler(next) }
        entries.withLock { $0[task.taskIdentifier]?.nextHop = next }
        completionHandler(nil)
    }

    /// Whether the hop from `request` to `next` sends `body` again: it has one, and the redirect kept
    /// the method.
    static func resendsBody(_ body: HTTPExchange.Body, from request: URLRequest, to next: URLRequest) -> Bool {
        if case .none = body { return false }
        return !HTTPExchange.dropsBody(from: request, to: next)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let next = entry.nextHop, error == nil {
            // The redirect was read whole: its next hop, with the body from its start.
            return start(entry.exchange, sending: next, in: session)
        }
        let error = Self.reported(error, for: entry.exchange)
        // FoundationNetworking ends a redirect whose Location it cannot read without an error, and
        // without showing the response: the exchange's rules judge it as every transport's.
        if error == nil, entry.exchange.followsRedirects, !entry.exchange.hasResponse,
            let redirect = task.response as? HTTPURLResponse,
            (300..<400).contains(redirect.statusCode)
        {
            _ = entry.exchange.redirectRequest(after: redirect, for: task.currentRequest ?? entry.exchange.request)
        }
        // Linux's refused challenge: the 401 was the answer.
        let cancelled = (error as? URLError)?.code == .cancelled
        entry.exchange.complete(entry.challenged && cancelled && !entry.exchange.isCancelled ? nil : error)
    }
}
