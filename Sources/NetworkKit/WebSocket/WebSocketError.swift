public import Foundation

/// Why a WebSocket connection failed, was refused at its handshake or could not be used.
///
/// A failure the server caused (a frame that breaks RFC 6455, text that is not UTF-8, a message
/// over the limit) also says which close code the client sent when it failed the connection
/// (``closeCode``), as RFC 6455 §7.1.7 asks. Descriptions name what was wrong, never header values
/// that could hold credentials.
///
/// ```swift
/// do {
///     for try await message in socket.messages { handle(message) }
/// } catch let error as WebSocketError where error.closeCode == .messageTooBig {
///     log("the server sent a message over the limit")
/// }
/// ```
public struct WebSocketError: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// A frame had reserved bits (RSV1–RSV3, as the header's high nibble) that no negotiated
        /// extension defines.
        case reservedBitsSet(UInt8)
        /// A frame's opcode is not one RFC 6455 defines.
        case unknownOpcode(UInt8)
        /// A control frame (close, ping, pong) was fragmented.
        case fragmentedControlFrame
        /// A control frame's payload was over 125 bytes.
        case controlFrameTooLong(length: UInt64)
        /// The server masked a frame, which only clients do.
        case maskedFrame
        /// A client sent a frame without a mask, which a server refuses (RFC 6455 §5.1).
        case unmaskedFrame
        /// A 64-bit payload length had its most significant bit set.
        case invalidPayloadLength
        /// A continuation frame arrived with no fragmented message started.
        case unexpectedContinuation
        /// A text or binary frame arrived while a fragmented message waited for its continuation.
        case expectedContinuation
        /// A close frame had a one-byte payload (a status code is two bytes).
        case invalidClosePayload
        /// A close frame carried a status code that may not be sent.
        case invalidCloseCode(Int)
        /// A text message or a close reason was not valid UTF-8.
        case invalidUTF8
        /// A compressed message could not be inflated.
        case invalidCompressedData
        /// A message (after inflation, when compressed) was over the maximum message size.
        case messageTooBig(limit: Int)
        /// The opening handshake failed.
        case handshakeFailed(HandshakeFailureReason)
        /// permessage-deflate was negotiated but zlib cannot be loaded (on Linux, `libz.so.1`).
        case compressionUnavailable
        /// The server did not answer the close frame within the close timeout.
        case closeTimedOut
        /// The connection ended without a close handshake.
        case connectionLost
        /// Reading from or writing to the connection failed.
        case streamFailed(String)
        /// The connection was cancelled.
        case cancelled
        /// A message was sent after the connection started closing.
        case notOpen
        /// No pong came back within the ping interval: the peer is taken for dead.
        case pingTimedOut
        /// The handshake's request could not be sent or was refused before an answer: an adapter
        /// threw, the connection or TLS failed, a pin did not match, the request was cancelled or
        /// timed out (the ``HTTPError`` says which).
        case requestFailed(HTTPError)
    }

    /// Why the opening handshake failed.
    public enum HandshakeFailureReason: Sendable, Hashable {
        /// The server answered with a status other than `101 Switching Protocols`.
        case unexpectedStatus(Int)
        /// The response had no `Upgrade: websocket`.
        case missingUpgrade
        /// The response's `Connection` did not contain the `upgrade` token.
        case missingConnectionUpgrade
        /// `Sec-WebSocket-Accept` was missing or did not match the key sent.
        case acceptMismatch
        /// The server chose a subprotocol the client did not offer.
        case unofferedProtocol(String)
        /// The server chose an extension the client did not offer, or the same one twice.
        case unofferedExtension(String)
        /// The server's permessage-deflate parameters break RFC 7692 or the client's offer.
        case invalidExtensionParameters(String)
        /// The response head was longer than the client reads.
        case responseHeadTooLarge(limit: Int)
        /// The response head was not HTTP/1.1.
        case malformedResponseHead
        /// The connection closed before the response head was complete.
        case connectionClosed
        /// The request cannot be sent as a handshake: a URL that is not `ws`, `wss`, `http` or
        /// `https` with a host, or a field that would split the head.
        case invalidRequest(String)
        /// A redirect could not be followed: too many, or to a URL that is not a WebSocket's.
        case redirectRefused(String)
    }

    /// What went wrong.
    public let reason: Reason

    /// Makes an error.
    ///
    /// - Parameter reason: What went wrong.
    public init(_ reason: Reason) {
        self.reason = reason
    }
}

