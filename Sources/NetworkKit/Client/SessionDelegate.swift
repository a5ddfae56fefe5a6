import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session's delegate: absorbs FoundationNetworking's authentication-challenge trap, and
/// enforces the client's public-key pins on redirects and (on Apple platforms) in server-trust
/// challenges.
///
/// On Linux a `401` with `WWW-Authenticate: Basic` and no stored credential makes the task wait
/// forever for the challenge, and cancelling the challenge reports `cancelled` instead of the 401.
/// This delegate cancels such challenges and keeps each challenge's `failureResponse` with the
/// task's original request, so the loader can deliver the 401 itself. A request refused for its
/// pins is kept the same way with its error, which the loader delivers instead of the cancellation
/// (or the redirect response) the task ends with.
final class SessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    /// Challenged requests not yet claimed, oldest first; capped so that unclaimed ones (whose
    /// caller was cancelled meanwhile) cannot pile up.
    private let challenged = Locked<[(request: URLRequest, response: HTTPURLResponse)]>([])
    /// Requests refused for their pins, not yet claimed; capped in the same way.
    private let refused = Locked<[(request: URLRequest, error: HTTPError)]>([])
    private static var limit: Int { 1024 }
    /// The client's pins.
    let pins: PublicKeyPins

    init(pins: PublicKeyPins = PublicKeyPins()) {
        self.pins = pins
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            if let response = challenge.failureResponse as? HTTPURLResponse, let request = task.originalRequest {
                challenged.withLock { list in
                    list.append((request, response))
                    if list.count > Self.limit { list.removeFirst() }
                }
                completionHandler(.cancelAuthenticationChallenge, nil)
                return
            }
        #elseif canImport(Security)
            switch pins.answer(challenge, for: task) {
            case .accept(let credential)?:
                completionHandler(.useCredential, credential)
                return
            case .refuse(let error)?:
                if let request = task.originalRequest { keep(error, for: request) }
                completionHandler(.cancelAuthenticationChallenge, nil)
                return
            case nil:
                break
            }
        #endif
        completionHandler(.performDefaultHandling, nil)
    }

    /// Refuses a redirect to a pinned host whose pins cannot be checked from here; the task then
    /// ends with the redirect response, which the loader replaces with the kept error.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        if let original = task.originalRequest, let error = pins.refusal(of: request, for: original) {
            keep(error, for: original)
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    /// The response of a challenge cancelled for `request`, removed as it is read.
    ///
    /// Identical requests in flight at once are interchangeable here: the same request to the same
    /// server gets the same challenge.
    func takeChallengedResponse(for request: URLRequest) -> HTTPURLResponse? {
        challenged.withLock { list in
            guard let index = list.firstIndex(where: { $0.request == request }) else { return nil }
            return list.remove(at: index).response
        }
    }

    /// The pinning error of `request`, removed as it is read; nil at once when nothing is pinned.
    func takeRefusal(for request: URLRequest) -> HTTPError? {
        guard !pins.isEmpty else { return nil }
        return refused.withLock { list in
            guard let index = list.firstIndex(where: { $0.request == request }) else { return nil }
            return list.remove(at: index).error
        }
    }

    private func keep(_ error: HTTPError, for request: URLRequest) {
        refused.withLock { list in
            list.append((request, error))
            if list.count > Self.limit { list.removeFirst() }
        }
    }
}
