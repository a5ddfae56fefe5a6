import Foundation

/// Turns decoded frames into what the connection acts on: whole messages reassembled from their
/// fragments (inflated when permessage-deflate compressed them), and the control frames that may
/// arrive between fragments (RFC 6455 §5.4, §5.5).
///
/// Text is checked as UTF-8 as each fragment arrives (1007 at the first bad byte, or at the end of
/// a message cut inside a character); a message inflating past the limit stops there (1009).
///
/// A binary message in one uncompressed frame is the frame's payload as it is, with no copy; a
/// fragmented or compressed one is gathered in a `Data` that becomes the message.
struct WebSocketMessageAssembler {
    /// What a frame amounted to.
    enum Event: Sendable, Hashable {
        /// A complete data message.
        case message(WebSocketMessage)
        /// A ping with its payload, to be answered with a pong carrying the same.
        case ping([UInt8])
        /// A pong with its payload.
        case pong([UInt8])
        /// A close frame's code and reason.
        case close(WebSocketClosePayload)
    }

    /// The most bytes a message may hold, after inflation.
    let maximumMessageSize: Int
    private let inflater: MessageInflater?
    private var kind: WebSocketOpcode?
    private var isCompressed = false
    private var buffer = Data()
    private var validatedCount = 0
    private var validator = UTF8Validator()

    /// Makes an assembler.
    ///
    /// - Parameters:
    ///   - maximumMessageSize: The most bytes a message may hold.
    ///   - inflater: The inflater of a connection with permessage-deflate, nil without.
    init(maximumMessageSize: Int, inflater: MessageInflater? = nil) {
        self.maximumMessageSize = maximumMessageSize
        self.inflater = inflater
    }

    /// Takes the next frame, which the decoder has already checked against the framing rules.
    ///
    /// - Parameter frame: A decoded frame.
    /// - Returns: The event it completes, nil for a fragment that does not end its message.
    /// - Throws: ``WebSocketError`` with close code 1002, 1007 or 1009.
    mutating func handle(_ frame: WebSocketFrame) throws(WebSocketError) -> Event? {
        switch frame.opcode {
        case .ping: return .ping(Array(frame.payload))
        case .pong: return .pong(Array(frame.payload))
        case .close: return .close(try WebSocketClosePayload(parsing: Array(frame.payload)))
        case .text, .binary:
            guard kind == nil else { throw WebSocketError(.expectedContinuation) }
            kind = frame.opcode
            isCompressed = frame.isCompressed
            if isCompressed && inflater == nil { throw WebSocketError(.reservedBitsSet(frame.reservedBits)) }
            buffer = Data()
            validatedCount = 0
            validator = UTF8Validator()
            if frame.isFinal && !isCompressed { return .message(try wholeMessage(frame)) }
        case .continuation:
            guard kind != nil else { throw WebSocketError(.unexpectedContinuation) }
        }
        try append(frame.payload)
        guard frame.isFinal else { return nil }
        return .message(try finishMessage())
    }

    /// An uncompressed message in one frame, made from the frame's payload without buffering it.
    private mutating func wholeMessage(_ frame: WebSocketFrame) throws(WebSocketError) -> WebSocketMessage {
        kind = nil
        guard frame.payload.count <= maximumMessageSize else {
            throw WebSocketError(.messageTooBig(limit: maximumMessageSize))
        }
        guard frame.opcode == .text else { return .data(frame.payload) }
        guard validator.consume(frame.payload), validator.isComplete else { throw WebSocketError(.invalidUTF8) }
        return .string(String(decoding: frame.payload, as: UTF8.self))
    }

    private mutating func append(_ payload: Data) throws(WebSocketError) {
        if isCompressed, let inflater {
            try inflater.inflate(payload, into: &buffer, limit: maximumMessageSize)
        } else {
            guard buffer.count + payload.count <= maximumMessageSize else {
                throw WebSocketError(.messageTooBig(limit: maximumMessageSize))
            }
            buffer.append(contentsOf: payload)
        }
        try validateNewText()
    }

    private mutating func validateNewText() throws(WebSocketError) {
        guard kind == .text, validatedCount < buffer.count else { return }
        guard validator.consume(buffer[validatedCount...]) else { throw WebSocketError(.invalidUTF8) }
        validatedCount = buffer.count
    }

    private mutating func finishMessage() throws(WebSocketError) -> WebSocketMessage {
        if isCompressed, let inflater {
            try inflater.finishMessage(into: &buffer, limit: maximumMessageSize)
            try validateNewText()
        }
        let message: WebSocketMessage
        if kind == .text {
            guard validator.isComplete else { throw WebSocketError(.invalidUTF8) }
            message = .string(String(decoding: buffer, as: UTF8.self))
        } else {
            message = .data(buffer)
        }
        kind = nil
        buffer = Data()
        return message
    }
}
