/// The Poly1305 one-time authenticator of RFC 8439 §2.5, in radix 2^64.
///
/// The accumulator is h = h0 + 2^64 h1 + 2^128 h2 (h2 a few bits), r = r0 + 2^64 r1. The clamp
/// clears the low two bits of r1, so the 2^128 terms fold back as multiples of
/// `s1 = r1 + r1 / 4 = 5 r1 / 4` (2^130 ≡ 5 mod p): each block costs four 64 × 64 → 128-bit
/// products and two small ones.
struct Poly1305 {
    private let r0: UInt64
    private let r1: UInt64
    private let s1: UInt64
    private var h0: UInt64 = 0
    private var h1: UInt64 = 0
    private var h2: UInt64 = 0
    private let pad0: UInt64
    private let pad1: UInt64

    /// Starts a MAC with a 32-byte one-time key (r, then s).
    init(key: UnsafeRawPointer) {
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: key.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        self.init(r0: word(0), r1: word(8), pad0: word(16), pad1: word(24))
    }

    private init(r0: UInt64, r1: UInt64, pad0: UInt64, pad1: UInt64) {
        self.r0 = r0 & 0x0fff_fffc_0fff_ffff
        self.r1 = r1 & 0x0fff_fffc_0fff_fffc
        s1 = self.r1 &+ (self.r1 >> 2)
        self.pad0 = pad0
        self.pad1 = pad1
    }

    /// A MAC that is never finalised, for callers that take one but have nothing to absorb.
    static var idle: Poly1305 { Poly1305(r0: 0, r1: 0, pad0: 0, pad1: 0) }

    /// Absorbs one full 16-byte block.
    @inline(__always)
    mutating func absorb(_ m: UnsafeRawPointer) {
        block(m, highBit: 1)
    }

    /// A 128-bit sum of products, high and low halves.
    private struct Wide {
        var high: UInt64
        var low: UInt64

        @inline(__always)
        init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        @inline(__always)
        init(_ a: UInt64, times b: UInt64) {
            (high, low) = a.multipliedFullWidth(by: b)
        }

        @inline(__always)
        mutating func add(_ a: UInt64, times b: UInt64) {
            let product = a.multipliedFullWidth(by: b)
            add(high: product.high, low: product.low)
        }

        @inline(__always)
        mutating func add(high: UInt64, low: UInt64) {
            let (sum, carry) = self.low.addingReportingOverflow(low)
            self.low = sum
            self.high = self.high &+ high &+ (carry ? 1 : 0)
        }
    }

    /// h ← (h + m) · r mod p, partly reduced (h2 ≤ 4 afterwards); `highBit` is 1 for a full block.
    @inline(__always)
    private mutating func block(_ m: UnsafeRawPointer, highBit: UInt64) {
        let m0 = UInt64(littleEndian: m.loadUnaligned(as: UInt64.self))
        let m1 = UInt64(littleEndian: m.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        // Two-limb sums compile to add/adc; the carry out of the top limb comes from its bits
        // (a full adder's majority), since adding a 0-or-1 flag compiles to a data-dependent branch.
        var sum = Wide(high: h1, low: h0)
        sum.add(high: m1, low: m0)
        let a0 = sum.low
        let a1 = sum.high
        let a2 = h2 &+ highBit &+ (((h1 & m1) | ((h1 | m1) & ~a1)) >> 63)
        var d0 = Wide(a0, times: r0)
        d0.add(a1, times: s1)
        var d1 = Wide(a0, times: r1)
        d1.add(a1, times: r0)
        d1.add(high: 0, low: a2 &* s1)
        d1.add(high: 0, low: d0.high)
        let d2 = a2 &* r0 &+ d1.high
        // Fold the bits above 2^130 back in as 5 × (d2 >> 2).
        let fold = (d2 & ~3) &+ (d2 >> 2)
        var e = Wide(high: d1.low, low: d0.low)
        e.add(high: 0, low: fold)
        h0 = e.low
        h1 = e.high
        h2 = (d2 & 3) &+ ((d1.low & ~e.high) >> 63)
    }

    /// Absorbs `data`. With `padToBlock` the last partial block is zero-padded to 16 bytes and counts
    /// as a full block (the AEAD construction); without it, it gets the 0x01 byte of a message's end.
    mutating func update(_ data: UnsafeRawBufferPointer, padToBlock: Bool) {
        guard let base = data.baseAddress else { return }
        var offset = 0
        while data.count - offset >= 16 {
            block(base + offset, highBit: 1)
            offset += 16
        }
        let remaining = data.count - offset
        guard remaining > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            guard let last = buffer.baseAddress else { return }
            last.initialize(repeating: 0, count: 16)
            last.update(from: base.assumingMemoryBound(to: UInt8.self) + offset, count: remaining)
            if padToBlock {
                block(UnsafeRawPointer(last), highBit: 1)
            } else {
                last[remaining] = 1
                block(UnsafeRawPointer(last), highBit: 0)
            }
        }
    }

    /// Finishes: reduces modulo 2^130 − 5, adds s and returns the 16-byte tag.
    mutating func finalize() -> [UInt8] {
        // h2 ≤ 4 here; fold its bits above 2^130 once more, leaving h < 2p.
        let fold = (h2 & ~3) &+ (h2 >> 2)
        let (a0, c0) = h0.addingReportingOverflow(fold)
        let (a1, c1) = h1.addingReportingOverflow(c0 ? 1 : 0)
        let a2 = (h2 & 3) &+ (c1 ? 1 : 0)
        // g = h + 5 − 2^130; use it when it does not go negative (g's bit 130 set).
        let (g0, d0) = a0.addingReportingOverflow(5)
        let (g1, d1) = a1.addingReportingOverflow(d0 ? 1 : 0)
        let g2 = a2 &+ (d1 ? 1 : 0)
        let useG = 0 &- (g2 >> 2)  // all ones when h ≥ p
        let f0 = (a0 & ~useG) | (g0 & useG)
        let f1 = (a1 & ~useG) | (g1 & useG)
        let (t0, carry) = f0.addingReportingOverflow(pad0)
        let t1 = f1 &+ pad1 &+ (carry ? 1 : 0)
        var tag: [UInt8] = []
        tag.reserveCapacity(16)
        for word in [t0, t1] {
            for shift in stride(from: 0, to: 64, by: 8) { tag.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
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
