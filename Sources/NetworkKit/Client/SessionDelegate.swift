import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session's delegate: absorbs FoundationNetworking's authentication-challenge trap.
///
/// On Linux a `401` with `WWW-Authenticate: Basic` and no stored credential makes the task wait
/// forever for the challenge, and cancelling the challenge reports `cancelled` instead of the 401.
/// This delegate cancels such challenges and keeps each challenge's `failureResponse` with the
/// task's original request, so the loader can deliver the 401 itself.
final class SessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    /// Challenged requests not yet claimed, oldest first; capped so that unclaimed ones (whose
    /// caller was cancelled meanwhile) cannot pile up.
    private let challenged = Locked<[(request: URLRequest, response: HTTPURLResponse)]>([])
    private static var limit: Int { 1024 }

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
        #endif
        completionHandler(.performDefaultHandling, nil)
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
}
