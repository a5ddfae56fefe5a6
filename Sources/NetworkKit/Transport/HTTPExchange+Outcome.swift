import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPExchange {
    /// Sends the exchange through `transport` and returns the head (with the sink's body), or why it
    /// failed; cancelling the calling task cancels the exchange.
    func run(on transport: any HTTPTransport) async -> Result<HTTPResponse, HTTPError> {
        guard !Task.isCancelled else {
            let error = HTTPError.cancelled(HTTPError.RequestSummary(outgoing.base))
            return .failure(sink.end(error).failure ?? error)
        }
        let result = await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let checks = pins.isEmpty ? false : transport.checksServerTrust
                let done = state.withLock { state -> Result<HTTPResponse, HTTPError>? in
                    if let outcome = state.outcome { return outcome }
                    // Sent already and still on its way: the first caller waits for it.
                    guard state.continuation == nil else { return .failure(sentTwice) }
                    state.transportChecksServerTrust = checks
                    state.continuation = continuation
                    return nil
                }
                if let done { return continuation.resume(returning: done) }
                transport.send(self)
            }
        } onCancel: {
            cancel()
        }
        // A transport can miss a cancellation that arrives while it sets the request up.
        if Task.isCancelled, case .success = result {
            return .failure(.cancelled(HTTPError.RequestSummary(outgoing.base)))
        }
        return result
    }

    /// The error of a second ``run(on:)`` while the first is under way: an exchange is sent once.
    private var sentTwice: HTTPError {
        .transport(
            HTTPError.TransportFailure(
                request: HTTPError.RequestSummary(outgoing.base), code: .unknown,
                reason: "the exchange is being sent already; make an exchange for each attempt"))
    }

    /// Whether a final response head was received.
    var hasResponse: Bool { state.withLock { $0.response != nil } }

    /// The exchange's result once the transport completed with `error`.
    func outcome(of error: (any Error)?) -> Result<HTTPResponse, HTTPError> {
        let summary = HTTPError.RequestSummary(outgoing.base)
        let (response, decision, errorBody, received) = state.withLock {
            ($0.response, $0.decision, $0.errorBody, $0.received)
        }
        let duration = start.duration(to: .now)
        let failure: HTTPError
        switch (decision, response) {
        case (.fail(let reason)?, _):
            failure = reason
        case (.rejectStatus?, let response?):
            failure = .unacceptableStatus(
                HTTPError.StatusFailure(
                    HTTPResponse(outgoing: outgoing, head: response, body: errorBody, duration: duration)))
        case (.finish?, let response?):
            return finish(response, duration: duration)
        case (_, let response?) where error == nil:
            return finish(response, duration: duration)
        default:
            if error != nil, isCancelled {
                // Cancelled by the caller: whatever the transport ran into meanwhile (a refused
                // connection, say) is not the answer. (The exchange's own refusals won above.)
                failure = .cancelled(summary)
            } else if let error {
                failure = Self.failure(error, summary: summary, response: response, received: received)
            } else {
                failure = .transport(
                    HTTPError.TransportFailure(request: summary, code: .badServerResponse, reason: "no response"))
            }
        }
        return .failure(sink.end(failure).failure ?? failure)
    }

    /// A transport's error as an ``HTTPError``, with the same code whichever transport saw it:
    /// - a head over the transport's bound (``HTTPError/responseHeadLimitKey``) is
    ///   ``HTTPError/TransferFailureReason/responseHeadTooLarge(limit:)``;
    /// - a body that stopped short of its `Content-Length` (which FoundationNetworking reports as an
    ///   unknown error) is a lost connection, saying how much arrived, so retriers treat it as one;
    /// - a chunked or unframed body that broke off (a malformed chunk: an unknown error from
    ///   FoundationNetworking, a receive error from libcurl) is a lost connection too.
    private static func failure(
        _ error: any Error, summary: HTTPError.RequestSummary, response: ResponseHead?, received: Int64
    ) -> HTTPError {
        if response == nil, let tooLarge = HTTPError.responseHeadTooLarge(reportedBy: error, summary: summary) {
            return tooLarge
        }
        let code = TransportErrors.code(of: error)
        if let expected = response?.expectedContentLength, expected > received,
            code == .unknown || code == .networkConnectionLost
        {
            return .transport(
                HTTPError.TransportFailure(
                    request: summary, code: .networkConnectionLost,
                    reason: "the connection closed after \(received) of \(expected) bytes of the body"))
        }
        if response != nil, code == .unknown {
            return TransportErrors.error(for: error, code: .networkConnectionLost, summary: summary)
        }
        return TransportErrors.error(for: error, code: code, summary: summary)
    }

    private func finish(_ response: ResponseHead, duration: Duration) -> Result<HTTPResponse, HTTPError> {
        sink.end(nil).map { body in HTTPResponse(outgoing: outgoing, head: response, body: body, duration: duration) }
    }
}

/// How a transport's errors become ``HTTPError``s.
enum TransportErrors {
    /// The ``HTTPError`` for a transport error whose code is `code`.
    static func error(for error: any Error, code: URLError.Code, summary: HTTPError.RequestSummary) -> HTTPError {
        switch code {
        case .cancelled:
            return .cancelled(summary)
        case .timedOut:
            return .timedOut(summary)
        default:
            let reason = (error as NSError).localizedDescription
            return .transport(HTTPError.TransportFailure(request: summary, code: code, reason: reason))
        }
    }

    /// URLSession's error code for `error`, `.unknown` when it has none.
    static func code(of error: any Error) -> URLError.Code {
        (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code) ?? .unknown
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
