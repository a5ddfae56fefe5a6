/// A way a WebSocket route misbehaves once its connection is open: the connection dropped, a frame
/// that breaks RFC 6455, or frames let out slowly.
///
/// Give conditions to a route (`server.webSocket(_:conditions:handler:)`); counts are of the data
/// messages of the conversation, both directions together, as ``MockRequest/webSocketMessages``
/// records them.
///
/// ```swift
/// server.webSocketEcho("/flaky", conditions: [.dropConnection(afterMessages: 4)])   // two echoes, then gone
/// server.webSocketEcho("/slow", conditions: [.bandwidth(bytesPerSecond: 1_000)])
/// ```
///
/// At most one of each kind applies (within one list, the last wins): a drop, an invalid frame,
/// a pace. Values out of range are clamped, never trapped on.
public struct WebSocketCondition: Sendable {
    let kind: Kind

    enum Kind: Sendable {
        case drop(afterMessages: Int)
        case invalidFrame(InvalidFrame, afterMessages: Int)
        case bandwidth(bytesPerSecond: Int)
    }

    /// A frame that breaks RFC 6455, for ``invalidFrame(_:afterMessages:)``.
    public enum InvalidFrame: Sendable, Hashable {
        /// A text frame with RSV2 and RSV3 set, which no extension defines (the client fails with 1002).
        case reservedBits
        /// A frame with the reserved opcode 3 (the client fails with 1002).
        case unknownOpcode
        /// A text frame the server masked, which only clients do (the client fails with 1002).
        case masked
        /// A ping of 126 bytes, over the 125 a control frame may hold (the client fails with 1002).
        case oversizedControlFrame
    }

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Ends the connection without a close frame once the conversation holds `count` messages (a
    /// FIN after what was queued): the client sees the connection lost (1006). A message of the
    /// client's is delivered to the handler before the drop; the handler's next call then throws
    /// ``MockServerError/clientDisconnected``.
    ///
    /// ```swift
    /// server.webSocketEcho("/echo", conditions: [.dropConnection(afterMessages: 2)])
    /// ```
    ///
    /// - Parameter count: How many messages, both directions together, before the drop (0: at once
    ///   after the upgrade; negative counts as 0).
    /// - Returns: The condition.
    public static func dropConnection(afterMessages count: Int) -> WebSocketCondition {
        WebSocketCondition(.drop(afterMessages: max(count, 0)))
    }

    /// Sends `frame`, a frame that breaks the protocol, once the conversation holds `count`
    /// messages, and carries on: a client that fails the connection answers with a close frame (1002),
    /// which ends the handler's ``MockWebSocket/receive()`` with nil and sets
    /// ``MockWebSocket/closeCode``.
    ///
    /// ```swift
    /// server.webSocketEcho("/broken", conditions: [.invalidFrame(.reservedBits, afterMessages: 0)])
    /// ```
    ///
    /// - Parameters:
    ///   - frame: The kind of broken frame.
    ///   - count: How many messages, both directions together, before it (negative counts as 0).
    /// - Returns: The condition.
    public static func invalidFrame(_ frame: InvalidFrame, afterMessages count: Int = 0) -> WebSocketCondition {
        WebSocketCondition(.invalidFrame(frame, afterMessages: max(count, 0)))
    }

    /// Lets every byte the server sends after the upgrade out at no more than `bytesPerSecond`, 20
    /// slices a second (as ``NetworkCondition/bandwidth(bytesPerSecond:)`` does for HTTP answers),
    /// so frames arrive split and late. The handler's ``MockWebSocket/send(_:)-(WebSocketMessage)`` waits while more
    /// than ``MockBodyWriter/highWater`` bytes are held back.
    ///
    /// - Parameter bytesPerSecond: The rate (at least 1).
    /// - Returns: The condition.
    public static func bandwidth(bytesPerSecond: Int) -> WebSocketCondition {
        WebSocketCondition(.bandwidth(bytesPerSecond: max(bytesPerSecond, 1)))
    }
}

/// The conditions of a WebSocket route, resolved: the last of each kind.
struct WebSocketConditionPlan: Sendable {
    var dropAfter: Int?
    var invalidFrame: (frame: WebSocketCondition.InvalidFrame, afterMessages: Int)?
    /// Bytes per slice and the time between slices.
    var pace: (slice: Int, interval: Duration)?

    init(_ conditions: [WebSocketCondition]) {
        for condition in conditions {
            switch condition.kind {
            case .drop(let count): dropAfter = count
            case .invalidFrame(let frame, let count): invalidFrame = (frame, count)
            case .bandwidth(let rate):
                let slice = max(rate / 20, 1)
                pace = (slice, .seconds(Double(slice) / Double(rate)))
            }
        }
    }
}

extension WebSocketCondition.InvalidFrame {
    /// The frame's bytes, as the server sends them.
    var bytes: [UInt8] {
        switch self {
        case .reservedBits: [0x81 | 0x30, 0x02, 0x68, 0x69]
        case .unknownOpcode: [0x83, 0x00]
        case .masked: [0x81, 0x82, 0x01, 0x02, 0x03, 0x04, 0x69, 0x6B]
        case .oversizedControlFrame: [0x89, 0x7E, 0x00, 0x7E] + [UInt8](repeating: 0, count: 126)
        }
    }
}
