extension ChaCha20 {
    typealias Lanes = SIMD4<UInt32>

    /// The right-shift halves of the rotations by 12, 8 and 7 (32 − 12, 32 − 8, 32 − 7), as scalars.
    ///
    /// They come from a function the optimiser cannot see through: when it knows both halves of a
    /// rotation it turns them into a vector rotate, which SSE2 lacks, and splits it into scalar
    /// instructions. A scalar count it cannot see is one `psrld` by a splatted count; a vector of
    /// counts it cannot see is a per-lane variable shift, which SSE2 lacks too (four shifts and
    /// shuffles each).
    struct RightShifts {
        var by20: UInt32
        var by24: UInt32
        var by25: UInt32
    }

    @inline(never)
    static func rightShifts() -> RightShifts {
        RightShifts(by20: 20, by24: 24, by25: 25)
    }

    /// Rotation by 16 swaps the halves of each word, written as a byte shuffle so that it compiles
    /// to `pshuflw` and `pshufhw` instead of two shifts, a copy and an OR. (Written as a rotation
    /// or as a shuffle of 16-bit halves, the optimiser recognises a rotate and lowers it badly.)
    @inline(__always)
    private static func rotate16(_ value: Lanes) -> Lanes {
        let b = unsafeBitCast(value, to: SIMD16<UInt8>.self)
        let swapped = SIMD16(
            b[2], b[3], b[0], b[1], b[6], b[7], b[4], b[5], b[10], b[11], b[8], b[9], b[14], b[15], b[12], b[13])
        return unsafeBitCast(swapped, to: Lanes.self)
    }

    @inline(__always)
    private static func quarterRound(
        _ a: inout Lanes, _ b: inout Lanes, _ c: inout Lanes, _ d: inout Lanes, _ shifts: RightShifts
    ) {
        a &+= b
        d ^= a
        d = rotate16(d)
        c &+= d
        b ^= c
        b = (b &<< 12) | (b &>> shifts.by20)
        a &+= b
        d ^= a
        d = (d &<< 8) | (d &>> shifts.by24)
        c &+= d
        b ^= c
        b = (b &<< 7) | (b &>> shifts.by25)
    }

    /// Writes the 256 bytes at `source` XOR four blocks of key stream (blocks `counter` to
    /// `counter + 3`) to `destination`, computing the four blocks side by side, one per SIMD lane.
    @inline(__always)
    static func apply4(
        _ input: Input, counter: UInt32, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer,
        shifts: RightShifts
    ) {
        var noMAC = Poly1305.idle
        apply4(input, counter: counter, from: source, to: destination, shifts: shifts, mac: &noMAC, macData: nil)
    }

    /// `apply4`, absorbing the 256 bytes at `macData` (when there are) into `mac` between the rounds:
    /// Poly1305's scalar multiplications then run beside ChaCha20's vector work instead of after it.
    @inline(__always)
    static func apply4(
        _ input: Input, counter: UInt32, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer,
        shifts: RightShifts, mac: inout Poly1305, macData: UnsafeRawPointer?
    ) {
        let k = input.key
        let n = input.nonce
        let counters = Lanes(counter, counter &+ 1, counter &+ 2, counter &+ 3)
        let s0 = Lanes(repeating: 0x6170_7865)
        let s1 = Lanes(repeating: 0x3320_646e)
        let s2 = Lanes(repeating: 0x7962_2d32)
        let s3 = Lanes(repeating: 0x6b20_6574)
        let s4 = Lanes(repeating: k.0)
        let s5 = Lanes(repeating: k.1)
        let s6 = Lanes(repeating: k.2)
        let s7 = Lanes(repeating: k.3)
        let s8 = Lanes(repeating: k.4)
        let s9 = Lanes(repeating: k.5)
        let s10 = Lanes(repeating: k.6)
        let s11 = Lanes(repeating: k.7)
        let s13 = Lanes(repeating: n.0)
        let s14 = Lanes(repeating: n.1)
        let s15 = Lanes(repeating: n.2)
        var x0 = s0
        var x1 = s1
        var x2 = s2
        var x3 = s3
        var x4 = s4
        var x5 = s5
        var x6 = s6
        var x7 = s7
        var x8 = s8
        var x9 = s9
        var x10 = s10
        var x11 = s11
        var x12 = counters
        var x13 = s13
        var x14 = s14
        var x15 = s15
        for round in 0..<10 {
            if let macData, round < 8 {
                mac.absorb(macData + round * 32)
                mac.absorb(macData + round * 32 + 16)
            }
            quarterRound(&x0, &x4, &x8, &x12, shifts)
            quarterRound(&x1, &x5, &x9, &x13, shifts)
            quarterRound(&x2, &x6, &x10, &x14, shifts)
            quarterRound(&x3, &x7, &x11, &x15, shifts)
            quarterRound(&x0, &x5, &x10, &x15, shifts)
            quarterRound(&x1, &x6, &x11, &x12, shifts)
            quarterRound(&x2, &x7, &x8, &x13, shifts)
            quarterRound(&x3, &x4, &x9, &x14, shifts)
        }
        xorTransposed(x0 &+ s0, x1 &+ s1, x2 &+ s2, x3 &+ s3, from: source, to: destination)
        xorTransposed(x4 &+ s4, x5 &+ s5, x6 &+ s6, x7 &+ s7, from: source + 16, to: destination + 16)
        xorTransposed(x8 &+ s8, x9 &+ s9, x10 &+ s10, x11 &+ s11, from: source + 32, to: destination + 32)
        xorTransposed(
            x12 &+ counters, x13 &+ s13, x14 &+ s14, x15 &+ s15, from: source + 48, to: destination + 48)
    }

    /// Words w…w+3 of the four blocks are lanes of `a`, `b`, `c`, `d`; block i's 16 bytes at
    /// `destination + 64 i` are those at `source + 64 i` XOR (a[i], b[i], c[i], d[i]).
    @inline(__always)
    private static func xorTransposed(
        _ a: Lanes, _ b: Lanes, _ c: Lanes, _ d: Lanes, from source: UnsafeRawPointer,
        to destination: UnsafeMutableRawPointer
    ) {
        for lane in 0..<4 {
            let stream = Lanes(a[lane], b[lane], c[lane], d[lane])
            let plain = source.loadUnaligned(fromByteOffset: lane * 64, as: Lanes.self)
            destination.storeBytes(of: plain ^ stream, toByteOffset: lane * 64, as: Lanes.self)
        }
    }
}
