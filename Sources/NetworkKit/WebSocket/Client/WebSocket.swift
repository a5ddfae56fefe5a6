import InternalServiceUtilities

/// An open WebSocket connection (RFC 6455), made by ``HTTPClient/webSocket(_:configuration:)-(URLRequest,_)``.
///
/// Messages arrive through ``messages``, an `AsyncSequence` that ends when the connection closes
/// normally and throws ``WebSocketError`` otherwise; ``send(_:)`` sends one; ``close(code:reason:)``
/// runs the close handshake. Pings from the server are answered by themselves. Cancelling the task
/// that iterates ``messages`` closes the connection.
///
/// ```swift
/// let socket = try await client.webSocket(URLRequest(url: URL(string: "wss://chat.example.com/room")!))
/// try await socket.send(.string("hello"))
/// for try await message in socket.messages {
///     if case .string(let text) = message { print(text) }
/// }
/// print(socket.closeCode?.rawValue ?? 0, socket.closeReason ?? "")
/// ```
public final class WebSocket: Sendable {
    private let engine: WebSocketEngine

    /// The subprotocol the server chose from ``WebSocketConfiguration/protocols``, nil for none.
    public let negotiatedProtocol: String?
    /// The server's `101 Switching Protocols` answer: its headers and the URL that answered (after
    /// redirects).
    public let response: HTTPResponse
    /// Whether permessage-deflate was agreed.
    public let isCompressed: Bool

    init(engine: WebSocketEngine, negotiatedProtocol: String?, response: HTTPResponse, isCompressed: Bool) {
        self.engine = engine
        self.negotiatedProtocol = negotiatedProtocol
        self.response = response
        self.isCompressed = isCompressed
    }

    deinit {
        let engine = engine
        Task { await engine.cancel() }
    }

    /// The code of the server's close frame (``WebSocketCloseCode/noStatusReceived`` for one without
    /// a code), or of the failure that ended the connection; nil while it is open.
    public var closeCode: WebSocketCloseCode? { engine.closeStatus.withLock { $0.code } }

    /// The reason in the server's close frame; nil while open, or after a failure.
    public var closeReason: String? { engine.closeStatus.withLock { $0.reason } }

    /// The messages the server sends, in order; it ends after the close handshake and throws
    /// ``WebSocketError`` when the connection fails. Iterate it from one task at a time.
    public var messages: Messages { Messages(socket: self) }

    /// The next message.
    ///
    /// - Returns: The message, or nil once the connection closed normally.
    /// - Throws: ``WebSocketError`` saying why the connection failed; cancelling the calling task
    ///   cancels the connection.
    public func receive() async throws(WebSocketError) -> WebSocketMessage? {
        try await engine.receive()
    }

    /// Sends a message: a text frame for `.string`, a binary one for `.data`, compressed when
    /// permessage-deflate was agreed.
    ///
    /// - Parameter message: The message.
    /// - Throws: ``WebSocketError/Reason/notOpen`` once closing, or why the connection failed.
    public func send(_ message: WebSocketMessage) async throws(WebSocketError) {
        try await engine.send(message)
    }

    /// Sends a ping and returns when its pong comes back.
    ///
    /// - Throws: ``WebSocketError`` when the connection closes or fails first.
    public func ping() async throws(WebSocketError) {
        try await engine.pingAndWaitForPong()
    }

    /// Runs the close handshake and returns once the connection is closed: when the server answered
    /// and closed it, or after ``WebSocketConfiguration/closeTimeout``.
    ///
    /// - Parameters:
    ///   - code: The status code to send (``WebSocketCloseCode/normalClosure`` by default); a code
    ///     RFC 6455 §7.4 forbids on the wire (1005, 1006, 1015, or outside 1000–4999's allowed
    ///     ranges) is sent as ``WebSocketCloseCode/normalClosure``.
    ///   - reason: The reason, cut to 123 bytes of UTF-8.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        await engine.close(code: code.isAllowedOnWire ? code : .normalClosure, reason: reason)
    }

    /// Closes the connection at once, without a close handshake; waiting calls fail with
    /// ``WebSocketError/Reason/cancelled``.
    public func cancel() {
        let engine = engine
        Task { await engine.cancel() }
    }

    /// The messages of a ``WebSocket`` as an `AsyncSequence`.
    public struct Messages: AsyncSequence, Sendable {
        /// A message.
        public typealias Element = WebSocketMessage

        let socket: WebSocket

        /// Reads the socket's messages.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let socket: WebSocket

            /// The next message; nil after a normal close.
            ///
            /// - Throws: ``WebSocketError``.
            public mutating func next() async throws -> WebSocketMessage? {
                try await socket.receive()
            }
        }

        /// Makes an iterator.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(socket: socket)
        }
    }
}
