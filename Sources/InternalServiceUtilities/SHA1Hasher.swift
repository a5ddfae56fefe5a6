package import Foundation

/// SHA-1 (FIPS 180-4), for the one protocol that still names it: the WebSocket handshake's
/// `Sec-WebSocket-Accept` (RFC 6455 §4.2.2), which is a checksum of the client's key and not a
/// security property. Never use it to protect anything.
///
/// ```swift
/// let digest = SHA1Hasher.hash(Data("abc".utf8))  // 20 bytes
/// ```
package struct SHA1Hasher: Sendable {
    /// The digest length in bytes.
    package static let digestLength = 20
    /// The block length in bytes.
    package static let blockLength = 64

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476, 0xc3d2_e1f0
    )
    private var pending: [UInt8] = []
    private var totalLength: UInt64 = 0

    /// Creates a hasher with nothing absorbed yet.
    package init() {
        pending.reserveCapacity(Self.blockLength)
    }

    /// Hashes `data` in one call.
    ///
    /// - Parameter data: The message.
    /// - Returns: The 20-byte digest.
    package static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        var hasher = SHA1Hasher()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Absorbs more of the message.
    ///
    /// - Parameter data: The next bytes.
    package mutating func update(_ data: some ContiguousBytes) {
        data.withUnsafeBytes { input in
            totalLength &+= UInt64(input.count)
            for byte in input {
                pending.append(byte)
                if pending.count == Self.blockLength {
                    compressPending()
                }
            }
        }
    }

    /// Finishes the hash: pads the message and returns the digest.
    ///
    /// - Returns: The 20-byte digest.
    package mutating func finalize() -> [UInt8] {
        let bitLength = totalLength &* 8
        pending.append(0x80)
        if pending.count > 56 {
            while pending.count < Self.blockLength { pending.append(0) }
            compressPending()
        }
        while pending.count < 56 { pending.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            pending.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        compressPending()
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestLength)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            for shift in stride(from: 24, through: 0, by: -8) {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
            }
        }
        return digest
    }

    private mutating func compressPending() {
        var schedule = [UInt32](repeating: 0, count: 80)
        for index in 0..<16 {
            schedule[index] =
                UInt32(pending[index * 4]) << 24 | UInt32(pending[index * 4 + 1]) << 16
                | UInt32(pending[index * 4 + 2]) << 8 | UInt32(pending[index * 4 + 3])
        }
        pending.removeAll(keepingCapacity: true)
        for index in 16..<80 {
            let mixed = schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16]
            schedule[index] = Self.rotate(mixed, 1)
        }
        var (a, b, c, d, e) = state
        for index in 0..<80 {
            let mix: UInt32
            let constant: UInt32
            switch index {
            case 0..<20:
                mix = (b & c) | (~b & d)
                constant = 0x5a82_7999
            case 20..<40:
                mix = b ^ c ^ d
                constant = 0x6ed9_eba1
            case 40..<60:
                mix = (b & c) | (b & d) | (c & d)
                constant = 0x8f1b_bcdc
            default:
                mix = b ^ c ^ d
                constant = 0xca62_c1d6
            }
            let temporary = Self.rotate(a, 5) &+ mix &+ e &+ constant &+ schedule[index]
            e = d
            d = c
            c = Self.rotate(b, 30)
            b = a
            a = temporary
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &<< count) | (value &>> (32 &- count))
    }
}
