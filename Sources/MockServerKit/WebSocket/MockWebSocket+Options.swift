public import NetworkKit

extension MockWebSocket {
    /// Whether a WebSocket route negotiates permessage-deflate (RFC 7692).
    ///
    /// ```swift
    /// server.webSocketEcho("/plain", compression: .refused)
    /// ```
    public enum Compression: Sendable, Hashable {
        /// Accept the client's first permessage-deflate offer the server can honour, granting what
        /// it asks of the server (no context takeover, a smaller window).
        case negotiated
        /// Decline every offer: messages go uncompressed.
        case refused
    }

    /// One step of a scripted conversation (``MockServer/webSocket(_:protocols:compression:conditions:script:)``).
    ///
    /// ```swift
    /// let script: [MockWebSocket.Step] = [.expect(.string("ping")), .send(.string("pong")), .receiveAny, .close()]
    /// ```
    public enum Step: Sendable, Hashable {
        /// Wait for the client's next message, which must equal this one.
        case expect(WebSocketMessage)
        /// Wait for the client's next message, whatever it is.
        case receiveAny
        /// Send this message.
        case send(WebSocketMessage)
        /// Run the close handshake with this code and reason, ending the script.
        case close(code: WebSocketCloseCode = .normalClosure, reason: String = "")

        /// Plays `steps` on `socket`; a mismatch closes with 1008, the client's close ends it early.
        static func play(_ steps: [Step], on socket: MockWebSocket) async throws {
            for (index, step) in steps.enumerated() {
                switch step {
                case .send(let message):
                    try await socket.send(message)
                case .receiveAny:
                    guard try await socket.receive() != nil else { return }
                case .expect(let expected):
                    guard let received = try await socket.receive() else { return }
                    guard received == expected else {
                        let reason = "step \(index + 1): expected \(summary(expected)), got \(summary(received))"
                        await socket.close(code: .policyViolation, reason: reason)
                        return
                    }
                case .close(let code, let reason):
                    await socket.close(code: code, reason: reason)
                    return
                }
            }
        }

        private static func summary(_ message: WebSocketMessage) -> String {
            switch message {
            case .string(let text): text.count <= 24 ? "\"\(text)\"" : "\"\(text.prefix(24))…\""
            case .data(let data): "\(data.count) bytes"
            }
        }
    }
}
