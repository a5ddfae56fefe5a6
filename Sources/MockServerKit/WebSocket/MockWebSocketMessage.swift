public import Foundation
public import NetworkKit

/// One data message of a WebSocket conversation, as the server recorded it: who sent it, what it
/// was and when.
///
/// The fields map one to one onto an entry of the `_webSocketMessages` list that Chrome writes into
/// a HAR file: ``direction`` is its `type` (`send` for what the client sent, `receive` for what it
/// received), ``time`` its `time`, ``opcode`` its `opcode` and ``data`` its `data`.
///
/// ```swift
/// let messages = server.requests.last?.webSocketMessages ?? []
/// #expect(messages.map(\.direction) == [.fromClient, .fromServer])
/// #expect(messages.last?.message == .string("hello"))
/// ```
public struct MockWebSocketMessage: Sendable, Hashable {
    /// Which end sent a message.
    public enum Direction: String, Sendable, Hashable {
        /// The client sent it; HAR's `send`, as the archive is the client's record.
        case fromClient = "send"
        /// The server sent it; HAR's `receive`.
        case fromServer = "receive"
    }

    /// Which end sent the message.
    public var direction: Direction
    /// The message, text or binary, whole (reassembled from its fragments and inflated).
    public var message: WebSocketMessage
    /// When the server read it whole, or queued it to send.
    public var date: Date

    /// Makes a record of one message.
    ///
    /// - Parameters:
    ///   - direction: Which end sent it.
    ///   - message:   The message.
    ///   - date:      When it was read or queued.
    public init(direction: Direction, message: WebSocketMessage, date: Date) {
        self.direction = direction
        self.message = message
        self.date = date
    }

    /// The opcode of the message: 1 for text, 2 for binary.
    public var opcode: Int {
        switch message {
        case .string: 1
        case .data: 2
        }
    }

    /// ``date`` as seconds since 1970, the unit of HAR's `time`.
    public var time: Double { date.timeIntervalSince1970 }

    /// The payload as HAR's `data` holds it: the text of a text message, base64 of a binary one.
    public var data: String {
        switch message {
        case .string(let text): text
        case .data(let bytes): bytes.base64EncodedString()
        }
    }

    /// The payload's size in bytes (UTF-8 for text).
    var byteCount: Int {
        switch message {
        case .string(let text): text.utf8.count
        case .data(let bytes): bytes.count
        }
    }
}
