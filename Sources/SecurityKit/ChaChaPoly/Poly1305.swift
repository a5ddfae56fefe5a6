/// The Poly1305 one-time authenticator of RFC 8439 §2.5, with 26-bit limbs.
struct Poly1305 {
    private var r0, r1, r2, r3, r4: UInt64
    private var s1, s2, s3, s4: UInt64
    private var h0: UInt64 = 0
    private var h1: UInt64 = 0
    private var h2: UInt64 = 0
    private var h3: UInt64 = 0
    private var h4: UInt64 = 0
    private let pad: (UInt32, UInt32, UInt32, UInt32)

    /// Starts a MAC with a 32-byte one-time key (r, then s).
    init(key: UnsafeRawPointer) {
        func word(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: key.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        r0 = word(0) & 0x3ff_ffff
        r1 = (word(3) >> 2) & 0x3ff_ff03
        r2 = (word(6) >> 4) & 0x3ff_c0ff
        r3 = (word(9) >> 6) & 0x3f0_3fff
        r4 = (word(12) >> 8) & 0x00f_ffff
        s1 = r1 * 5
        s2 = r2 * 5
        s3 = r3 * 5
        s4 = r4 * 5
        pad = (UInt32(word(16)), UInt32(word(20)), UInt32(word(24)), UInt32(word(28)))
    }

    /// Absorbs one 16-byte block; `highBit` is 1 << 24 for a full block, 0 for a padded last one.
    @inline(__always)
    private mutating func block(_ m: UnsafeRawPointer, highBit: UInt64) {
        func word(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: m.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        h0 += word(0) & 0x3ff_ffff
        h1 += (word(3) >> 2) & 0x3ff_ffff
        h2 += (word(6) >> 4) & 0x3ff_ffff
        h3 += (word(9) >> 6) & 0x3ff_ffff
        h4 += (word(12) >> 8) | highBit
        let d0 = h0 * r0 + h1 * s4 + h2 * s3 + h3 * s2 + h4 * s1
        var d1 = h0 * r1 + h1 * r0 + h2 * s4 + h3 * s3 + h4 * s2
        var d2 = h0 * r2 + h1 * r1 + h2 * r0 + h3 * s4 + h4 * s3
        var d3 = h0 * r3 + h1 * r2 + h2 * r1 + h3 * r0 + h4 * s4
        var d4 = h0 * r4 + h1 * r3 + h2 * r2 + h3 * r1 + h4 * r0
        var carry = d0 >> 26
        h0 = d0 & 0x3ff_ffff
        d1 += carry
        carry = d1 >> 26
        h1 = d1 & 0x3ff_ffff
        d2 += carry
        carry = d2 >> 26
        h2 = d2 & 0x3ff_ffff
        d3 += carry
        carry = d3 >> 26
        h3 = d3 & 0x3ff_ffff
        d4 += carry
        carry = d4 >> 26
        h4 = d4 & 0x3ff_ffff
        h0 += carry * 5
        carry = h0 >> 26
        h0 &= 0x3ff_ffff
        h1 += carry
    }

    /// Absorbs `data`. With `padToBlock` the last partial block is zero-padded to 16 bytes and counts
    /// as a full block (the AEAD construction); without it, it gets the 0x01 byte of a message's end.
    mutating func update(_ data: UnsafeRawBufferPointer, padToBlock: Bool) {
        guard let base = data.baseAddress else { return }
        var offset = 0
        while data.count - offset >= 16 {
            block(base + offset, highBit: 1 << 24)
            offset += 16
        }
        let remaining = data.count - offset
        guard remaining > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            guard let last = buffer.baseAddress else { return }
            last.initialize(repeating: 0, count: 16)
            last.initialize(from: base.assumingMemoryBound(to: UInt8.self) + offset, count: remaining)
            if padToBlock {
                block(UnsafeRawPointer(last), highBit: 1 << 24)
            } else {
                last[remaining] = 1
                block(UnsafeRawPointer(last), highBit: 0)
            }
        }
    }

    /// Finishes: reduces modulo 2^130 − 5, adds s and returns the 16-byte tag.
    mutating func finalize() -> [UInt8] {
        var carry = h1 >> 26
        h1 &= 0x3ff_ffff
        h2 += carry
        carry = h2 >> 26
        h2 &= 0x3ff_ffff
        h3 += carry
        carry = h3 >> 26
        h3 &= 0x3ff_ffff
        h4 += carry
        carry = h4 >> 26
        h4 &= 0x3ff_ffff
        h0 += carry * 5
        carry = h0 >> 26
        h0 &= 0x3ff_ffff
        h1 += carry
        // g = h + 5 − 2^130; use it when it does not go negative.
        var g0 = h0 + 5
        carry = g0 >> 26
        g0 &= 0x3ff_ffff
        var g1 = h1 + carry
        carry = g1 >> 26
        g1 &= 0x3ff_ffff
        var g2 = h2 + carry
        carry = g2 >> 26
        g2 &= 0x3ff_ffff
        var g3 = h3 + carry
        carry = g3 >> 26
        g3 &= 0x3ff_ffff
        let g4 = (h4 + carry) &- (1 << 26)
        let useG = (g4 >> 63) &- 1  // all ones when g4 did not borrow
        let keepH = ~useG
        let f0 = (h0 & keepH) | (g0 & useG)
        let f1 = (h1 & keepH) | (g1 & useG)
        let f2 = (h2 & keepH) | (g2 & useG)
        let f3 = (h3 & keepH) | (g3 & useG)
        let f4 = (h4 & keepH) | (g4 & useG & 0x3ff_ffff)
        let w0 = UInt32(truncatingIfNeeded: f0 | (f1 << 26))
        let w1 = UInt32(truncatingIfNeeded: (f1 >> 6) | (f2 << 20))
        let w2 = UInt32(truncatingIfNeeded: (f2 >> 12) | (f3 << 14))
        let w3 = UInt32(truncatingIfNeeded: (f3 >> 18) | (f4 << 8))
        var sum = UInt64(w0) + UInt64(pad.0)
        let t0 = UInt32(truncatingIfNeeded: sum)
        sum = UInt64(w1) + UInt64(pad.1) + (sum >> 32)
        let t1 = UInt32(truncatingIfNeeded: sum)
        sum = UInt64(w2) + UInt64(pad.2) + (sum >> 32)
        let t2 = UInt32(truncatingIfNeeded: sum)
        sum = UInt64(w3) + UInt64(pad.3) + (sum >> 32)
        let t3 = UInt32(truncatingIfNeeded: sum)
        var tag: [UInt8] = []
        tag.reserveCapacity(16)
        for word in [t0, t1, t2, t3] {
            for shift in stride(from: 0, to: 32, by: 8) { tag.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return tag
    }

    /// The Poly1305 tag of `message` under a 32-byte one-time key (RFC 8439 §2.5).
    static func authenticate(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        key.withUnsafeBytes { keyBytes in
            guard let keyBase = keyBytes.baseAddress, keyBytes.count == 32 else { return [] }
            var mac = Poly1305(key: keyBase)
            message.withUnsafeBytes { mac.update($0, padToBlock: false) }
            return mac.finalize()
        }
    }
}
