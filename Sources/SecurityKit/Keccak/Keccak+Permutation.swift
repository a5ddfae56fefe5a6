// The Keccak-f[1600] permutation of FIPS 202, unrolled within a round so the 25 lanes stay in
// local variables. The round body was written out from the specification's θ, ρ, π, χ and ι steps.

extension Keccak {
    /// The 24 round constants of the ι step (FIPS 202, §3.2.5).
    static let roundConstants: [UInt64] = [
        0x0000000000000001,
        0x0000000000008082,
        0x800000000000808A,
        0x8000000080008000,
        0x000000000000808B,
        0x0000000080000001,
        0x8000000080008081,
        0x8000000000008009,
        0x000000000000008A,
        0x0000000000000088,
        0x0000000080008009,
        0x000000008000000A,
        0x000000008000808B,
        0x800000000000008B,
        0x8000000000008089,
        0x8000000000008003,
        0x8000000000008002,
        0x8000000000000080,
        0x000000000000800A,
        0x800000008000000A,
        0x8000000080008081,
        0x8000000000008080,
        0x0000000080000001,
        0x8000000080008008,
    ]

    /// Rotates a lane left by `count` bits (1…63).
    @inline(__always)
    static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value &<< count) | (value &>> (64 &- count))
    }

    /// Applies Keccak-f[1600] to the 25 lanes at `state` (lane x + 5y at index x + 5y).
    static func permute(_ state: UnsafeMutablePointer<UInt64>) {
        roundConstants.withUnsafeBufferPointer { constants in
            permute(state, constants: constants)
        }
    }

    // swift-format-ignore: NoAssignmentInExpressions
    @inline(__always)
    private static func permute(_ state: UnsafeMutablePointer<UInt64>, constants: UnsafeBufferPointer<UInt64>) {
        var a00 = state[0]
        var a01 = state[1]
        var a02 = state[2]
        var a03 = state[3]
        var a04 = state[4]
        var a05 = state[5]
        var a06 = state[6]
        var a07 = state[7]
        var a08 = state[8]
        var a09 = state[9]
        var a10 = state[10]
        var a11 = state[11]
        var a12 = state[12]
        var a13 = state[13]
        var a14 = state[14]
        var a15 = state[15]
        var a16 = state[16]
        var a17 = state[17]
        var a18 = state[18]
        var a19 = state[19]
        var a20 = state[20]
        var a21 = state[21]
        var a22 = state[22]
        var a23 = state[23]
        var a24 = state[24]
        for round in 0..<24 {
            let c0 = a00 ^ a05 ^ a10 ^ a15 ^ a20
            let c1 = a01 ^ a06 ^ a11 ^ a16 ^ a21
            let c2 = a02 ^ a07 ^ a12 ^ a17 ^ a22
            let c3 = a03 ^ a08 ^ a13 ^ a18 ^ a23
            let c4 = a04 ^ a09 ^ a14 ^ a19 ^ a24
            let d0 = c4 ^ rotate(c1, 1)
            let d1 = c0 ^ rotate(c2, 1)
            let d2 = c1 ^ rotate(c3, 1)
            let d3 = c2 ^ rotate(c4, 1)
            let d4 = c3 ^ rotate(c0, 1)
            let b00 = a00 ^ d0
            let b16 = rotate(a05 ^ d0, 36)
            let b07 = rotate(a10 ^ d0, 3)
            let b23 = rotate(a15 ^ d0, 41)
            let b14 = rotate(a20 ^ d0, 18)
            let b10 = rotate(a01 ^ d1, 1)
            let b01 = rotate(a06 ^ d1, 44)
            let b17 = rotate(a11 ^ d1, 10)
            let b08 = rotate(a16 ^ d1, 45)
            let b24 = rotate(a21 ^ d1, 2)
            let b20 = rotate(a02 ^ d2, 62)
            let b11 = rotate(a07 ^ d2, 6)
            let b02 = rotate(a12 ^ d2, 43)
            let b18 = rotate(a17 ^ d2, 15)
            let b09 = rotate(a22 ^ d2, 61)
            let b05 = rotate(a03 ^ d3, 28)
            let b21 = rotate(a08 ^ d3, 55)
            let b12 = rotate(a13 ^ d3, 25)
            let b03 = rotate(a18 ^ d3, 21)
            let b19 = rotate(a23 ^ d3, 56)
            let b15 = rotate(a04 ^ d4, 27)
            let b06 = rotate(a09 ^ d4, 20)
            let b22 = rotate(a14 ^ d4, 39)
            let b13 = rotate(a19 ^ d4, 8)
            let b04 = rotate(a24 ^ d4, 14)
            a00 = b00 ^ (~b01 & b02)
            a01 = b01 ^ (~b02 & b03)
            a02 = b02 ^ (~b03 & b04)
            a03 = b03 ^ (~b04 & b00)
            a04 = b04 ^ (~b00 & b01)
            a05 = b05 ^ (~b06 & b07)
            a06 = b06 ^ (~b07 & b08)
            a07 = b07 ^ (~b08 & b09)
            a08 = b08 ^ (~b09 & b05)
            a09 = b09 ^ (~b05 & b06)
            a10 = b10 ^ (~b11 & b12)
            a11 = b11 ^ (~b12 & b13)
            a12 = b12 ^ (~b13 & b14)
            a13 = b13 ^ (~b14 & b10)
            a14 = b14 ^ (~b10 & b11)
            a15 = b15 ^ (~b16 & b17)
            a16 = b16 ^ (~b17 & b18)
            a17 = b17 ^ (~b18 & b19)
            a18 = b18 ^ (~b19 & b15)
            a19 = b19 ^ (~b15 & b16)
            a20 = b20 ^ (~b21 & b22)
            a21 = b21 ^ (~b22 & b23)
            a22 = b22 ^ (~b23 & b24)
            a23 = b23 ^ (~b24 & b20)
            a24 = b24 ^ (~b20 & b21)
            a00 ^= constants[round]
        }
        state[0] = a00
        state[1] = a01
        state[2] = a02
        state[3] = a03
        state[4] = a04
        state[5] = a05
        state[6] = a06
        state[7] = a07
        state[8] = a08
        state[9] = a09
        state[10] = a10
        state[11] = a11
        state[12] = a12
        state[13] = a13
        state[14] = a14
        state[15] = a15
        state[16] = a16
        state[17] = a17
        state[18] = a18
        state[19] = a19
        state[20] = a20
        state[21] = a21
        state[22] = a22
        state[23] = a23
        state[24] = a24
    }
}
