/// The Salsa20/8 core of RFC 7914 §3: eight rounds over a 64-byte block, as sixteen words.
enum Salsa20Core {
    @inline(__always)
    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &<< count) | (value &>> (32 &- count))
    }

    /// Replaces the 16 words at `block` by Salsa20/8 of them (the rounds plus the input).
    @inline(__always)
    static func salsa8(_ block: UnsafeMutablePointer<UInt32>) {
        var x0 = block[0]
        var x1 = block[1]
        var x2 = block[2]
        var x3 = block[3]
        var x4 = block[4]
        var x5 = block[5]
        var x6 = block[6]
        var x7 = block[7]
        var x8 = block[8]
        var x9 = block[9]
        var x10 = block[10]
        var x11 = block[11]
        var x12 = block[12]
        var x13 = block[13]
        var x14 = block[14]
        var x15 = block[15]
        for _ in 0..<4 {
            // Columns.
            x4 ^= rotate(x0 &+ x12, 7)
            x8 ^= rotate(x4 &+ x0, 9)
            x12 ^= rotate(x8 &+ x4, 13)
            x0 ^= rotate(x12 &+ x8, 18)
            x9 ^= rotate(x5 &+ x1, 7)
            x13 ^= rotate(x9 &+ x5, 9)
            x1 ^= rotate(x13 &+ x9, 13)
            x5 ^= rotate(x1 &+ x13, 18)
            x14 ^= rotate(x10 &+ x6, 7)
            x2 ^= rotate(x14 &+ x10, 9)
            x6 ^= rotate(x2 &+ x14, 13)
            x10 ^= rotate(x6 &+ x2, 18)
            x3 ^= rotate(x15 &+ x11, 7)
            x7 ^= rotate(x3 &+ x15, 9)
            x11 ^= rotate(x7 &+ x3, 13)
            x15 ^= rotate(x11 &+ x7, 18)
            // Rows.
            x1 ^= rotate(x0 &+ x3, 7)
            x2 ^= rotate(x1 &+ x0, 9)
            x3 ^= rotate(x2 &+ x1, 13)
            x0 ^= rotate(x3 &+ x2, 18)
            x6 ^= rotate(x5 &+ x4, 7)
            x7 ^= rotate(x6 &+ x5, 9)
            x4 ^= rotate(x7 &+ x6, 13)
            x5 ^= rotate(x4 &+ x7, 18)
            x11 ^= rotate(x10 &+ x9, 7)
            x8 ^= rotate(x11 &+ x10, 9)
            x9 ^= rotate(x8 &+ x11, 13)
            x10 ^= rotate(x9 &+ x8, 18)
            x12 ^= rotate(x15 &+ x14, 7)
            x13 ^= rotate(x12 &+ x15, 9)
            x14 ^= rotate(x13 &+ x12, 13)
            x15 ^= rotate(x14 &+ x13, 18)
        }
        block[0] &+= x0
        block[1] &+= x1
        block[2] &+= x2
        block[3] &+= x3
        block[4] &+= x4
        block[5] &+= x5
        block[6] &+= x6
        block[7] &+= x7
        block[8] &+= x8
        block[9] &+= x9
        block[10] &+= x10
        block[11] &+= x11
        block[12] &+= x12
        block[13] &+= x13
        block[14] &+= x14
        block[15] &+= x15
    }
}