// MARK: - Close codes

extension WebSocketError {
    /// The close code this failure stands for: the code the client sent when it failed the
    /// connection for something the server sent (1002, 1007 or 1009), ``WebSocketCloseCode/abnormalClosure``
    /// for a connection that ended without a close handshake, or nil for a failure before or
    /// outside the connection.
    public var closeCode: WebSocketCloseCode? {
        switch reason {
        case .reservedBitsSet, .unknownOpcode, .fragmentedControlFrame, .controlFrameTooLong, .maskedFrame,
            .unmaskedFrame, .invalidPayloadLength, .unexpectedContinuation, .expectedContinuation, .invalidClosePayload,
            .invalidCloseCode:
            .protocolError
        case .invalidUTF8, .invalidCompressedData: .invalidFramePayloadData
        case .messageTooBig: .messageTooBig
        case .closeTimedOut, .connectionLost, .streamFailed, .cancelled, .pingTimedOut: .abnormalClosure
        case .handshakeFailed, .compressionUnavailable, .notOpen, .requestFailed: nil
        }
    }
}

// MARK: - Descriptions

extension WebSocketError: CustomStringConvertible, LocalizedError {
    /// One line saying what was wrong.
    public var description: String {
        "WebSocket: " + reasonText
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    private var reasonText: String {
        switch reason {
        case .reservedBitsSet(let bits): "a frame set reserved bits 0x\(String(bits, radix: 16)) no extension defines"
        case .unknownOpcode(let opcode): "a frame has the unknown opcode \(opcode)"
        case .fragmentedControlFrame: "a control frame was fragmented"
        case .controlFrameTooLong(let length): "a control frame's payload is \(length) bytes (at most 125)"
        case .maskedFrame: "the server sent a masked frame"
        case .unmaskedFrame: "the client sent an unmasked frame"
        case .invalidPayloadLength: "a frame's 64-bit length has its most significant bit set"
        case .unexpectedContinuation: "a continuation frame arrived with no message started"
        case .expectedContinuation: "a new message started before the fragmented one ended"
        case .invalidClosePayload: "a close frame's payload is one byte"
        case .invalidCloseCode(let code): "a close frame carries the status code \(code), which may not be sent"
        case .invalidUTF8: "text is not valid UTF-8"
        case .invalidCompressedData: "a compressed message cannot be inflated"
        case .messageTooBig(let limit): "a message is larger than the limit of \(limit) bytes"
        case .handshakeFailed(let failure): "the handshake failed: " + Self.text(failure)
        case .compressionUnavailable: "permessage-deflate needs zlib, which cannot be loaded"
        case .closeTimedOut: "the server did not finish the close handshake in time"
        case .connectionLost: "the connection ended without a close handshake"
        case .streamFailed(let detail): "the connection failed: \(detail)"
        case .cancelled: "the connection was cancelled"
        case .notOpen: "the connection is closing or closed"
        case .pingTimedOut: "no pong came back within the ping interval"
        case .requestFailed(let error): "the handshake's request failed: \(error)"
        }
    }

    private static func text(_ failure: HandshakeFailureReason) -> String {
        switch failure {
        case .unexpectedStatus(let status): "the server answered \(status), not 101"
        case .missingUpgrade: "the response has no Upgrade: websocket"
        case .missingConnectionUpgrade: "the response's Connection has no upgrade token"
        case .acceptMismatch: "Sec-WebSocket-Accept is missing or does not match the key"
        case .unofferedProtocol(let name): "the server chose the subprotocol '\(name)', which was not offered"
        case .unofferedExtension(let name): "the server chose the extension '\(name)', which was not offered"
        case .invalidExtensionParameters(let detail): "invalid permessage-deflate parameters: \(detail)"
        case .responseHeadTooLarge(let limit): "the response head is longer than \(limit) bytes"
        case .malformedResponseHead: "the response head is not HTTP/1.1"
        case .connectionClosed: "the connection closed before the response head ended"
        case .invalidRequest(let detail): "the request cannot be sent: \(detail)"
        case .redirectRefused(let detail): "a redirect was refused: \(detail)"
        }
    }
}
