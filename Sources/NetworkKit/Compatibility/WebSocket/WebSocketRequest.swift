import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `WebSocketRequest`: a WebSocket connection over ``HTTPClient/webSocket(_:configuration:)-(URLRequest,_)``,
/// made by ``Session/webSocketRequest(to:configuration:headers:interceptor:shouldAutomaticallyResume:requestModifier:)``.
///
/// The handshake is an attempt like any request's: the session's interceptor, then the request's,
/// adapt it and retry it after a refusal (a `401` reaches retriers as
/// ``AFError/ResponseValidationFailureReason/unacceptableStatusCode(code:)``), and beneath them the
/// client's adapters, retriers, cookies, monitors, trust anchors, pins and proxy apply. Redirects
/// follow the client's rules; a ``RedirectHandler`` is not asked about them. Handlers get the events
/// of ``Event`` in order on their queue, after the session's serialization queue; the first handler
/// added starts the request unless it was made not to. While it is suspended no message is read
/// (a handshake under way still finishes), so the server is held back by TCP.
///
/// ```swift
/// let socket = AF.webSocketRequest(to: "wss://example.com/chat", configuration: .protocol("chat.v2"))
/// socket.send(.string("hello")) { _ in }          // sent once connected
/// socket.streamMessages { message in print(message) }
/// socket.close(sending: .normalClosure)
/// ```
///
/// Where it differs from Alamofire's (which is `@_spi(WebSocket)` and Apple-only): it is public API
/// and runs on Linux; messages and close codes are Foundation's `URLSessionWebSocketTask` types
/// (FoundationNetworking has them), so a close code Foundation has no case for (3000–4999) is
/// reported as `.invalid`; ``webSocket`` gives NetworkKit's connection with the exact code;
/// ``send(_:queue:completionHandler:)`` on a closed request reports a failure instead of dropping the
/// handler; the automatic ping ends a connection whose pong does not come back.
///
/// - Note: Sendable as ``Request`` is: its stored properties are `let`s of `Sendable` types, and
///   what changes is in `socketState`, a lock box.
public final class WebSocketRequest: Request, @unchecked Sendable {
    /// What the connection reports, before each handler's serializer reads it.
    enum IncomingEvent: Sendable {
        case connected(protocol: String?)
        case receivedMessage(URLSessionWebSocketTask.Message)
        case disconnected(closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?)
        case completed(Completion)
    }

    /// A message waiting to be sent, with the handler told when it was.
    struct Outgoing: Sendable {
        let message: URLSessionWebSocketTask.Message
        let queue: DispatchQueue
        let completionHandler: @Sendable (Result<Void, any Error>) -> Void
    }

    struct SocketState {
        /// Each stream handler's way in for an event.
        var handlers: [@Sendable (IncomingEvent, WebSocketRequest) -> Void] = []
        /// The open connection.
        var socket: WebSocket?
        /// The close frame ``close(sending:reason:)`` asked for.
        var closing: (code: WebSocketCloseCode, reason: String)?
        /// Whether a task sends the outbox's messages.
        var sending = false
        /// The receiving loop, waiting for the request to be resumed.
        var parked: [CheckedContinuation<Void, Never>] = []
    }

    /// What the handshake's `URLRequest` is made from.
    public let convertible: any URLRequestConvertible
    /// The subprotocol, limit and automatic ping.
    public let configuration: Configuration

    let socketState = Locked(SocketState())
    let run = RequestRun()
    /// Messages to send, in order; they wait here until the connection is open.
    let outbox: AsyncStream<Outgoing>
    let outboxInput: AsyncStream<Outgoing>.Continuation

    init(
        id: UUID = UUID(), convertible: any URLRequestConvertible, configuration: Configuration,
        underlyingQueue: DispatchQueue, serializationQueue: DispatchQueue, eventMonitor: (any EventMonitor)?,
        interceptor: (any RequestInterceptor)?, shouldAutomaticallyResume: Bool?, delegate: any RequestDelegate
    ) {
        self.convertible = convertible
        self.configuration = configuration
        (outbox, outboxInput) = AsyncStream.makeStream(of: Outgoing.self)
        super.init(
            id: id, underlyingQueue: underlyingQueue, serializationQueue: serializationQueue,
            eventMonitor: eventMonitor, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume,
            delegate: delegate)
    }

    /// NetworkKit's connection once the handshake succeeded (nil before, and after a failed one):
    /// its exact ``WebSocket/closeCode``, ``WebSocket/negotiatedProtocol`` and handshake
    /// ``WebSocket/response``. Not in Alamofire.
    public var webSocket: WebSocket? { socketState.withLock { $0.socket } }

    // MARK: - Running

    override func didResume() {
        unpark()
        if run.hasStarted { deliver(run) } else { begin() }
    }

    override func didCancel() {
        unpark()
        if let socket = socketState.withLock({ $0.socket }) {
            socket.cancel()
        } else if let task = run.task {
            task.cancel()
        } else {
            end(.failed(.explicitlyCancelled))
        }
    }

