public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

// MARK: - Sending, closing and pinging

extension WebSocketRequest {
    /// Sends a message, or keeps it until the connection is open: messages go out in the order they
    /// were given, those sent before the handshake right after it.
    ///
    /// ```swift
    /// socket.send(.string("hello"), queue: .main) { result in
    ///     if case .failure(let error) = result { print(error) }
    /// }
    /// ```
    ///
    /// Unlike Alamofire's, which drops the handler of a message given to a cancelled or finished
    /// request, the handler is always called: with a failure (``WebSocketError/Reason/notOpen``) when
    /// the message was not sent.
    ///
    /// - Parameters:
    ///   - message: The message, text or binary.
    ///   - queue: Where `completionHandler` runs; the main queue by default.
    ///   - completionHandler: Called once the message was written, or with why it was not.
    public func send(
        _ message: URLSessionWebSocketTask.Message, queue: DispatchQueue = .main,
        completionHandler: @escaping @Sendable (Result<Void, any Error>) -> Void
    ) {
        let outgoing = Outgoing(message: message, queue: queue, completionHandler: completionHandler)
        guard !(isCancelled || isFinished) else { return Self.refuse(outgoing, WebSocketError(.notOpen)) }
        if case .terminated = outboxInput.yield(outgoing) { Self.refuse(outgoing, WebSocketError(.notOpen)) }
    }

    /// Closes the connection with a close handshake: the request moves to ``Request/State/cancelled``
    /// (as Alamofire's), its handlers get ``Event/Kind/disconnected(closeCode:reason:)`` with the
    /// server's answer, then a completion without an error.
    ///
    /// Before the handshake finished, the request stops and completes without an error. A code that
    /// may not be sent (`.invalid`, `.noStatusReceived`, `.abnormalClosure`, `.tlsHandshakeFailure`)
    /// is sent as `.normalClosure`; the reason is read as UTF-8 and cut to 123 bytes.
    ///
    /// - Parameters:
    ///   - closeCode: The code to send.
    ///   - reason: The reason; nil for none.
    /// - Returns: This request.
    @discardableResult
    public func close(sending closeCode: URLSessionWebSocketTask.CloseCode, reason: Data? = nil) -> Self {
        let moved = mutableState.withLock { state -> Bool in
            guard state.state.canTransitionTo(.cancelled) else { return false }
            state.state = .cancelled
            return true
        }
        guard moved else { return self }
        emit { [self] in $0.requestDidCancel(self) }
        let code = WebSocketCloseCode(sending: closeCode)
        let text = reason.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let socket = socketState.withLock { state in
            state.closing = (code, text)
            return state.socket
        }
        unpark()
        if let socket {
            Task { await socket.close(code: code, reason: text) }
        } else if let task = run.task {
            task.cancel()
        } else {
            outboxInput.finish()
            startSending(through: nil)
            finish(.answered, of: run)
        }
        return self
    }

    /// Sends a ping and reports its pong.
    ///
    /// - Parameters:
    ///   - queue: Where `onResponse` runs; the main queue by default.
    ///   - onResponse: Called once: ``PingResponse/pong(_:)`` with its timing, ``PingResponse/error(_:)``
    ///     when the connection ended first, or ``PingResponse/unsent`` when the request is not
    ///     running or not connected yet (where Alamofire's never calls it).
    public func sendPing(
        respondingOn queue: DispatchQueue = .main, onResponse: @escaping @Sendable (PingResponse) -> Void
    ) {
        guard isResumed, let socket = webSocket else {
            queue.async { onResponse(.unsent) }
            return
        }
        Task {
            let start = Date()
            let clock = ContinuousClock.now
            do throws(WebSocketError) {
                try await socket.ping()
                let elapsed = clock.duration(to: .now).components
                let latency = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                let pong = PingResponse.Pong(start: start, end: Date(), latency: latency)
                queue.async { onResponse(.pong(pong)) }
            } catch {
                queue.async { onResponse(.error(error)) }
            }
        }
    }

    /// Starts the one task that sends the outbox's messages in order: through `socket`, or, when the
    /// request ended without a connection (nil), failing each of them.
    func startSending(through socket: WebSocket?) {
        let starts = socketState.withLock { state -> Bool in
            defer { state.sending = true }
            return !state.sending
        }
        guard starts else { return }
        let outbox = outbox
        Task {
            for await outgoing in outbox {
                guard let socket else {
                    Self.refuse(outgoing, WebSocketError(.notOpen))
                    continue
                }
                guard let message = WebSocketMessage(outgoing.message) else {
                    let description = String(describing: outgoing.message)
                    Self.refuse(
                        outgoing, DecodableWebSocketMessageDecoder<Data>.Error.unknownMessage(description: description))
                    continue
                }
                do throws(WebSocketError) {
                    try await socket.send(message)
                    outgoing.queue.async { outgoing.completionHandler(.success(())) }
                } catch {
                    Self.refuse(outgoing, error)
                }
            }
        }
    }

    /// Tells `outgoing`'s handler that it was not sent.
    static func refuse(_ outgoing: Outgoing, _ error: any Error) {
        outgoing.queue.async { outgoing.completionHandler(.failure(error)) }
    }
}
