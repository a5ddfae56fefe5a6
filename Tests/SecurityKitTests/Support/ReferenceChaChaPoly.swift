/// A deliberately plain ChaCha20-Poly1305 (RFC 8439 §2.3–2.8), written straight from the RFC's
/// pseudocode with no SIMD, no stitching and a schoolbook big number for Poly1305, to check the
/// optimised implementation against on long and awkwardly sized messages.
enum ReferenceChaChaPoly {
    /// The 64-byte ChaCha20 block for `counter` (§2.3).
    static func block(key: [UInt8], counter: UInt32, nonce: [UInt8]) -> [UInt8] {
        func word(_ bytes: [UInt8], _ index: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[index * 4 + $1]) << (8 * UInt32($1)) }
        }
        var initial: [UInt32] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]
        initial += (0..<8).map { word(key, $0) }
        initial += [counter] + (0..<3).map { word(nonce, $0) }
        var state = initial
        func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { (value << count) | (value >> (32 - count)) }
        func quarterRound(_ a: Int, _ b: Int, _ c: Int, _ d: Int) {
            state[a] &+= state[b]
            state[d] = rotate(state[d] ^ state[a], 16)
            state[c] &+= state[d]
            state[b] = rotate(state[b] ^ state[c], 12)
            state[a] &+= state[b]
            state[d] = rotate(state[d] ^ state[a], 8)
            state[c] &+= state[d]
            state[b] = rotate(state[b] ^ state[c], 7)
        }
        for _ in 0..<10 {
            quarterRound(0, 4, 8, 12)
            quarterRound(1, 5, 9, 13)
            quarterRound(2, 6, 10, 14)
            quarterRound(3, 7, 11, 15)
            quarterRound(0, 5, 10, 15)
            quarterRound(1, 6, 11, 12)
            quarterRound(2, 7, 8, 13)
            quarterRound(3, 4, 9, 14)
        }
        return (0..<16).flatMap { index in
            let sum = state[index] &+ initial[index]
            return (0..<4).map { UInt8(truncatingIfNeeded: sum >> (8 * UInt32($0))) }
        }
    }

    /// `text` XOR the key stream from block `counter` (§2.4).
    static func encrypt(key: [UInt8], counter: UInt32, nonce: [UInt8], text: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var blockCounter = counter
        for start in stride(from: 0, to: text.count, by: 64) {
            let stream = block(key: key, counter: blockCounter, nonce: nonce)
            for index in start..<min(start + 64, text.count) { output.append(text[index] ^ stream[index - start]) }
            blockCounter &+= 1
        }
        return output
    }

    /// The Poly1305 tag of `message` (§2.5): accumulate (h + block with its 0x01 byte) · r mod p.
    static func poly1305(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var rBytes = Array(key[0..<16])
        for index in [3, 7, 11, 15] { rBytes[index] &= 15 }
        for index in [4, 8, 12] { rBytes[index] &= 252 }
        let r = Natural(littleEndian: rBytes)
        var h = Natural(littleEndian: [])
        for start in stride(from: 0, to: message.count, by: 16) {
            let chunk = Array(message[start..<min(start + 16, message.count)]) + [1]
            h = (h + Natural(littleEndian: chunk)).times(r).reducedModP()
        }
        let sum = h + Natural(littleEndian: Array(key[16..<32]))
        return (0..<16).map { UInt8(truncatingIfNeeded: sum.limb($0 / 4) >> (8 * UInt64($0 % 4))) }
    }

    /// The AEAD construction (§2.8).
    static func seal(key: [UInt8], nonce: [UInt8], aad: [UInt8], plaintext: [UInt8]) -> (
        ciphertext: [UInt8], tag: [UInt8]
    ) {
        let oneTimeKey = Array(block(key: key, counter: 0, nonce: nonce).prefix(32))
        let ciphertext = encrypt(key: key, counter: 1, nonce: nonce, text: plaintext)
        func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (16 - bytes.count % 16) % 16) }
        func length(_ count: Int) -> [UInt8] {
            (0..<8).map { UInt8(truncatingIfNeeded: UInt64(count) >> (8 * UInt64($0))) }
        }
        let macData = padded(aad) + padded(ciphertext) + length(aad.count) + length(ciphertext.count)
        return (ciphertext, poly1305(key: oneTimeKey, message: macData))
    }

    /// A natural number in little-endian base-2^32 limbs (held in UInt64 to leave room for carries).
    struct Natural {
        var limbs: [UInt64]

        init(limbs: [UInt64]) {
            self.limbs = limbs
        }

        init(littleEndian bytes: [UInt8]) {
            var limbs = [UInt64](repeating: 0, count: (bytes.count + 3) / 4)
            for (index, byte) in bytes.enumerated() {
                let shift = UInt64(8 * (index % 4))
                limbs[index / 4] |= UInt64(byte) << shift
            }
            self.limbs = limbs
        }

        func limb(_ index: Int) -> UInt64 { index < limbs.count ? limbs[index] : 0 }

        static func + (a: Natural, b: Natural) -> Natural {
            var carry: UInt64 = 0
            var result: [UInt64] = []
            for index in 0..<max(a.limbs.count, b.limbs.count) {
                let sum = a.limb(index) + b.limb(index) + carry
                result.append(sum & 0xffff_ffff)
                carry = sum >> 32
            }
            return Natural(limbs: result + (carry > 0 ? [carry] : []))
        }

        func times(_ other: Natural) -> Natural {
            var result = [UInt64](repeating: 0, count: limbs.count + other.limbs.count + 1)
            for (i, a) in limbs.enumerated() {
                var carry: UInt64 = 0
                for (j, b) in other.limbs.enumerated() {
                    let sum = result[i + j] + a * b + carry
                    result[i + j] = sum & 0xffff_ffff
                    carry = sum >> 32
                }
                var position = i + other.limbs.count
                while carry > 0 {
                    let sum = result[position] + carry
                    result[position] = sum & 0xffff_ffff
                    carry = sum >> 32
                    position += 1
                }
            }
            return Natural(limbs: result)
        }

        /// The number mod 2^130 − 5, fully reduced: fold 2^130 as 5 until below 2^130, then
        /// subtract p once if still at least p.
        func reducedModP() -> Natural {
            var value = self
            while value.limb(4) > 3 || value.limbs.dropFirst(5).contains(where: { $0 > 0 }) {
                let high = Natural(
                    limbs: (4..<max(value.limbs.count, 5)).map {
                        (value.limb($0) >> 2) | ((value.limb($0 + 1) & 3) << 30)
                    })
                let low = Natural(limbs: [
                    value.limb(0), value.limb(1), value.limb(2), value.limb(3), value.limb(4) & 3,
                ])
                value = low + high.times(Natural(limbs: [5]))
            }
            let plusFive = value + Natural(limbs: [5])
            if plusFive.limb(4) > 3 {
                return Natural(limbs: [plusFive.limb(0), plusFive.limb(1), plusFive.limb(2), plusFive.limb(3), 0])
            }
            return value
        }
    }
}
