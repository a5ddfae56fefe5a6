import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one transfer task does with its URLSession callbacks (see ``TransferAttempt``).
///
/// The callbacks of one task come in order on the session's serial delegate queue; adopters must
/// return quickly and never wait for the session (see ``TransferDelegateQueue``).
protocol TransferHandler: AnyObject, Sendable {
    /// The response head; false cancels the task.
    func didReceive(_ response: HTTPURLResponse) -> Bool
    /// The next piece of the body, decompressed.
    func didReceive(_ data: Data)
    /// The next piece of the body, in a buffer valid only during the call (libcurl's), so a file sink
    /// copies it once.
    func didReceive(bytes: UnsafeRawBufferPointer)
    /// Body bytes sent so far.
    func didSend(totalBytes: Int64)
    /// Linux: the server answered with an authentication challenge, which is cancelled; this is its
    /// response (a 401), and the task then completes as cancelled.
    func didRefuseChallenge(_ response: HTTPURLResponse)
    /// The request (or a redirect of it) was refused for its host's pins; the task then ends
    /// cancelled or with the redirect response, and the transfer fails with `error` instead.
    func didFailPinning(_ error: HTTPError)
    /// A fresh body stream, when URLSession asks for one (a streamed upload that is redirected).
    func newBodyStream() -> InputStream?
    /// The task ended; nil when it succeeded.
    func didComplete(_ error: (any Error)?)
}

/// The transfer session's delegate: routes each task's callbacks to its ``TransferHandler``, and
/// enforces the client's public-key pins as ``SessionDelegate`` does for data requests.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let handlers = Locked<[Int: any TransferHandler]>([:])
    private let pins: PublicKeyPins

    init(pins: PublicKeyPins) {
        self.pins = pins
    }

    /// Routes `task`'s callbacks to `handler` until it completes; call before resuming the task.
    func register(_ handler: any TransferHandler, for task: URLSessionTask) {
        handlers.withLock { $0[task.taskIdentifier] = handler }
    }

    private func handler(of task: URLSessionTask) -> (any TransferHandler)? {
        handlers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let handler = handler(of: dataTask), let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return
        }
        completionHandler(handler.didReceive(http) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        handler(of: dataTask)?.didReceive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        handler(of: task)?.didSend(totalBytes: totalBytesSent)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(handler(of: task)?.newBodyStream())
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // As for data requests (see SessionDelegate): FoundationNetworking would wait forever.
            if let response = challenge.failureResponse as? HTTPURLResponse {
                handler(of: task)?.didRefuseChallenge(response)
                completionHandler(.cancelAuthenticationChallenge, nil)
                return
            }
        #elseif canImport(Security)
            switch pins.answer(challenge, for: task) {
            case .accept(let credential)?:
                completionHandler(.useCredential, credential)
                return
            case .refuse(let error)?:
                handler(of: task)?.didFailPinning(error)
                completionHandler(.cancelAuthenticationChallenge, nil)
                return
            case nil:
                break
            }
        #endif
        completionHandler(.performDefaultHandling, nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        if let error = pins.refusal(of: request, for: task.originalRequest) {
            handler(of: task)?.didFailPinning(error)
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let handler = handlers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        handler?.didComplete(error)
    }
}
