import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A frame as the server sent it, read by ``WebSocketTestClient``.
struct ServerFrame: Equatable {
    var isFinal: Bool
    var reservedBits: UInt8
    var opcode: UInt8
    var isMasked: Bool
    var payload: [UInt8]

    var text: String { String(decoding: payload, as: UTF8.self) }
    /// A close frame's code, nil for an empty payload.
    var closeCode: Int? { payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil }
    /// A close frame's reason.
    var closeReason: String { String(decoding: payload.dropFirst(2), as: UTF8.self) }
}

/// A blocking WebSocket client written for the tests from RFC 6455 itself, not from NetworkKit's
/// engine: it sends the opening handshake and masked frames byte for byte, and reads the server's
/// frames as they are on the wire. Call it in `onThread`.
///
/// `@unchecked Sendable`: a test hands a client from one `onThread` call to the next, or reads it
/// on one thread while the test awaits, never using it from two threads at once; its only state is
/// the ``RawClient``, touched by whichever thread holds the client.
final class WebSocketTestClient: @unchecked Sendable {
    /// The key of RFC 6455 §1.3, whose accept value is `s3pPLMBiTxaQ9kYGzzhZRbK+xOo=`.
    static let sampleKey = "dGhlIHNhbXBsZSBub25jZQ=="

    let raw: RawClient
    /// The server's answer to the opening handshake.
    let response: RawResponse

    /// Connects and sends the opening handshake of `path` with `fields` (lines ending in CR LF)
    /// after the standard ones, unless `fields` replaces them (`standardFields: false`).
    init(port: UInt16, path: String, fields: String = "", standardFields: Bool = true) throws {
        raw = try RawClient(port: port)
        var request = "GET \(path) HTTP/1.1\r\nHost: t\r\n"
        if standardFields {
            request += "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(Self.sampleKey)\r\n"
            request += "Sec-WebSocket-Version: 13\r\n"
        }
        try raw.write(request + fields + "\r\n")
        response = try raw.readResponse(bodyExpected: true)
    }

    /// A client frame's bytes: masked with `key` unless `key` is nil.
    static func frame(
        opcode: UInt8, payload: [UInt8], fin: Bool = true, reservedBits: UInt8 = 0, key: UInt32? = 0x1234_5678
    ) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | reservedBits | opcode]
        let maskBit: UInt8 = key == nil ? 0 : 0x80
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        guard let key else { return bytes + payload }
        let keyBytes = (0..<4).map { UInt8((key >> (24 - 8 * UInt32($0))) & 0xFF) }
        bytes += keyBytes
        bytes += payload.enumerated().map { $0.element ^ keyBytes[$0.offset % 4] }
        return bytes
    }

    /// Sends one masked frame (unmasked with `key: nil`).
    func send(
        opcode: UInt8, _ payload: [UInt8], fin: Bool = true, reservedBits: UInt8 = 0, key: UInt32? = 0x1234_5678
    ) throws {
        try raw.write(Self.frame(opcode: opcode, payload: payload, fin: fin, reservedBits: reservedBits, key: key))
    }

    /// Sends a masked text frame.
    func send(text: String) throws {
        try send(opcode: 0x1, Array(text.utf8))
    }

    /// Sends a masked close frame with `code` and `reason`.
    func sendClose(_ code: Int = 1000, reason: String = "") throws {
        try send(opcode: 0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }

    /// The server's next frame, nil when the connection ends first.
    func readFrame() throws -> ServerFrame? {
        let head = try raw.read(count: 2)
        guard head.count == 2 else { return nil }
        let first = head[head.startIndex]
        let second = head[head.startIndex + 1]
        var length = Int(second & 0x7F)
        if length >= 126 {
            let extended = try raw.read(count: length == 126 ? 2 : 8)
            length = extended.reduce(0) { $0 << 8 | Int($1) }
        }
        let isMasked = second & 0x80 != 0
        let key = isMasked ? [UInt8](try raw.read(count: 4)) : []
        var payload = [UInt8](try raw.read(count: length))
        guard payload.count == length else { return nil }
        if isMasked { payload = payload.enumerated().map { $0.element ^ key[$0.offset % 4] } }
        return ServerFrame(
            isFinal: first & 0x80 != 0, reservedBits: first & 0x70, opcode: first & 0x0F, isMasked: isMasked,
            payload: payload)
    }

    /// Whether the server ends the stream (a FIN or a reset) with nothing more sent.
    func readsEndOfStream() throws -> Bool {
        let (rest, end) = try raw.readToEnd()
        return rest.isEmpty && end != .timedOut
    }

    /// Writes `message` as one masked binary frame over and over until the server stops taking
    /// them (a write does not finish within `patience` milliseconds) or `limit` were sent.
    ///
    /// - Returns: How many whole frames were sent, and whether a write was held up.
    func sendUntilHeldUp(_ message: [UInt8], limit: Int, patience milliseconds: Int) -> (sent: Int, heldUp: Bool) {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: .init((milliseconds % 1000) * 1000))
        setsockopt(raw.descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let frame = Self.frame(opcode: 0x2, payload: message)
        for index in 0..<limit {
            var offset = 0
            while offset < frame.count {
                let count = frame[offset...].withUnsafeBytes { systemSend(raw.descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { return (index, true) }
                offset += count
            }
        }
        return (limit, false)
    }
}

/// `send(2)` under a name that the client's own `send` methods do not hide.
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    send(descriptor, bytes, count, 0)
}
