public import Foundation
import InternalServiceUtilities
public import NetworkKit

/// The server's end of one WebSocket connection, as a route's handler gets it: read what the
/// client sends, send it messages, close.
///
/// ```swift
/// server.webSocket("/chat/:room", protocols: ["chat.v2"]) { socket in
///     #expect(socket.negotiatedProtocol == "chat.v2")
///     while let message = try await socket.receive() {
///         try await socket.send(message)           // an echo
///     }
/// }
/// ```
///
/// The connection runs on the server's own thread; the handler runs as a task. While a few
/// received messages wait for ``receive()``, the server stops reading, so a slow handler holds
/// the client back through TCP instead of growing memory; ``send(_:)-(WebSocketMessage)`` waits while more than
/// ``MockBodyWriter/highWater`` bytes are queued for a client that does not read. Pings are
/// answered by the server. When the handler returns, the server closes the connection (1000, or
/// 1011 when it threw).
public final class MockWebSocket: Sendable {
    /// How many received messages may wait for ``receive()`` before the server stops reading.
    static let bufferedMessages = 4

    /// The upgrade request (`GET`, its header fields, its path parameters).
    public let request: MockRequest
    /// The subprotocol the server chose from the route's `protocols`, nil when none.
    public let negotiatedProtocol: String?
    /// Whether permessage-deflate was negotiated.
    public let isCompressed: Bool

    let core: ServerCore
    let connection: Int
    private let shared = Locked(Shared())

    init(core: ServerCore, connection: Int, request: MockRequest, negotiatedProtocol: String?, isCompressed: Bool) {
        self.core = core
        self.connection = connection
        self.request = request
        self.negotiatedProtocol = negotiatedProtocol
        self.isCompressed = isCompressed
    }

    /// The code of the client's close frame (`WebSocketCloseCode.noStatusReceived` for an empty
    /// one) once the close handshake is over; nil before, or when the connection ended without one.
    ///
    /// ```swift
    /// while try await socket.receive() != nil {}
    /// #expect(socket.closeCode == .normalClosure)
    /// ```
    public var closeCode: WebSocketCloseCode? { shared.value.closeCode }

    /// The reason of the client's close frame, once the close handshake is over.
    public var closeReason: String? { shared.value.closeReason }

    /// The next message the client sent.
    ///
    /// ```swift
    /// guard case .string(let text)? = try await socket.receive() else { return }
    /// ```
    ///
    /// - Returns: The message, whole (reassembled and inflated); nil once the close handshake is
    ///   over, whoever started it.
    /// - Throws: ``MockServerError/webSocketFailed(_:)`` when the client broke the protocol (the
    ///   server then closed with the error's code), ``MockServerError/clientDisconnected`` when the
    ///   connection ended without a close handshake (the client went, a condition dropped it, the
    ///   server stopped).
    public func receive() async throws(MockServerError) -> WebSocketMessage? {
        if let result = takeNext() { return try result.get() }
        let result = await withCheckedContinuation { (receiver: Shared.Receiver) in
            let now = shared.withLock { state in
                let next = state.takeNext(limit: Self.bufferedMessages)
                if next == nil { state.receivers.append(receiver) }
                return next
            }
            guard let now else { return }
            if now.madeRoom { core.post(WebSocketEvent(connection: connection, kind: .resumeReading, resume: nil)) }
            receiver.resume(returning: now.result)
        }
        return try result.get()
    }

    /// Sends a message, compressed when permessage-deflate was negotiated.
    ///
    /// ```swift
    /// try await socket.send(.data(Data([1, 2, 3])))
    /// ```
    ///
    /// - Parameter message: The message.
    /// - Throws: ``MockServerError/clientDisconnected`` once the connection has ended,
    ///   ``MockServerError/webSocketFailed(_:)`` (`WebSocketError.Reason.notOpen`) once a close
    ///   frame was sent or received.
    public func send(_ message: WebSocketMessage) async throws(MockServerError) {
        try await post(.send(message))
    }

    /// Sends a text message.
    ///
    /// ```swift
    /// try await socket.send("hello")
    /// ```
    ///
    /// - Parameter text: The text.
    /// - Throws: As ``send(_:)-(WebSocketMessage)``.
    public func send(_ text: String) async throws(MockServerError) {
        try await send(.string(text))
    }

    /// Sends a binary message.
    ///
    /// - Parameter data: The bytes.
    /// - Throws: As ``send(_:)-(WebSocketMessage)``.
    public func send(_ data: Data) async throws(MockServerError) {
        try await send(.data(data))
    }

