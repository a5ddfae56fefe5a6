import NetworkKit

/// The event loop's side of an upgraded connection: the protocol state, the conditions and what a
/// pace holds back. Owned and touched only by the event-loop thread.
final class WebSocketSession {
    /// The sans-I/O protocol state, in the server's role.
    var state: WebSocketConnection
    let socket: MockWebSocket
    let transcript: WebSocketTranscript?
    let conditions: WebSocketConditionPlan
    /// The data messages of the conversation so far, both directions.
    var messageCount = 0
    var invalidFrameSent = false
    /// Bytes a pace holds back: `held[heldStart...]`.
    var held: [UInt8] = []
    var heldStart = 0
    /// Handlers' sends waiting for the queue to drain below the high-water mark.
    var senders: [WebSocketEvent.Resume] = []
    /// When the client must have answered the server's close frame.
    var closeDeadline: ContinuousClock.Instant?
    /// The connection is ending (closed, failed or dropped): nothing more is read or sent.
    var isEnding = false
    /// It ended with a close handshake, so a late send hears "not open" rather than "disconnected".
    var closedCleanly = false
    /// Close the connection once what is held back is out.
    var closesWhenSent = false

    init(
        state: WebSocketConnection, socket: MockWebSocket, transcript: WebSocketTranscript?,
        conditions: WebSocketConditionPlan
    ) {
        self.state = state
        self.socket = socket
        self.transcript = transcript
        self.conditions = conditions
    }

    /// How many bytes a pace still holds back.
    var heldCount: Int { held.count - heldStart }

    /// Whether the loop should read from the client: not while ending, nor while the handler has
    /// enough unread messages.
    var wantsInput: Bool { !isEnding && socket.hasRoom }
}
