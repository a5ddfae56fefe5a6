import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a transfer does with a response head, decided by its ``TransferSink``.
enum HeadDecision: Sendable {
    /// The body goes to the sink.
    case accept
    /// The status is not acceptable: the body (its first MiB) is kept for the error, not the sink.
    case rejectStatus
    /// Stop now and fail with this error.
    case fail(HTTPError)
    /// Stop now: there is nothing more to receive (a resumed download that was already whole).
    case finish
}

/// Where the body of one transfer goes: a file, a stream, memory.
///
/// A sink's methods are called in order on the transfer session's delegate queue: ``begin(_:)``
/// at most once, ``write(_:)`` for each piece of an accepted body, ``end(_:)`` exactly once.
protocol TransferSink: Sendable {
    /// Decides what happens with the response.
    func begin(_ response: HTTPURLResponse) -> HeadDecision
    /// Takes a piece of an accepted body; an error stops the transfer with it.
    func write(_ data: Data) -> HTTPError?
    /// Takes a piece of an accepted body from a buffer valid only during the call.
    func write(bytes: UnsafeRawBufferPointer) -> HTTPError?
    /// The transfer is over: `failure` is nil when the whole body arrived. Returns the body to keep
    /// in the response (empty when it went elsewhere), or the error the transfer ends with.
    func end(_ failure: HTTPError?) -> Result<Data, HTTPError>
}

extension TransferSink {
    func write(bytes: UnsafeRawBufferPointer) -> HTTPError? {
        write(Data(bytes))
    }
}

/// One URLSession task of a transfer: feeds its sink and turns its outcome into a result.
final class TransferAttempt: TransferHandler {
    /// The most of an error response's body kept for ``HTTPError/StatusFailure/body``.
    static let errorBodyLimit = 1 << 20

    private struct State {
        var response: HTTPURLResponse?
        var decision: HeadDecision?
        var errorBody = Data()
        /// Body bytes received, to tell a body cut short from other failures.
        var received: Int64 = 0
        var challenged: HTTPURLResponse?
        var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>?
        var outcome: Result<HTTPResponse, HTTPError>?
    }

    let request: URLRequest
    private let sink: any TransferSink
    private let bodyStream: (@Sendable () -> InputStream?)?
    private let sent: (@Sendable (Int64) -> Void)?
    private let state = Locked(State())
    /// Cancels the task (or libcurl transfer) once made, and whether it was cancelled before, so a
    /// cancellation always reaches it.
    private let task = Locked<(cancel: (@Sendable () -> Void)?, cancelled: Bool)>((nil, false))
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// - Parameters:
    ///   - request:    The request as sent (after adapters).
    ///   - sink:       Where the body goes.
    ///   - bodyStream: Makes the body stream again, for a streamed upload.
    ///   - sent:       Told how many body bytes were sent so far, for an upload.
    init(
        request: URLRequest, sink: any TransferSink, bodyStream: (@Sendable () -> InputStream?)? = nil,
        sent: (@Sendable (Int64) -> Void)? = nil
    ) {
        self.request = request
        self.sink = sink
        self.bodyStream = bodyStream
        self.sent = sent
        start = clock.now
    }