    /// Runs the close handshake from the server's side and returns once the connection has ended:
    /// the client answered (the server then closes TCP), or it did not within the server's
    /// ``MockServer/Configuration/requestTimeout``. Does nothing once the connection has ended.
    ///
    /// ```swift
    /// await socket.close(code: .goingAway, reason: "shutting down")
    /// ```
    ///
    /// - Parameters:
    ///   - code:   The status code to send.
    ///   - reason: The reason, cut to 123 bytes of UTF-8.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        guard shared.value.ending == nil else { return }
        try? await post(.close(WebSocketClosePayload(code: code, reason: reason)))
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ended = shared.withLock { state in
                if state.ending == nil { state.finishWaiters.append(waiter) }
                return state.ending != nil
            }
            if ended { waiter.resume() }
        }
    }

    /// Hands `kind` to the event loop and waits until it was carried out (and, for a message, the
    /// queue is below the high-water mark).
    private func post(_ kind: WebSocketEvent.Kind) async throws(MockServerError) {
        let result = await withCheckedContinuation { (resume: WebSocketEvent.Resume) in
            core.post(WebSocketEvent(connection: connection, kind: kind, resume: resume))
        }
        try result.get()
    }

    /// A message, or the end, when one is there without waiting.
    private func takeNext() -> Result<WebSocketMessage?, MockServerError>? {
        let next = shared.withLock { $0.takeNext(limit: Self.bufferedMessages) }
        if next?.madeRoom == true {
            core.post(WebSocketEvent(connection: connection, kind: .resumeReading, resume: nil))
        }
        return next?.result
    }
}

// MARK: - The event loop's side

extension MockWebSocket {
    /// How the connection ended.
    enum Ending: Sendable {
        /// The close handshake is over.
        case closed
        /// It ended without one, or failed.
        case failed(MockServerError)
    }

    /// What the handler's calls and the event loop share.
    struct Shared {
        typealias Receiver = CheckedContinuation<Result<WebSocketMessage?, MockServerError>, Never>

        var inbox: [WebSocketMessage] = []
        var receivers: [Receiver] = []
        var ending: Ending?
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
        var closeCode: WebSocketCloseCode?
        var closeReason: String?

        /// The next message, or the end once the inbox is empty; `madeRoom` when taking it let a
        /// full inbox take more.
        mutating func takeNext(limit: Int) -> (result: Result<WebSocketMessage?, MockServerError>, madeRoom: Bool)? {
            if !inbox.isEmpty {
                let wasFull = inbox.count >= limit
                return (.success(inbox.removeFirst()), wasFull && inbox.count < limit)
            }
            switch ending {
            case .closed?: return (.success(nil), false)
            case .failed(let error)?: return (.failure(error), false)
            case nil: return nil
            }
        }
    }

    /// Whether the inbox may take more, so the server reads from the client.
    var hasRoom: Bool { shared.withLock { $0.inbox.count < Self.bufferedMessages && $0.ending == nil } }

    /// Whether the connection has ended.
    var hasEnded: Bool { shared.value.ending != nil }

    /// Hands a received message to a waiting ``receive()``, or keeps it.
    func deliver(_ message: WebSocketMessage) {
        let receiver = shared.withLock { state -> Shared.Receiver? in
            guard !state.receivers.isEmpty else {
                state.inbox.append(message)
                return nil
            }
            return state.receivers.removeFirst()
        }
        receiver?.resume(returning: .success(message))
    }

    /// Ends the connection once: waiting receives get the end (after the kept messages are read),
    /// waiting closes return.
    func finish(_ ending: Ending, closePayload: WebSocketClosePayload? = nil) {
        let (receivers, waiters) = shared.withLock { state -> ([Shared.Receiver], [CheckedContinuation<Void, Never>]) in
            guard state.ending == nil else { return ([], []) }
            state.ending = ending
            if let closePayload {
                state.closeCode = closePayload.code ?? .noStatusReceived
                state.closeReason = closePayload.reason
            }
            defer {
                state.receivers.removeAll()
                state.finishWaiters.removeAll()
            }
            return (state.receivers, state.finishWaiters)
        }
        let result: Result<WebSocketMessage?, MockServerError> =
            switch ending {
            case .closed: .success(nil)
            case .failed(let error): .failure(error)
            }
        for receiver in receivers { receiver.resume(returning: result) }
        for waiter in waiters { waiter.resume() }
    }
}

/// What a WebSocket handler asks the event loop to do.
struct WebSocketEvent: Sendable {
    typealias Resume = CheckedContinuation<Result<Void, MockServerError>, Never>

    enum Kind: Sendable {
        /// Send a message.
        case send(WebSocketMessage)
        /// Start the close handshake.
        case close(WebSocketClosePayload)
        /// The handler took a message from a full inbox: read from the client again.
        case resumeReading
    }

    let connection: Int
    let kind: Kind
    /// Resumed once the event is carried out (for a message, once the queue is below the
    /// high-water mark), with the failure when the connection is gone or closing.
    let resume: Resume?
}
