/// Reads the peer's frames from bytes as they arrive, in chunks of any size, and enforces the framing
/// rules of RFC 6455 §5 as soon as the bytes that break one are in.
///
/// A client's decoder reads server frames and refuses masked ones; a server's decoder (`role:
/// .server`) reads client frames, refuses unmasked ones (§5.1) and unmasks the payload.
///
/// A frame split at any byte boundary decodes to the same frames. Lengths are checked when the
/// header is complete, before the payload is buffered: a data message whose declared frame lengths
/// add up to more than `maximumMessageSize` fails with 1009 without reading its payload, so a
/// 2^63-byte length costs nothing. Non-minimal length encodings are accepted (the RFC forbids
/// sending them, not reading them).
///
/// ```swift
/// var decoder = WebSocketFrameDecoder(maximumMessageSize: 1 << 24, allowsCompression: false)
/// decoder.append(bytes)
/// while let frame = try decoder.nextFrame() { handle(frame) }
/// ```
package struct WebSocketFrameDecoder: Sendable {
    /// The most bytes the declared lengths of one data message may add up to.
    package let maximumMessageSize: Int
    /// Whether permessage-deflate was negotiated, so RSV1 may start a data message.
    package let allowsCompression: Bool
    /// The end that reads: a server requires masked frames, a client refuses them.
    package let role: WebSocketRole

    private var buffer: [UInt8] = []
    private var readIndex = 0
    private var inFragmentedMessage = false
    private var messageLength: UInt64 = 0

    /// Makes a decoder for a new connection.
    ///
    /// - Parameters:
    ///   - maximumMessageSize: The limit on a data message's declared length.
    ///   - allowsCompression: Whether permessage-deflate was negotiated.
    ///   - role: The end that reads (a client unless told).
    package init(maximumMessageSize: Int, allowsCompression: Bool, role: WebSocketRole = .client) {
        self.maximumMessageSize = max(0, maximumMessageSize)
        self.allowsCompression = allowsCompression
        self.role = role
    }

    /// How many received bytes are not yet part of a returned frame.
    package var bufferedCount: Int { buffer.count - readIndex }

    /// Adds received bytes.
    ///
    /// - Parameter bytes: The next bytes from the connection.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 4 << 20)
            readIndex = 0
        } else if readIndex > 4096 && readIndex >= buffer.count / 2 {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, nil when more bytes are needed.
    ///
    /// - Returns: The frame, unmasked.
    /// - Throws: ``WebSocketError`` with the rule the bytes break; the connection must then be
    ///   failed with the error's close code, and the decoder is not used again.
    package mutating func nextFrame() throws(WebSocketError) -> WebSocketFrame? {
        guard bufferedCount >= 2 else { return nil }
        let first = buffer[readIndex]
        let second = buffer[readIndex + 1]
        let opcode = try checkedOpcode(first)
        let isMasked = second & 0x80 != 0
        switch role {
        case .client: guard !isMasked else { throw WebSocketError(.maskedFrame) }
        case .server: guard isMasked else { throw WebSocketError(.unmaskedFrame) }
        }
        guard let (length, lengthEnd) = try declaredLength(second: second) else { return nil }
        try checkLength(length, opcode: opcode)
        let payloadCount = Int(length)
        let headerLength = lengthEnd + (isMasked ? 4 : 0)
        guard bufferedCount >= headerLength + payloadCount else {
            // A large frame still arriving: room for all of it at once, instead of the buffer
            // doubling (and copying) its way there.
            if payloadCount > 64 * 1024, buffer.capacity < readIndex + headerLength + payloadCount {
                if readIndex > 0 {
                    buffer.removeFirst(readIndex)
                    readIndex = 0
                }
                buffer.reserveCapacity(headerLength + payloadCount)
            }
            return nil
        }
        let start = readIndex + headerLength
        var payload = Array(buffer[start..<(start + payloadCount)])
        if isMasked {
            var key: UInt32 = 0
            for index in lengthEnd..<headerLength { key = key << 8 | UInt32(buffer[readIndex + index]) }
            WebSocketFrame.mask(&payload, from: 0, key: key)
        }
        readIndex = start + payloadCount
        let isFinal = first & 0x80 != 0
        if !opcode.isControl {
            inFragmentedMessage = !isFinal
            messageLength = isFinal ? 0 : messageLength + length
        }
        return WebSocketFrame(
            opcode: opcode, payload: payload, isFinal: isFinal, reservedBits: first & WebSocketFrame.reservedBitsMask)
    }

    private func checkedOpcode(_ first: UInt8) throws(WebSocketError) -> WebSocketOpcode {
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw WebSocketError(.unknownOpcode(first & 0x0F))
        }
        let reserved = first & WebSocketFrame.reservedBitsMask
        let compressedStart =
            reserved == WebSocketFrame.reservedBit1 && allowsCompression && (opcode == .text || opcode == .binary)
        guard reserved == 0 || compressedStart else { throw WebSocketError(.reservedBitsSet(reserved)) }
        if opcode.isControl {
            guard first & 0x80 != 0 else { throw WebSocketError(.fragmentedControlFrame) }
        } else if opcode == .continuation {
            guard inFragmentedMessage else { throw WebSocketError(.unexpectedContinuation) }
        } else {
            guard !inFragmentedMessage else { throw WebSocketError(.expectedContinuation) }
        }
        return opcode
    }

    /// The payload length and the header's length up to the masking key, or nil while the extended
    /// length is incomplete.
    private func declaredLength(second: UInt8) throws(WebSocketError) -> (UInt64, Int)? {
        let marker = second & 0x7F
        let extra = marker == 127 ? 8 : marker == 126 ? 2 : 0
        guard bufferedCount >= 2 + extra else { return nil }
        guard extra > 0 else { return (UInt64(marker), 2) }
        var length: UInt64 = 0
        for index in 0..<extra { length = length << 8 | UInt64(buffer[readIndex + 2 + index]) }
        guard length & (1 << 63) == 0 else { throw WebSocketError(.invalidPayloadLength) }
        return (length, 2 + extra)
    }

    private func checkLength(_ length: UInt64, opcode: WebSocketOpcode) throws(WebSocketError) {
        if opcode.isControl {
            guard length <= UInt64(WebSocketFrame.maximumControlPayload) else {
                throw WebSocketError(.controlFrameTooLong(length: length))
            }
        } else {
            let base = opcode == .continuation ? messageLength : 0
            guard length <= UInt64(maximumMessageSize) && base + length <= UInt64(maximumMessageSize) else {
                throw WebSocketError(.messageTooBig(limit: maximumMessageSize))
            }
        }
    }
}
