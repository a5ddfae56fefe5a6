extension WebSocketFrame {
    /// The frame as a client sends it: the header with the shortest length form (7-bit, 16-bit or
    /// 64-bit), the mask bit and `maskingKey`, then the payload masked with that key (§5.3).
    ///
    /// - Parameter maskingKey: A key from a strong random source, fresh for every frame.
    /// - Returns: The bytes to write.
    package func encoded(maskingKey: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerLength(payloadCount: payload.count, masked: true) + payload.count)
        appendHeader(to: &bytes, mask: maskingKey)
        let start = bytes.count
        bytes.append(contentsOf: payload)
        Self.mask(&bytes, from: start, key: maskingKey)
        return bytes
    }

    /// The frame as a server sends it: unmasked. Tests and fuzzers use it to build client input too.
    ///
    /// - Returns: The bytes to write.
    package func encodedUnmasked() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.headerLength(payloadCount: payload.count, masked: false) + payload.count)
        appendHeader(to: &bytes, mask: nil)
        bytes.append(contentsOf: payload)
        return bytes
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
        let keyBytes = [
            UInt8(key >> 24), UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8),
            UInt8(truncatingIfNeeded: key),
        ]
        // Eight bytes at a time: the key repeated twice, laid out in memory order.
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { raw in
            for index in 0..<8 { raw[index] = keyBytes[index % 4] }
        }
        bytes.withUnsafeMutableBytes { raw in
            var index = start
            while index + 8 <= raw.count {
                let value = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ word
                raw.storeBytes(of: value, toByteOffset: index, as: UInt64.self)
                index += 8
            }
            while index < raw.count {
                raw[index] ^= keyBytes[(index - start) % 4]
                index += 1
            }
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
        var key: UInt32?
        if role == .client {
            var generator = SystemRandomNumberGenerator()
            key = UInt32.random(in: .min ... .max, using: &generator)
        }
        var header: [UInt8] = []
        appendHeader(
            to: &header, first: 0x80 | (reservedBits & reservedBitsMask) | opcode.rawValue, count: payload.count,
            mask: key)
        let total = header.count + payload.count
        return [UInt8](unsafeUninitializedCapacity: total) { output, initialized in
            guard let base = output.baseAddress else {
                initialized = 0
                return
            }
            let raw = UnsafeMutableRawBufferPointer(output)
            raw.copyBytes(from: header)
            let start = header.count
            guard let key else {
                if let source = payload.baseAddress {
                    UnsafeMutableRawPointer(base + start).copyMemory(from: source, byteCount: payload.count)
                }
                initialized = total
                return
            }
            let keyBytes = [
                UInt8(key >> 24), UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8),
                UInt8(truncatingIfNeeded: key),
            ]
            var word: UInt64 = 0
            withUnsafeMutableBytes(of: &word) { bytes in
                for index in 0..<8 { bytes[index] = keyBytes[index % 4] }
            }
            var index = 0
            while index + 8 <= payload.count {
                let value = payload.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ word
                raw.storeBytes(of: value, toByteOffset: start + index, as: UInt64.self)
                index += 8
            }
            while index < payload.count {
                raw[start + index] = payload[index] ^ keyBytes[index % 4]
                index += 1
            }
            initialized = total
        }
    }

    private func appendHeader(to bytes: inout [UInt8], mask: UInt32?) {
        Self.appendHeader(
            to: &bytes, first: (isFinal ? 0x80 : 0) | (reservedBits & Self.reservedBitsMask) | opcode.rawValue,
            count: payload.count, mask: mask)
    }

    private static func appendHeader(to bytes: inout [UInt8], first: UInt8, count: Int, mask: UInt32?) {
        bytes.append(first)
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if count < 126 {
            bytes.append(maskBit | UInt8(count))
        } else if count <= 0xFFFF {
            bytes.append(maskBit | 126)
            bytes.append(UInt8(count >> 8))
            bytes.append(UInt8(truncatingIfNeeded: count))
        } else {
            bytes.append(maskBit | 127)
            let length = UInt64(count)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
            }
        }
        if let mask {
            for shift in stride(from: 24, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: mask >> UInt32(shift)))
            }
        }
    }
}
