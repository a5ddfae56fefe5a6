import Foundation

extension WebSocketFrame {
    /// The frame as a client sends it: the header with the shortest length form (7-bit, 16-bit or
    /// 64-bit), the mask bit and `maskingKey`, then the payload masked with that key (§5.3).
    ///
    /// - Parameter maskingKey: A key from a strong random source, fresh for every frame.
    /// - Returns: The bytes to write.
    package func encoded(maskingKey: UInt32) -> [UInt8] {
        payload.withUnsafeBytes { Self.encoded(first: firstHeaderByte, payload: $0, maskingKey: maskingKey) }
    }

    /// The frame as a server sends it: unmasked. Tests and fuzzers use it to build client input too.
    ///
    /// - Returns: The bytes to write.
    package func encodedUnmasked() -> [UInt8] {
        payload.withUnsafeBytes { Self.encoded(first: firstHeaderByte, payload: $0, maskingKey: nil) }
    }

    /// The frame as `role` sends it: masked with a fresh key from the system's strong random
    /// generator by a client (§5.3 and §10.3: keys must not be predictable), unmasked by a server.
    ///
    /// - Parameter role: The sending end.
    /// - Returns: The bytes to write.
    package func encoded(as role: WebSocketRole) -> [UInt8] {
        switch role {
        case .client:
            var generator = SystemRandomNumberGenerator()
            return encoded(maskingKey: UInt32.random(in: .min ... .max, using: &generator))
        case .server:
            return encodedUnmasked()
        }
    }

    /// The header's length for a payload of `payloadCount` bytes.
    ///
    /// - Parameters:
    ///   - payloadCount: The payload's length.
    ///   - masked: Whether a masking key follows the length.
    /// - Returns: 2 to 14.
    package static func headerLength(payloadCount: Int, masked: Bool) -> Int {
        let lengthBytes = payloadCount < 126 ? 0 : payloadCount <= 0xFFFF ? 2 : 8
        return 2 + lengthBytes + (masked ? 4 : 0)
    }

    /// XORs `bytes[start...]` with the four bytes of `key`, the first payload byte with its most
    /// significant byte (§5.3); masking twice unmasks.
    ///
    /// - Parameters:
    ///   - bytes: The buffer, changed in place.
    ///   - start: Where the payload starts.
    ///   - key: The masking key.
    package static func mask(_ bytes: inout [UInt8], from start: Int, key: UInt32) {
        guard start < bytes.count else { return }
        bytes.withUnsafeMutableBytes { raw in
            let payload = UnsafeMutableRawBufferPointer(rebasing: raw[start...])
            mask(UnsafeRawBufferPointer(payload), into: payload, key: key)
        }
    }

