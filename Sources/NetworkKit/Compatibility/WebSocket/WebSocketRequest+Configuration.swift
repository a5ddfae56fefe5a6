public import Foundation

// MARK: - Configuration

extension WebSocketRequest {
    /// How the connection is opened and kept: Alamofire's `WebSocketRequest.Configuration`, read into
    /// a ``WebSocketConfiguration``.
    ///
    /// ```swift
    /// AF.webSocketRequest(to: url, configuration: .protocol("chat.v2"))
    /// AF.webSocketRequest(to: url, configuration: .init(protocol: "chat.v2", pingInterval: 20))
    /// ```
    ///
    /// As in Alamofire, the limit is 1 MiB by default (``WebSocketConfiguration``'s is 16 MiB) and
    /// permessage-deflate is offered. An automatic ping is NetworkKit's: a pong that has not come back
    /// by the next ping ends the connection with ``WebSocketError/Reason/pingTimedOut``, where
    /// Alamofire's only stops pinging.
    public struct Configuration: Sendable {
        /// Alamofire's defaults: no subprotocol, 1 MiB messages, no automatic ping.
        public static var `default`: Self { Self() }

        /// The defaults, offering one subprotocol.
        ///
        /// - Parameter protocol: The subprotocol, sent in `Sec-WebSocket-Protocol`.
        /// - Returns: The configuration.
        public static func `protocol`(_ protocol: String) -> Self {
            Self(protocol: `protocol`)
        }

        /// The defaults, with another limit on received messages.
        ///
        /// - Parameter maximumMessageSize: The most bytes a message may hold; a larger one ends the
        ///   connection (close code 1009) and the request completes with an error.
        /// - Returns: The configuration.
        public static func maximumMessageSize(_ maximumMessageSize: Int) -> Self {
            Self(maximumMessageSize: maximumMessageSize)
        }

        /// The defaults, with an automatic ping.
        ///
        /// - Parameter pingInterval: The seconds between pings.
        /// - Returns: The configuration.
        public static func pingInterval(_ pingInterval: TimeInterval) -> Self {
            Self(pingInterval: pingInterval)
        }

        /// The subprotocol offered; nil for none.
        public let `protocol`: String?
        /// The most bytes a received message may hold (after decompression).
        public let maximumMessageSize: Int
        /// The seconds between automatic pings; nil for none.
        public let pingInterval: TimeInterval?

        /// Makes a configuration. Alamofire's initializer is internal; this one is public so that
        /// settings can be combined.
        ///
        /// - Parameters:
        ///   - protocol: The subprotocol to offer.
        ///   - maximumMessageSize: The largest message accepted (a negative number counts as 0).
        ///   - pingInterval: The seconds between pings; nil, zero, negative or not finite for none.
        public init(protocol: String? = nil, maximumMessageSize: Int = 1_048_576, pingInterval: TimeInterval? = nil) {
            self.protocol = `protocol`
            self.maximumMessageSize = maximumMessageSize
            self.pingInterval = pingInterval
        }

        /// NetworkKit's configuration for these settings.
        var webSocketConfiguration: WebSocketConfiguration {
            WebSocketConfiguration(
                protocols: self.protocol.map { [$0] } ?? [], maximumMessageSize: max(maximumMessageSize, 0),
                pingInterval: pingInterval.flatMap(Self.duration))
        }

        /// `seconds` as a duration of at least a millisecond and at most a day; nil when there is no
        /// interval.
        private static func duration(_ seconds: TimeInterval) -> Duration? {
            guard seconds.isFinite, seconds > 0 else { return nil }
            return .milliseconds(Int64(min(max(seconds, 0.001), 86_400) * 1000))
        }
    }
}
