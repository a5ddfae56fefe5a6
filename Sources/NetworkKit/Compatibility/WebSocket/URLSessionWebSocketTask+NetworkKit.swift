import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Messages

extension URLSessionWebSocketTask.Message {
    /// `message` in Foundation's type, which the Alamofire façade speaks.
    init(_ message: WebSocketMessage) {
        switch message {
        case .string(let text): self = .string(text)
        case .data(let data): self = .data(data)
        }
    }
}

extension WebSocketMessage {
    /// `message` in NetworkKit's type; nil for a kind of message NetworkKit does not know (a case
    /// Foundation may add).
    init?(_ message: URLSessionWebSocketTask.Message) {
        switch message {
        case .string(let text): self = .string(text)
        case .data(let data): self = .data(data)
        @unknown default: return nil
        }
    }
}

// MARK: - Close codes

extension URLSessionWebSocketTask.CloseCode {
    /// `code` in Foundation's type, which has only the registered codes: any other (an application's
    /// 3000–4999) is `.invalid`, as Foundation reports a code it does not know.
    init(_ code: WebSocketCloseCode) {
        self = Self(rawValue: code.rawValue) ?? .invalid
    }
}

extension WebSocketCloseCode {
    /// The code to send for Foundation's `code`: a code that may not appear in a close frame
    /// (`.invalid`, `.noStatusReceived`, `.abnormalClosure`, `.tlsHandshakeFailure`) is sent as
    /// ``normalClosure``, so that the frame never breaks RFC 6455.
    init(sending code: URLSessionWebSocketTask.CloseCode) {
        let wire = WebSocketCloseCode(rawValue: code.rawValue)
        self = wire.isAllowedOnWire ? wire : .normalClosure
    }
}
