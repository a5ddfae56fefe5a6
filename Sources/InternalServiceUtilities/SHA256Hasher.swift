package import Foundation

/// SHA-256 (FIPS 180-4), shared by the modules that need it: SecurityKit (its public `SHA256`, HMAC
/// and PBKDF2 inside scrypt) and NetworkKit (public-key pins, which are SHA-256 digests of keys).
///
/// ```swift
/// let digest = SHA256Hasher.hash(Data("abc".utf8))  // 32 bytes
/// var hasher = SHA256Hasher()
/// hasher.update(Data("a".utf8)); hasher.update(Data("bc".utf8))
/// let same = hasher.finalize()
/// ```
package struct SHA256Hasher: Sendable {
    /// The digest length in bytes.
    package static let digestLength = 32
    /// The block length in bytes.
    package static let blockLength = 64

    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    private var totalLength: UInt64 = 0

    /// Creates a hasher with nothing absorbed yet.
    package init() {
        pending.reserveCapacity(Self.blockLength)
    }

    /// Hashes `data` in one call.
    ///
    /// - Parameter data: The message.
    /// - Returns: The 32-byte digest.
    package static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Absorbs more of the message.
    ///
    /// - Parameter data: The next bytes.
    package mutating func update(_ data: some ContiguousBytes) {
        data.withUnsafeBytes { update(bytes: $0) }
    }

    /// Absorbs bytes in place, without the generic indirection of `update(_:)`.
    ///
    /// - Parameter input: The next bytes.
    package mutating func update(bytes input: UnsafeRawBufferPointer) {
        totalLength &+= UInt64(input.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(Self.blockLength - pending.count, input.count)
            pending.append(contentsOf: input[0..<take])
            offset = take
            guard pending.count == Self.blockLength else { return }
            pending.withUnsafeBytes { block in compress(blocks: block) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (input.count - offset) / Self.blockLength * Self.blockLength
        if whole > 0 {
            compress(blocks: UnsafeRawBufferPointer(rebasing: input[offset..<(offset + whole)]))
            offset += whole
        }
        pending.append(contentsOf: input[offset...])
    }

    /// Finishes the hash: pads the message and returns the digest.
    ///
    /// - Returns: The 32-byte digest.
    package mutating func finalize() -> [UInt8] {
        let bitLength = totalLength &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % Self.blockLength != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> shift)) }
        tail.withUnsafeBytes { compress(blocks: $0) }
        pending.removeAll()
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestLength)
        for word in state {
            digest.append(contentsOf: [
                UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word),
            ])
        }
        return digest
    }

    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        state.withUnsafeMutableBufferPointer { hash in
            Self.roundConstants.withUnsafeBufferPointer { constants in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                    var offset = 0
                    while offset + Self.blockLength <= blocks.count {
                        Self.compress(
                            block: UnsafeRawBufferPointer(rebasing: blocks[offset..<(offset + Self.blockLength)]),
                            hash: hash, constants: constants, schedule: schedule)
                        offset += Self.blockLength
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &>> count) | (value &<< (32 &- count))
    }

    private static func compress(
        block: UnsafeRawBufferPointer, hash: UnsafeMutableBufferPointer<UInt32>,
        constants: UnsafeBufferPointer<UInt32>, schedule: UnsafeMutableBufferPointer<UInt32>
    ) {
        for index in 0..<16 {
            schedule[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        }
        for index in 16..<64 {
            let w15 = schedule[index - 15]
            let w2 = schedule[index - 2]
            let s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
            let s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
            schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
        }
        var a = hash[0]
        var b = hash[1]
        var c = hash[2]
        var d = hash[3]
        var e = hash[4]
        var f = hash[5]
        var g = hash[6]
        var h = hash[7]
        for index in 0..<64 {
            let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choice &+ constants[index] &+ schedule[index]
            let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = sum0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ temp2
        }
        hash[0] &+= a
        hash[1] &+= b
        hash[2] &+= c
        hash[3] &+= d
        hash[4] &+= e
        hash[5] &+= f
        hash[6] &+= g
        hash[7] &+= h
    }
}