    /// Writes `source` XORed with the four bytes of `key` to `destination` (§5.3): the one masking
    /// loop, for masking in place (the same memory twice) and for copying a payload into a frame.
    /// Thirty-two bytes at a time, then byte by byte.
    ///
    /// - Parameters:
    ///   - source: The payload's bytes.
    ///   - destination: Where the masked bytes go: `source` itself, or memory of at least its size
    ///     that does not overlap it.
    ///   - key: The masking key; its most significant byte masks the first byte.
    package static func mask(
        _ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, key: UInt32
    ) {
        let count = min(source.count, destination.count)
        guard count > 0 else { return }
        let keyBytes: (UInt8, UInt8, UInt8, UInt8) = (
            UInt8(key >> 24), UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8),
            UInt8(truncatingIfNeeded: key)
        )
        // The key four times over, laid out in memory order (whatever the machine's byte order).
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { raw in
            for offset in stride(from: 0, to: 8, by: 4) {
                raw[offset] = keyBytes.0
                raw[offset + 1] = keyBytes.1
                raw[offset + 2] = keyBytes.2
                raw[offset + 3] = keyBytes.3
            }
        }
        let wide = SIMD4<UInt64>(repeating: word)
        var index = 0
        while index + 32 <= count {
            let value = source.loadUnaligned(fromByteOffset: index, as: SIMD4<UInt64>.self) ^ wide
            destination.storeBytes(of: value, toByteOffset: index, as: SIMD4<UInt64>.self)
            index += 32
        }
        while index < count {
            let keyByte =
                switch index & 3 {
                case 0: keyBytes.0
                case 1: keyBytes.1
                case 2: keyBytes.2
                default: keyBytes.3
                }
            destination[index] = source[index] ^ keyByte
            index += 1
        }
    }

    /// A final data frame of `payload` as `role` sends it, made in one pass over the caller's bytes:
    /// they are copied into the frame (and masked on the way, by a client) with no array in between,
    /// which for a large message saves a copy and a pass over it.
    ///
    /// - Parameters:
    ///   - opcode: `.text` or `.binary`.
    ///   - payload: The message's bytes.
    ///   - reservedBits: RSV1 for a compressed message.
    ///   - role: The sending end.
    /// - Returns: The bytes to write.
    package static func encodedMessage(
        opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer, reservedBits: UInt8 = 0, role: WebSocketRole
    ) -> [UInt8] {
        var frame: [UInt8] = []
        encodeMessage(opcode: opcode, payload: payload, reservedBits: reservedBits, role: role, into: &frame)
        return frame
    }

    /// The frame ``encodedMessage(opcode:payload:reservedBits:role:)`` makes, written into `frame`:
    /// into its memory when it has room (a sender that reuses one array writes every frame to the
    /// same pages), else into a new array.
    ///
    /// - Parameters:
    ///   - opcode: `.text` or `.binary`.
    ///   - payload: The message's bytes.
    ///   - reservedBits: RSV1 for a compressed message.
    ///   - role: The sending end.
    ///   - frame: Replaced by the frame's bytes.
    package static func encodeMessage(
        opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer, reservedBits: UInt8 = 0, role: WebSocketRole,
        into frame: inout [UInt8]
    ) {
        var key: UInt32?
        if role == .client {
            var generator = SystemRandomNumberGenerator()
            key = UInt32.random(in: .min ... .max, using: &generator)
        }
        let first = 0x80 | (reservedBits & reservedBitsMask) | opcode.rawValue
        let total = headerLength(payloadCount: payload.count, masked: key != nil) + payload.count
        guard frame.capacity >= total else {
            frame = encoded(first: first, payload: payload, maskingKey: key)
            return
        }
        // Every byte is written below: the zeros only make up a shorter array's count.
        if frame.count > total {
            frame.removeLast(frame.count - total)
        } else if frame.count < total {
            frame.append(contentsOf: repeatElement(0, count: total - frame.count))
        }
        frame.withUnsafeMutableBytes { write(first: first, payload: payload, maskingKey: key, into: $0) }
    }

    /// FIN, RSV1–RSV3 and the opcode.
    private var firstHeaderByte: UInt8 {
        (isFinal ? 0x80 : 0) | (reservedBits & Self.reservedBitsMask) | opcode.rawValue
    }

    /// A frame's bytes, made in one pass over the payload: the header, then the payload copied into
    /// the frame (masked on the way when there is a key), with no array in between.
    private static func encoded(first: UInt8, payload: UnsafeRawBufferPointer, maskingKey key: UInt32?) -> [UInt8] {
        let total = headerLength(payloadCount: payload.count, masked: key != nil) + payload.count
        return [UInt8](unsafeUninitializedCapacity: total) { output, initialized in
            write(first: first, payload: payload, maskingKey: key, into: UnsafeMutableRawBufferPointer(output))
            initialized = total
        }
    }

    /// Writes a frame into `output`, which has exactly its size.
    private static func write(
        first: UInt8, payload: UnsafeRawBufferPointer, maskingKey key: UInt32?,
        into output: UnsafeMutableRawBufferPointer
    ) {
        let headerCount = headerLength(payloadCount: payload.count, masked: key != nil)
        writeHeader(into: output, first: first, count: payload.count, mask: key)
        let body = UnsafeMutableRawBufferPointer(rebasing: output[headerCount...])
        if let key {
            mask(payload, into: body, key: key)
        } else if !payload.isEmpty {
            body.copyMemory(from: payload)
        }
    }

    /// Writes the header (the shortest length form) at the start of `output`, which has room for it.
    private static func writeHeader(into output: UnsafeMutableRawBufferPointer, first: UInt8, count: Int, mask: UInt32?)
    {
        var index = 0
        func put(_ byte: UInt8) {
            output[index] = byte
            index += 1
        }
        put(first)
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if count < 126 {
            put(maskBit | UInt8(count))
        } else if count <= 0xFFFF {
            put(maskBit | 126)
            put(UInt8(count >> 8))
            put(UInt8(truncatingIfNeeded: count))
        } else {
            put(maskBit | 127)
            let length = UInt64(count)
            for shift in stride(from: 56, through: 0, by: -8) {
                put(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
            }
        }
        if let mask {
            for shift in stride(from: 24, through: 0, by: -8) { put(UInt8(truncatingIfNeeded: mask >> UInt32(shift))) }
        }
    }
}
