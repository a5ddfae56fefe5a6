/// A frame's opcode (RFC 6455 §5.2): what its payload is.
package enum WebSocketOpcode: UInt8, Sendable, Hashable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Close, ping and pong: frames that manage the connection, never fragmented, at most 125 bytes.
    package var isControl: Bool { rawValue & 0x8 != 0 }
}
