/// The payload of a close frame (RFC 6455 §5.5.1): an optional status code and a UTF-8 reason.
package struct WebSocketClosePayload: Sendable, Hashable {
    /// The longest reason that fits a control frame after the two-byte code.
    package static let maximumReasonLength = WebSocketFrame.maximumControlPayload - 2

    /// The status code, nil for an empty payload (reported as 1005, ``WebSocketCloseCode/noStatusReceived``).
    package var code: WebSocketCloseCode?
    /// The reason, empty when none was given.
    package var reason: String

    /// Makes a payload to send.
    ///
    /// - Parameters:
    ///   - code: The status code (nil sends an empty payload and drops the reason).
    ///   - reason: The reason; cut at a character boundary to fit 123 bytes.
    package init(code: WebSocketCloseCode?, reason: String = "") {
        self.code = code
        self.reason = code == nil ? "" : Self.truncated(reason)
    }

    /// Reads a received payload.
    ///
    /// - Parameter payload: The close frame's payload.
    /// - Throws: ``WebSocketError`` for a one-byte payload or a code that may not be sent (1002),
    ///   or a reason that is not UTF-8 (1007).
    package init(parsing payload: [UInt8]) throws(WebSocketError) {
        guard !payload.isEmpty else {
            self.init(code: nil)
            return
        }
        guard payload.count >= 2 else { throw WebSocketError(.invalidClosePayload) }
        let code = WebSocketCloseCode(rawValue: Int(payload[0]) << 8 | Int(payload[1]))
        guard code.isAllowedOnWire else { throw WebSocketError(.invalidCloseCode(code.rawValue)) }
        let reasonBytes = payload[2...]
        var validator = UTF8Validator()
        guard validator.consume(reasonBytes), validator.isComplete else { throw WebSocketError(.invalidUTF8) }
        self.init(code: code, reason: String(decoding: reasonBytes, as: UTF8.self))
    }

    /// The payload's bytes.
    package var encoded: [UInt8] {
        guard let code else { return [] }
        let value = UInt16(truncatingIfNeeded: code.rawValue)
        return [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)] + Array(reason.utf8)
    }

    private static func truncated(_ reason: String) -> String {
        guard reason.utf8.count > maximumReasonLength else { return reason }
        var result = ""
        var length = 0
        for scalar in reason.unicodeScalars {
            let size = String(scalar).utf8.count
            guard length + size <= maximumReasonLength else { break }
            result.unicodeScalars.append(scalar)
            length += size
        }
        return result
    }
}
