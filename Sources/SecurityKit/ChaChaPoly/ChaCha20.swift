/// The ChaCha20 stream cipher of RFC 8439 §2.3–2.4: a 256-bit key, a 96-bit nonce and a 32-bit
/// block counter.
enum ChaCha20 {
    /// The key as eight little-endian words, and the nonce as three.
    struct Input {
        var key: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
        var nonce: (UInt32, UInt32, UInt32)
    }

    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &<< count) | (value &>> (32 &- count))
    }

    @inline(__always)
    private static func quarterRound(_ a: inout UInt32, _ b: inout UInt32, _ c: inout UInt32, _ d: inout UInt32) {
        a &+= b
        d = rotate(d ^ a, 16)
        c &+= d
        b = rotate(b ^ c, 12)
        a &+= b
        d = rotate(d ^ a, 8)
        c &+= d
        b = rotate(b ^ c, 7)
    }

    /// Computes the 64-byte block for `counter` and hands its sixteen words to `body`.
    @inline(__always)
    static func block(_ input: Input, counter: UInt32, into words: UnsafeMutablePointer<UInt32>) {
        let k = input.key
        let n = input.nonce
        var x0: UInt32 = 0x6170_7865
        var x1: UInt32 = 0x3320_646e
        var x2: UInt32 = 0x7962_2d32
        var x3: UInt32 = 0x6b20_6574
        var x4 = k.0
        var x5 = k.1
        var x6 = k.2
        var x7 = k.3
        var x8 = k.4
        var x9 = k.5
        var x10 = k.6
        var x11 = k.7
        var x12 = counter
        var x13 = n.0
        var x14 = n.1
        var x15 = n.2
        for _ in 0..<10 {
            quarterRound(&x0, &x4, &x8, &x12)
            quarterRound(&x1, &x5, &x9, &x13)
            quarterRound(&x2, &x6, &x10, &x14)
            quarterRound(&x3, &x7, &x11, &x15)
            quarterRound(&x0, &x5, &x10, &x15)
            quarterRound(&x1, &x6, &x11, &x12)
            quarterRound(&x2, &x7, &x8, &x13)
            quarterRound(&x3, &x4, &x9, &x14)
        }
        words[0] = x0 &+ 0x6170_7865
        words[1] = x1 &+ 0x3320_646e
        words[2] = x2 &+ 0x7962_2d32
        words[3] = x3 &+ 0x6b20_6574
        words[4] = x4 &+ k.0
        words[5] = x5 &+ k.1
        words[6] = x6 &+ k.2
        words[7] = x7 &+ k.3
        words[8] = x8 &+ k.4
        words[9] = x9 &+ k.5
        words[10] = x10 &+ k.6
        words[11] = x11 &+ k.7
        words[12] = x12 &+ counter
        words[13] = x13 &+ n.0
        words[14] = x14 &+ n.1
        words[15] = x15 &+ n.2
    }

    /// XORs the key stream, starting at block `counter`, into `data` in place.
    static func apply(_ input: Input, counter: UInt32, to data: UnsafeMutableRawBufferPointer) {
        guard let base = data.baseAddress else { return }
        apply(input, counter: counter, from: UnsafeRawPointer(base), to: base, count: data.count)
    }

    /// Writes `count` bytes of `source` XOR the key stream (from block `counter`) to `destination`,
    /// which may be `source` itself.
    static func apply(
        _ input: Input, counter: UInt32, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer,
        count: Int
    ) {
        var blockCounter = counter
        var offset = 0
        #if _endian(little)
            // Four blocks at a time in SIMD lanes; the words are little-endian in memory already.
            let shifts = rightShifts()
            while count - offset >= 256 {
                apply4(input, counter: blockCounter, from: source + offset, to: destination + offset, shifts: shifts)
                offset += 256
                blockCounter &+= 4
            }
        #endif
        applyBlocks(
            input, counter: blockCounter, from: source + offset, to: destination + offset, count: count - offset)
    }

    /// The one-block-at-a-time path, for tails and big-endian machines.
    static func applyBlocks(
        _ input: Input, counter: UInt32, from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer,
        count: Int
    ) {
        guard count > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { buffer in
            guard let words = buffer.baseAddress else { return }
            var blockCounter = counter
            var offset = 0
            while offset < count {
                block(input, counter: blockCounter, into: words)
                let remaining = count - offset
                if remaining >= 64 {
                    for index in 0..<16 {
                        let position = offset + index * 4
                        let plain = UInt32(
                            littleEndian: source.loadUnaligned(fromByteOffset: position, as: UInt32.self))
                        destination.storeBytes(
                            of: (plain ^ words[index]).littleEndian, toByteOffset: position, as: UInt32.self)
                    }
                } else {
                    for index in 0..<remaining {
                        let byte = UInt8(truncatingIfNeeded: words[index / 4] >> (UInt32(index % 4) * 8))
                        let plain = source.load(fromByteOffset: offset + index, as: UInt8.self)
                        destination.storeBytes(of: plain ^ byte, toByteOffset: offset + index, as: UInt8.self)
                    }
                }
                offset += 64
                blockCounter &+= 1
            }
            words.update(repeating: 0, count: 16)
        }
    }
}
