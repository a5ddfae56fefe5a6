package import Foundation

/// One WebSocket frame (RFC 6455 §5.2) with its payload unmasked.
///
/// ```swift
/// let frame = WebSocketFrame(opcode: .text, payload: Array("hi".utf8))
/// let bytes = frame.encoded(as: .server)
/// ```
package struct WebSocketFrame: Sendable, Hashable {
    /// RSV1, the bit permessage-deflate sets on the first frame of a compressed message.
    package static let reservedBit1: UInt8 = 0x40
    /// The three reserved bits, in their place in the first header byte.
    package static let reservedBitsMask: UInt8 = 0x70
    /// The longest payload of a control frame.
    package static let maximumControlPayload = 125

    /// FIN: the last frame of its message.
    package var isFinal: Bool
    /// RSV1–RSV3 as they sit in the first header byte (`0x40`, `0x20`, `0x10`).
    package var reservedBits: UInt8
    /// What the payload is.
    package var opcode: WebSocketOpcode
    /// The application (or extension) data, unmasked. `Data`, so that a large payload the decoder
    /// read in place becomes a binary message as it is.
    package var payload: Data

    /// Makes a frame.
    ///
    /// - Parameters:
    ///   - opcode: What the payload is.
    ///   - payload: The unmasked data.
    ///   - isFinal: Whether it ends its message.
    ///   - reservedBits: RSV1–RSV3 in header position.
    package init(opcode: WebSocketOpcode, payload: Data, isFinal: Bool = true, reservedBits: UInt8 = 0) {
        self.opcode = opcode
        self.payload = payload
        self.isFinal = isFinal
        self.reservedBits = reservedBits & Self.reservedBitsMask
    }

    /// Makes a frame of bytes in an array.
    ///
    /// - Parameters:
    ///   - opcode: What the payload is.
    ///   - payload: The unmasked data.
    ///   - isFinal: Whether it ends its message.
    ///   - reservedBits: RSV1–RSV3 in header position.
    package init(opcode: WebSocketOpcode, payload: [UInt8], isFinal: Bool = true, reservedBits: UInt8 = 0) {
        self.init(opcode: opcode, payload: Data(payload), isFinal: isFinal, reservedBits: reservedBits)
    }

    /// Whether RSV1 (the compressed-message bit of permessage-deflate) is set.
    package var isCompressed: Bool { reservedBits & Self.reservedBit1 != 0 }
}
