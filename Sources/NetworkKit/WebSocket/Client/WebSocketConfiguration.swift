/// How a WebSocket is opened and run: the subprotocols offered, the largest message accepted,
/// an automatic ping and compression.
///
/// ```swift
/// var configuration = WebSocketConfiguration(protocols: ["chat.v2"])
/// configuration.pingInterval = .seconds(20)   // a dead peer is noticed within 40 s
/// let socket = try await client.webSocket(URLRequest(url: chatURL), configuration: configuration)
/// ```
public struct WebSocketConfiguration: Sendable {
    /// The subprotocols offered in `Sec-WebSocket-Protocol`, in order of preference; a server that
    /// picks another one is refused.
    public var protocols: [String]
    /// The most bytes a received message may hold, after decompression (16 MiB by default); a
    /// larger one fails the connection with close code 1009.
    public var maximumMessageSize: Int
    /// How often a ping is sent while the connection is open; nil (the default) sends none. A pong
    /// that has not come back by the next ping fails the connection
    /// (``WebSocketError/Reason/pingTimedOut``), so a dead peer is noticed within twice the interval.
    public var pingInterval: Duration?
    /// Whether permessage-deflate is offered (by default it is).
    public var compression: WebSocketCompression
    /// How long ``WebSocket/close(code:reason:)`` waits for the server's close frame before it
    /// closes the connection itself (10 seconds by default).
    public var closeTimeout: Duration

    /// Makes a configuration.
    ///
    /// - Parameters:
    ///   - protocols: The subprotocols to offer.
    ///   - maximumMessageSize: The largest message accepted.
    ///   - pingInterval: How often to ping; nil for never.
    ///   - compression: Whether to offer permessage-deflate.
    ///   - closeTimeout: How long the close handshake may take.
    public init(
        protocols: [String] = [], maximumMessageSize: Int = 16 * 1024 * 1024, pingInterval: Duration? = nil,
        compression: WebSocketCompression = .permessageDeflate, closeTimeout: Duration = .seconds(10)
    ) {
        self.protocols = protocols
        self.maximumMessageSize = maximumMessageSize
        self.pingInterval = pingInterval
        self.compression = compression
        self.closeTimeout = closeTimeout
    }
}
