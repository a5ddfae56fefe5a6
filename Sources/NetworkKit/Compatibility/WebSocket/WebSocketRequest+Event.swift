public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

// MARK: - Events

extension WebSocketRequest {
    /// What a stream handler is told: the connection opened, a message came (or could not be
    /// serialized), the server closed it, or the request completed. Alamofire's type of this name.
    ///
    /// A handler gets, in order: ``Kind/connected(protocol:)`` once the handshake succeeded, each
    /// message, ``Kind/disconnected(closeCode:reason:)`` after a close handshake (not after
    /// ``Request/cancel()`` or a failure), then ``Kind/completed(_:)``, always last. A
    /// handshake that fails gives ``Kind/completed(_:)`` alone.
    ///
    /// ```swift
    /// AF.webSocketRequest(to: "wss://example.com/chat").streamMessageEvents { event in
    ///     switch event.kind {
    ///     case .connected: print("open")
    ///     case .receivedMessage(let message): print(message)
    ///     case .serializerFailed: break
    ///     case .disconnected(let code, _): print("closed", code)
    ///     case .completed(let completion): print(completion.error as Any)
    ///     }
    /// }
    /// ```
    public struct Event<Success: Sendable, Failure: Error>: Sendable {
        /// What happened.
        public enum Kind: Sendable {
            /// The handshake succeeded; the subprotocol the server chose, if any.
            case connected(protocol: String?)
            /// A message arrived, as the handler's serializer made it.
            case receivedMessage(Success)
            /// The serializer could not read a message; the connection stays open.
            case serializerFailed(Failure)
            /// The close handshake finished: the server's close code (`.invalid` for a code Foundation
            /// has no case for, such as an application's 4000; ``WebSocketRequest/webSocket`` has the
            /// number) and its reason's UTF-8 bytes (nil when empty).
            case disconnected(closeCode: URLSessionWebSocketTask.CloseCode, reason: Data?)
            /// The request is over: the last event a handler is given.
            case completed(Completion)
        }

        /// The request, not kept alive by its events.
        weak let socket: WebSocketRequest?

        /// What happened.
        public let kind: Kind

        /// The message of a ``Kind/receivedMessage(_:)`` event; nil for any other.
        public var message: Success? {
            guard case .receivedMessage(let message) = kind else { return nil }
            return message
        }

        init(socket: WebSocketRequest, kind: Kind) {
            self.socket = socket
            self.kind = kind
        }

        /// Closes the connection with a close handshake; see ``WebSocketRequest/close(sending:reason:)``.
        ///
        /// - Parameters:
        ///   - closeCode: The code to send.
        ///   - reason: The reason, as UTF-8; nil for none.
        public func close(sending closeCode: URLSessionWebSocketTask.CloseCode, reason: Data? = nil) {
            socket?.close(sending: closeCode, reason: reason)
        }

        /// Cancels the request; see ``Request/cancel()``.
        public func cancel() {
            socket?.cancel()
        }

        /// Sends a ping; see ``WebSocketRequest/sendPing(respondingOn:onResponse:)``.
        ///
        /// - Parameters:
        ///   - queue: Where `onResponse` runs; the main queue by default.
        ///   - onResponse: Called once with the pong, the error, or ``PingResponse/unsent``.
        public func sendPing(
            respondingOn queue: DispatchQueue = .main, onResponse: @escaping @Sendable (PingResponse) -> Void
        ) {
            socket?.sendPing(respondingOn: queue, onResponse: onResponse)
        }
    }

    /// How the request ended, as Alamofire's `WebSocketRequest.Completion`.
    public struct Completion: Sendable {
        /// The last request sent (the handshake, after adapters).
        public let request: URLRequest?
        /// The handshake's response: `101` once connected, or the status that refused it.
        public let response: HTTPURLResponse?
        /// URLSession's task metrics: nil, as NetworkKit's transports report timing to their
        /// ``EventMonitor``s instead.
        public let metrics: URLSessionTaskMetrics?
        /// Why the request failed; nil after a close handshake (started by either side).
        public let error: AFError?
    }

    /// What ``WebSocketRequest/sendPing(respondingOn:onResponse:)`` reports.
    public enum PingResponse: Sendable {
        /// When a ping went out and its pong came back.
        ///
        /// Alamofire keeps these fields internal; here they can be read.
        public struct Pong: Sendable {
            /// When the ping was sent.
            public let start: Date
            /// When the pong arrived.
            public let end: Date
            /// The seconds between them, measured on a monotonic clock.
            public let latency: TimeInterval
        }

        /// The pong came back.
        case pong(Pong)
        /// The ping could not be sent or the connection ended first (a ``WebSocketError``).
        case error(any Error)
        /// Nothing was sent: the request is not running or not connected yet.
        case unsent
    }
}
