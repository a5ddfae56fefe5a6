/// The status code of a WebSocket close frame (RFC 6455 §7.4), named as
/// `URLSessionWebSocketTask.CloseCode` names them.
///
/// An open set: the registered codes are static members, and an application's own codes
/// (3000–4999) are made with ``init(rawValue:)``.
///
/// ```swift
/// await socket.close(code: .normalClosure, reason: "bye")
/// let custom = WebSocketCloseCode(rawValue: 4001)
/// ```
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number sent on the wire.
    public let rawValue: Int

    /// Makes a code from its number.
    ///
    /// - Parameter rawValue: The status code.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = WebSocketCloseCode(rawValue: 1000)
    /// 1001: the endpoint is going away (a server shutting down, a page navigated away).
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// 1002: the endpoint received a frame that breaks the protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// 1003: the endpoint received a type of data it cannot accept.
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// 1005: the close frame carried no status code (never sent on the wire).
    public static let noStatusReceived = WebSocketCloseCode(rawValue: 1005)
    /// 1006: the connection closed without a close frame (never sent on the wire).
    public static let abnormalClosure = WebSocketCloseCode(rawValue: 1006)
    /// 1007: a message's data did not match its type, such as text that is not UTF-8.
    public static let invalidFramePayloadData = WebSocketCloseCode(rawValue: 1007)
    /// 1008: a message broke the endpoint's policy.
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// 1009: a message was larger than the endpoint accepts.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// 1010: the client needed an extension that the server did not negotiate.
    public static let mandatoryExtensionMissing = WebSocketCloseCode(rawValue: 1010)
    /// 1011: the server met a condition that kept it from fulfilling the request.
    public static let internalServerError = WebSocketCloseCode(rawValue: 1011)
    /// 1015: the TLS handshake failed (never sent on the wire).
    public static let tlsHandshakeFailure = WebSocketCloseCode(rawValue: 1015)

    /// Whether the code may appear in a close frame: 1000–1003, 1007–1014 (registered with IANA)
    /// and 3000–4999 (libraries and applications). 1004–1006 and 1015 are reserved for reporting,
    /// the rest of 0–2999 is unassigned, and everything from 5000 is out of range.
    public var isAllowedOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// The number and, for a registered code, its name, such as `1000 (normalClosure)`.
    public var description: String {
        let names: [Int: String] = [
            1000: "normalClosure", 1001: "goingAway", 1002: "protocolError", 1003: "unsupportedData",
            1005: "noStatusReceived", 1006: "abnormalClosure", 1007: "invalidFramePayloadData",
            1008: "policyViolation", 1009: "messageTooBig", 1010: "mandatoryExtensionMissing",
            1011: "internalServerError", 1015: "tlsHandshakeFailure",
        ]
        return names[rawValue].map { "\(rawValue) (\($0))" } ?? "\(rawValue)"
    }
}