    /// Runs the task `makeTask` creates on the session and returns the head (with the sink's body),
    /// or why it failed; cancelling the calling task cancels it. When the session's transfers go
    /// through libcurl (see ``TransferEngine``), a ``CurlTransfer`` sends the request with `body`
    /// instead and `makeTask` is not called.
    ///
    /// The task is made, resumed and cancelled on a Dispatch thread: FoundationNetworking does all
    /// three with `sync` on its work queue, which may be busy, and which runs the delegate callbacks
    /// (see ``TransferDelegateQueue``), so neither Swift's cooperative threads nor a callback ever
    /// wait for it.
    func run(
        on transfers: TransferSession, body: TransferBody = .none,
        makeTask: @escaping @Sendable (URLSession) -> URLSessionTask
    ) async -> Result<HTTPResponse, HTTPError> {
        let summary = HTTPError.RequestSummary(request)
        guard !Task.isCancelled else { return finishWithoutTask(.cancelled(summary)) }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state -> Result<HTTPResponse, HTTPError>? in
                    if state.outcome == nil { state.continuation = continuation }
                    return state.outcome
                }
                if let done {
                    continuation.resume(returning: done)
                    return
                }
                #if os(Linux)
                    if let curl = transfers.curl {
                        let transfer = CurlTransfer(pool: curl, request: request, body: body, handler: self)
                        let cancelled = self.task.withLock { handle -> Bool in
                            handle.cancel = { transfer.cancel() }
                            return handle.cancelled
                        }
                        if cancelled { transfer.cancel() }
                        transfer.start()
                        return
                    }
                #endif
                DispatchQueue.global().async { [self] in
                    let task = makeTask(transfers.session)
                    let cancelled = self.task.withLock { handle -> Bool in
                        handle.cancel = { DispatchQueue.global().async { task.cancel() } }
                        return handle.cancelled
                    }
                    transfers.delegate.register(self, for: task)
                    task.resume()
                    if cancelled { task.cancel() }
                }
            }
        } onCancel: {
            cancelTask()
        }
        // FoundationNetworking can miss a cancellation that arrives while it sets the task up.
        if Task.isCancelled, case .success = result { return .failure(.cancelled(summary)) }
        return result
    }

    /// The outcome when no task was started: the sink still ends.
    private func finishWithoutTask(_ error: HTTPError) -> Result<HTTPResponse, HTTPError> {
        .failure(sink.end(error).failure ?? error)
    }

    // MARK: - Callbacks

    func didReceive(_ response: HTTPURLResponse) -> Bool {
        // Refused for its pins: the response is a redirect that was not followed; the sink never
        // sees it.
        let refused = state.withLock { state -> Bool in
            if case .fail? = state.decision { return true }
            return false
        }
        guard !refused else { return false }
        let decision = sink.begin(response)
        state.withLock { state in
            state.response = response
            state.decision = decision
        }
        switch decision {
        case .accept, .rejectStatus: return true
        case .fail, .finish: return false
        }
    }

    func didReceive(_ data: Data) {
        receive(data.count, write: { sink.write(data) }, keep: { room, body in body.append(data.prefix(room)) })
    }

    func didReceive(bytes: UnsafeRawBufferPointer) {
        receive(
            bytes.count, write: { sink.write(bytes: bytes) },
            keep: { room, body in
                guard let base = bytes.baseAddress else { return }
                body.append(base.assumingMemoryBound(to: UInt8.self), count: min(room, bytes.count))
            })
    }

    /// A piece of `count` bytes of the body, whichever form it came in: `write` gives it to the sink
    /// as it came (URLSession's `Data` to `write(_:)`, which a file sink hands to its writer's
    /// thread; libcurl's buffer to `write(bytes:)`, which a file sink writes on libcurl's thread),
    /// `keep` adds at most `room` bytes of it to an error response's body.
    private func receive(_ count: Int, write: () -> HTTPError?, keep: (_ room: Int, _ body: inout Data) -> Void) {
        let decision = state.withLock { state in
            state.received += Int64(count)
            return state.decision
        }
        switch decision {
        case .accept?:
            guard let error = write() else { return }
            state.withLock { $0.decision = .fail(error) }
            cancelTask()
        case .rejectStatus?:
            state.withLock { state in
                let room = Self.errorBodyLimit - state.errorBody.count
                if room > 0 { keep(room, &state.errorBody) }
            }
        case .fail?, .finish?, nil:
            break
        }
    }

    func didSend(totalBytes: Int64) {
        sent?(totalBytes)
    }

    func didRefuseChallenge(_ response: HTTPURLResponse) {
        state.withLock { $0.challenged = response }
    }

    func didFailPinning(_ error: HTTPError) {
        state.withLock { $0.decision = .fail(error) }
    }

    func newBodyStream() -> InputStream? {
        bodyStream?()
    }

    func didComplete(_ error: (any Error)?) {
        task.withLock { $0.cancel = nil }  // it may hold the transfer, which holds this attempt
        let outcome = outcome(of: error)
        let continuation = state.withLock { state -> CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>? in
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }

    /// Cancels the task, a URLSession task from a Dispatch thread (FoundationNetworking's `cancel()`
    /// waits for its work queue, which may be the caller's); completion then carries the sink's error
    /// when one decided.
    private func cancelTask() {
        let cancel = self.task.withLock { handle -> (@Sendable () -> Void)? in
            handle.cancelled = true
            return handle.cancel
        }
        cancel?()
    }

    // MARK: - Outcome

    private func outcome(of error: (any Error)?) -> Result<HTTPResponse, HTTPError> {
        let summary = HTTPError.RequestSummary(request)
        var (response, decision, errorBody, challenged, received) = state.withLock {
            ($0.response, $0.decision, $0.errorBody, $0.challenged, $0.received)
        }
        var error = error
        if response == nil, let challenged {
            // Linux's refused challenge: the 401 is the answer, validated like any other.
            response = challenged
            decision = sink.begin(challenged)
            error = nil
        }
        let duration = start.duration(to: clock.now)
        let failure: HTTPError
        switch (decision, response) {
        case (.fail(let reason)?, _):
            failure = reason
        case (.rejectStatus?, let response?):
            let head = HTTPResponse(request: request, http: response, body: errorBody, duration: duration)
            failure = .unacceptableStatus(
                HTTPError.StatusFailure(
                    request: summary, statusCode: head.statusCode, headers: head.headers, body: errorBody))
        case (.finish?, let response?):
            return finish(response, duration: duration)
        case (_, let response?) where error == nil:
            return finish(response, duration: duration)
        default:
            if let error {
                failure = Self.failure(error, summary: summary, response: response, received: received)
            } else {
                failure = .transport(
                    HTTPError.TransportFailure(request: summary, code: .badServerResponse, reason: "no response"))
            }
        }
        return .failure(sink.end(failure).failure ?? failure)
    }

    /// URLSession's error as an ``HTTPError``; a body that stopped short of its `Content-Length`
    /// (which FoundationNetworking reports as an unknown error) is a lost connection, saying how
    /// much arrived, so retriers treat it as one.
    private static func failure(
        _ error: any Error, summary: HTTPError.RequestSummary, response: HTTPURLResponse?, received: Int64
    ) -> HTTPError {
        let code = DataLoader.code(of: error)
        if let expected = response?.expectedContentLength, expected > received,
            code == .unknown || code == .networkConnectionLost
        {
            return .transport(
                HTTPError.TransportFailure(
                    request: summary, code: .networkConnectionLost,
                    reason: "the connection closed after \(received) of \(expected) bytes of the body"))
        }
        return DataLoader.error(for: error, code: code, summary: summary)
    }

    private func finish(_ response: HTTPURLResponse, duration: Duration) -> Result<HTTPResponse, HTTPError> {
        sink.end(nil).map { body in HTTPResponse(request: request, http: response, body: body, duration: duration) }
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
