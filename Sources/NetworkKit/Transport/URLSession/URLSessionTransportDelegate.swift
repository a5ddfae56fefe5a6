import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession transport's delegate: starts each exchange's task, hands its callbacks to the
/// ``HTTPExchange``, asks it about redirects and server trust, and absorbs FoundationNetworking's
/// authentication-challenge trap.
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

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(of: dataTask), let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        completionHandler(exchange.receive(http) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(of: dataTask)?.receive(data)
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
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let exchange = exchange(of: task), exchange.followsRedirects else { return completionHandler(nil) }
        completionHandler(exchange.redirectRequest(after: response, for: task.currentRequest ?? exchange.request))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
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