    private func begin() {
        let task = Task { [self] in
            let urlRequest: URLRequest
            do {
                urlRequest = try convertible.asURLRequest()
            } catch {
                let failure = Self.creationError(error)
                emit { [self] in $0.request(self, didFailToCreateURLRequestWithError: failure) }
                return end(.failed(failure))
            }
            emit { [self] in $0.request(self, didCreateInitialURLRequest: urlRequest) }
            let sent = authenticated(urlRequest)
            didCreate(sent)
            guard let session = delegate as? Session else { return end(.failed(.sessionDeinitialized)) }
            let client = session.client
            let opened = Locked<WebSocket?>(nil)
            let steps = AttemptSteps(
                transfer: { [self] attempt in await open(attempt, through: client, into: opened) },
                receive: { _ in nil })
            let outcome = await session.send(sent, for: self, steps: steps)
            guard case .answered = outcome, let socket = opened.withLock({ $0 }) else {
                let closing = socketState.withLock { $0.closing != nil }
                if closing { return end(.answered) }
                if case .failed(let error) = outcome { return end(.failed(error)) }
                return end(.failed(.sessionTaskFailed(error: WebSocketError(.handshakeFailed(.connectionClosed)))))
            }
            await listen(to: socket)
        }
        run.keep(task)
    }

    /// One attempt at the handshake: the socket goes to `opened`, the `101` answer is recorded.
    private func open(_ attempt: URLRequest, through client: HTTPClient, into opened: Locked<WebSocket?>) async
        -> Result<HTTPResponse, AFError>
    {
        let settings = configuration.webSocketConfiguration
        // The client's redirect rules apply: a RedirectHandler cannot be asked, as a refused
        // handshake does not say where a redirect led.
        let result = await RedirectOverride.$followsRedirects.withValue(nil) {
            () async -> Result<WebSocket, WebSocketError> in
            do throws(WebSocketError) {
                return .success(try await client.webSocket(attempt, configuration: settings))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let socket):
            opened.withLock { $0 = socket }
            mutableState.withLock { $0.response = Self.urlResponse(of: socket.response) }
            return .success(socket.response)
        case .failure(let error):
            if case .handshakeFailed(.unexpectedStatus(let status)) = error.reason, let url = attempt.url,
                let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)
            {
                mutableState.withLock { $0.response = LazyURLResponse(made: response) }
            }
            return .failure(Self.failure(of: error))
        }
    }

    /// The ``AFError`` a refused or failed handshake reports.
    static func failure(of error: WebSocketError) -> AFError {
        switch error.reason {
        case .requestFailed(let failure): AFError(failure)
        case .handshakeFailed(.unexpectedStatus(let status)):
            .responseValidationFailed(reason: .unacceptableStatusCode(code: status))
        default: .sessionTaskFailed(error: error)
        }
    }

    /// Tells the handlers about the open connection, sends what waits in the outbox, and reads
    /// messages until the connection ends.
    private func listen(to socket: WebSocket) async {
        let closing = socketState.withLock { state in
            state.socket = socket
            return state.closing
        }
        if let closing {
            await socket.close(code: closing.code, reason: closing.reason)
            return end(.answered)
        }
        if isCancelled {
            socket.cancel()
            return end(.failed(.explicitlyCancelled))
        }
        dispatch(.connected(protocol: socket.negotiatedProtocol))
        startSending(through: socket)
        do throws(WebSocketError) {
            while true {
                await waitWhileSuspended()
                guard let message = try await socket.receive() else { break }
                dispatch(.receivedMessage(URLSessionWebSocketTask.Message(message)))
            }
            let reason = socket.closeReason.flatMap { $0.isEmpty ? nil : Data($0.utf8) }
            let code = URLSessionWebSocketTask.CloseCode(socket.closeCode ?? .noStatusReceived)
            dispatch(.disconnected(closeCode: code, reason: reason))
            end(.answered)
        } catch {
            let closing = socketState.withLock { $0.closing != nil }
            if closing, error.reason == .cancelled {
                end(.answered)
            } else if isCancelled, !closing {
                end(.failed(.explicitlyCancelled))
            } else {
                end(.failed(.sessionTaskFailed(error: error)))
            }
        }
    }

    /// Hands `event` to every stream handler.
    func dispatch(_ event: IncomingEvent) {
        for handler in socketState.withLock({ $0.handlers }) { handler(event, self) }
    }

    /// Ends the request: the handlers are dropped, the outbox closed (what waits in it fails), the
    /// error recorded, and the completion handed to the handlers.
    private func end(_ outcome: RequestOutcome) {
        // No event follows the completion: the handlers (and what they hold) can go.
        socketState.withLock { $0.handlers = [] }
        outboxInput.finish()
        startSending(through: nil)
        if case .failed(let error) = outcome {
            finish(outcome, of: run, cancelledError: error)
        } else {
            finish(outcome, of: run)
        }
    }

    // MARK: - Pausing

    /// Waits while the request is suspended: the connection's reading stops with it.
    private func waitWhileSuspended() async {
        await withCheckedContinuation { continuation in
            let parked = socketState.withLock { state -> Bool in
                guard isSuspended else { return false }
                state.parked.append(continuation)
                return true
            }
            if !parked { continuation.resume() }
        }
    }

    func unpark() {
        let parked = socketState.withLock { state in
            defer { state.parked = [] }
            return state.parked
        }
        for continuation in parked { continuation.resume() }
    }
}
