import Foundation
import InternalServiceUtilities

@testable import NetworkKit

/// A frame as the client wrote it, unmasked, with the key it used.
struct ClientFrame: Sendable, Hashable {
    var isFinal: Bool
    var reservedBits: UInt8
    var opcode: UInt8
    var payload: [UInt8]
    var maskingKey: UInt32

    /// The close frame's code, nil for an empty payload.
    var closeCode: Int? {
        payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
    }
}

/// How a test frame writes its length.
enum LengthForm: Sendable, CaseIterable {
    case minimal
    case sixteenBit
    case sixtyFourBit
}

/// The server of a test: writes exactly the bytes a case needs (any header, any length form, any
/// split) and reads the client's frames, checking that each is masked.
final class RawFramePeer: Sendable {
    struct UnmaskedFrame: Error {}

    let stream: SocketPairStream
    private let pending = Locked<[UInt8]>([])

    init(stream: SocketPairStream) {
        self.stream = stream
    }

    /// A server frame's bytes: header byte from `fin`, `reservedBits` and `opcode`, then the length
    /// in `form`, an optional mask, the payload.
    static func frame(
        opcode: UInt8, payload: [UInt8] = [], fin: Bool = true, reservedBits: UInt8 = 0, form: LengthForm = .minimal,
        mask: UInt32? = nil
    ) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | reservedBits | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        let form =
            form == .minimal && payload.count > 125 ? (payload.count > 0xFFFF ? .sixtyFourBit : .sixteenBit) : form
        switch form {
        case .minimal: bytes.append(maskBit | UInt8(payload.count))
        case .sixteenBit: bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        case .sixtyFourBit:
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8((UInt64(payload.count) >> UInt64(shift)) & 0xFF))
            }
        }
        var body = payload
        if let mask {
            for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8((mask >> UInt32(shift)) & 0xFF)) }
            WebSocketFrame.mask(&body, from: 0, key: mask)
        }
        return bytes + body
    }

    /// A close frame's payload.
    static func closePayload(_ code: Int, _ reason: String = "") -> [UInt8] {
        [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8)
    }

    func send(_ bytes: [UInt8]) async throws {
        try await stream.write(bytes)
    }

    /// Sends `bytes` one byte per write.
    func sendByteByByte(_ bytes: [UInt8]) async throws {
        for byte in bytes { try await stream.write([byte]) }
    }

    func sendFrame(
        opcode: UInt8, payload: [UInt8] = [], fin: Bool = true, reservedBits: UInt8 = 0, form: LengthForm = .minimal
    ) async throws {
        try await send(Self.frame(opcode: opcode, payload: payload, fin: fin, reservedBits: reservedBits, form: form))
    }

    /// The client's next frame, nil at the end of the stream.
    func readFrame() async throws -> ClientFrame? {
        while true {
            if let frame = try pending.withLock({ buffer throws -> ClientFrame? in try Self.parse(&buffer) }) {
                return frame
            }
            let bytes = try await stream.read(maximumCount: 65536)
            guard !bytes.isEmpty else { return nil }
            pending.withLock { $0 += bytes }
        }
    }

    /// Reads frames until a close frame (returned) or the end of the stream (nil).
    func readUntilClose() async throws -> ClientFrame? {
        while let frame = try await readFrame() {
            if frame.opcode == 0x8 { return frame }
        }
        return nil
    }

    /// Whether the client closed the stream after what was read, with no more frames.
    func readsEndOfStream() async throws -> Bool {
        try await readFrame() == nil
    }

    func close() {
        stream.shutDown()
    }

    private static func parse(_ buffer: inout [UInt8]) throws -> ClientFrame? {
        guard buffer.count >= 2 else { return nil }
        guard buffer[1] & 0x80 != 0 else { throw UnmaskedFrame() }
        var length = Int(buffer[1] & 0x7F)
        var offset = 2
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            offset = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard buffer.count >= offset + 4 + length else { return nil }
        let key = buffer[offset..<(offset + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var payload = Array(buffer[(offset + 4)..<(offset + 4 + length)])
        WebSocketFrame.mask(&payload, from: 0, key: key)
        let frame = ClientFrame(
            isFinal: buffer[0] & 0x80 != 0, reservedBits: buffer[0] & 0x70, opcode: buffer[0] & 0x0F, payload: payload,
            maskingKey: key)
        buffer.removeFirst(offset + 4 + length)
        return frame
    }
}

/// An engine started over one end of a socket pair, and the peer at the other.
func makeEngine(
    compression: PermessageDeflateParameters? = nil,
    maximumMessageSize: Int = WebSocketConnection.defaultMaximumMessageSize,
    closeTimeout: Duration = .seconds(10), initialBytes: [UInt8] = [], pingInterval: Duration? = nil
) async throws -> (WebSocketEngine, RawFramePeer) {
    let (client, server) = try SocketPairStream.makePair()
    let connection = try WebSocketConnection(maximumMessageSize: maximumMessageSize, compression: compression)
    var configuration = WebSocketEngine.Configuration()
    configuration.closeTimeout = closeTimeout
    configuration.pingInterval = pingInterval
    let engine = WebSocketEngine(
        stream: client, connection: connection, configuration: configuration, initialBytes: initialBytes)
    await engine.start()
    return (engine, RawFramePeer(stream: server))
}
