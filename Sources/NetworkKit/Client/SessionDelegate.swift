import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session's delegate: absorbs FoundationNetworking's authentication-challenge trap.
///
/// On Linux a `401` with `WWW-Authenticate: Basic` and no stored credential makes the task wait
/// forever for the challenge, and cancelling the challenge reports `cancelled` instead of the 401.
/// This delegate cancels such challenges and keeps the challenge's `failureResponse`, so the loader
/// can deliver the 401 itself.
final class SessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let challengedResponses = Locked<[Int: HTTPURLResponse]>([:])

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            if let response = challenge.failureResponse as? HTTPURLResponse {
                let identifier = task.taskIdentifier
                challengedResponses.withLock { $0[identifier] = response }
                completionHandler(.cancelAuthenticationChallenge, nil)
                return
            }
        #endif
        completionHandler(.performDefaultHandling, nil)
    }

    /// The response of a challenge cancelled for task `identifier`, removed as it is read.
    func takeChallengedResponse(for identifier: Int) -> HTTPURLResponse? {
        challengedResponses.withLock { $0.removeValue(forKey: identifier) }
    }
}
