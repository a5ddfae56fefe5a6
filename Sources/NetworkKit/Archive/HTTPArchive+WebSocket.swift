package import Foundation

extension HTTPArchive {
    /// What `_resourceType` holds for an entry that opened a WebSocket.
    package static let webSocketResourceType = "websocket"

    /// One frame of a WebSocket conversation, as an entry's `_webSocketMessages` holds it: the list
    /// Chrome's devtools write into a HAR export, which no HAR specification defines.
    ///
    /// `type` is `send` for a frame the client sent and `receive` for one it received (Chrome also
    /// writes `error`, with opcode -1 and the error's text). `time` is in seconds since 1970.
    /// `opcode` is RFC 6455's: 1 (text) and 2 (binary) are messages, 8 a close frame, 9 and 10
    /// ping and pong. `data` is the text of a text message and, for every other frame sent or
    /// received, its payload in base64 (a close frame's being the two-byte code and the reason).
    package struct WebSocketFrameRecord: Codable, Sendable, Equatable {
        package var type: String
        package var time: Double
        package var opcode: Int
        package var data: String

        /// A frame sent by the client.
        package static let sent = "send"
        /// A frame the client received.
        package static let received = "receive"

        package init(type: String, time: Double, opcode: Int, data: String) {
            self.type = type
            self.time = time
            self.opcode = opcode
            self.data = data
        }

        /// The record of a data message: text as it is, bytes in base64.
        ///
        /// - Parameters:
        ///   - type:    ``sent`` or ``received``.
        ///   - date:    When it was sent or received.
        ///   - message: The message, whole.
        package init(type: String, date: Date, message: WebSocketMessage) {
            switch message {
            case .string(let text):
                self.init(type: type, time: date.timeIntervalSince1970, opcode: 1, data: text)
            case .data(let bytes):
                self.init(type: type, time: date.timeIntervalSince1970, opcode: 2, data: bytes.base64EncodedString())
            }
        }

        /// The record of a close frame: its payload (code and reason) in base64.
        ///
        /// - Parameters:
        ///   - type:   ``sent`` or ``received``.
        ///   - date:   When it was sent or received.
        ///   - code:   The status code; nil for an empty close frame.
        ///   - reason: The reason.
        package init(type: String, date: Date, closeCode code: WebSocketCloseCode?, reason: String) {
            let payload = WebSocketClosePayload(code: code, reason: reason).encoded
            self.init(
                type: type, time: date.timeIntervalSince1970, opcode: 8, data: Data(payload).base64EncodedString())
        }

        /// Whether `data` is base64 rather than text: every frame sent or received but text ones.
        var isBase64: Bool {
            opcode != 1 && (type == Self.sent || type == Self.received)
        }

        /// The frame's payload: `data` as UTF-8, or decoded from base64 (see the type's summary).
        ///
        /// - Parameters:
        ///   - entry:    The entry's index, for the error.
        ///   - position: The record's index in `_webSocketMessages`, for the error.
        ///   - limit:    The largest payload accepted, in bytes.
        /// - Throws: ``HTTPError/archiveFailed(_:)`` naming `_webSocketMessages[position].data`.
        package func payload(entry: Int, position: Int, limit: Int) throws(HTTPError) -> Data {
            try HTTPArchive.decodeBody(
                text: data, encoding: isBase64 ? "base64" : nil, entry: entry,
                field: "_webSocketMessages[\(position)].data", limit: limit)
        }

        /// The data message this frame carries; nil for another frame (close, ping, pong, error)
        /// or a binary one whose base64 cannot be read.
        package var message: WebSocketMessage? {
            switch opcode {
            case 1: return .string(data)
            case 2: return Data(base64Encoded: data.filter { !$0.isWhitespace }).map { .data($0) }
            default: return nil
            }
        }

        /// The code and reason of a close frame; nil for another frame or a payload that is not a
        /// valid close payload.
        package var closePayload: WebSocketClosePayload? {
            guard opcode == 8, let bytes = Data(base64Encoded: data.filter { !$0.isWhitespace }) else { return nil }
            return try? WebSocketClosePayload(parsing: [UInt8](bytes))
        }
    }
}

extension HTTPArchive.Entry {
    /// Whether the entry opened a WebSocket: a `101` answer marked as one (`_resourceType`
    /// `websocket`, `_webSocketMessages`, or an `Upgrade: websocket` answer).
    package var isWebSocket: Bool {
        guard response.status == 101 else { return false }
        if resourceType == HTTPArchive.webSocketResourceType || webSocketMessages != nil { return true }
        return response.headers.contains { field in
            field.name.lowercased() == "upgrade" && field.value.lowercased().contains("websocket")
        }
    }
}

// MARK: - Reading

extension HTTPArchive {
    /// Thrown by ``Entry/init(from:)`` when `_webSocketMessages` is longer than the reader allows.
    struct WebSocketMessageLimitExceeded: Error {
        let count: Int
        let limit: Int
        /// The entry's index, set by ``Log/init(from:)``.
        var entry: Int?
    }

    /// Where the reader passes its limit on `_webSocketMessages` to ``Entry/init(from:)``.
    static let webSocketMessageLimitKey: CodingUserInfoKey = {
        // A literal key that is valid by construction: `init?(rawValue:)` accepts every string.
        guard let key = CodingUserInfoKey(rawValue: "HTTPArchive.maximumWebSocketMessages") else {
            preconditionFailure("CodingUserInfoKey rejected a constant key")
        }
        return key
    }()

    /// Reads `_webSocketMessages`, refusing more records than `limit` before decoding them.
    static func decodeWebSocketMessages(
        from container: KeyedDecodingContainer<Entry.CodingKeys>, limit: Int
    ) throws -> [WebSocketFrameRecord]? {
        guard container.contains(.webSocketMessages), try !container.decodeNil(forKey: .webSocketMessages) else {
            return nil
        }
        var list = try container.nestedUnkeyedContainer(forKey: .webSocketMessages)
        if let count = list.count, count > limit {
            throw WebSocketMessageLimitExceeded(count: count, limit: limit)
        }
        var records: [WebSocketFrameRecord] = []
        records.reserveCapacity(min(list.count ?? 0, limit))
        while !list.isAtEnd {
            guard records.count < limit else {
                throw WebSocketMessageLimitExceeded(count: records.count + 1, limit: limit)
            }
            records.append(try list.decode(WebSocketFrameRecord.self))
        }
        return records
    }

    /// Checks that every frame of every entry decodes within `limit` bytes.
    ///
    /// - Throws: ``HTTPError/archiveFailed(_:)`` naming the entry and the record.
    static func checkWebSocketPayloads(of entries: [Entry], limit: Int) throws(HTTPError) {
        for (index, entry) in entries.enumerated() {
            for (position, record) in (entry.webSocketMessages ?? []).enumerated() {
                _ = try record.payload(entry: index, position: position, limit: limit)
            }
        }
    }
}
