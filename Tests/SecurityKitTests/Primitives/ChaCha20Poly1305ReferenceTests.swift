import Foundation
import Testing

@testable import SecurityKit

@Suite("ChaCha20-Poly1305 against a plain reference implementation")
struct ChaCha20Poly1305ReferenceTests {
    /// Lengths on each side of the 16-byte Poly1305 block, the 64-byte ChaCha20 block and the
    /// 256-byte four-block group, and longer messages that run through many groups.
    static let lengths = [
        0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 511, 512, 513, 767, 768, 769, 1023, 1024, 4097, 8_192 + 29,
    ]

    static func bytes(_ count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    @Test("RFC 8439 A.3 vectors #5–#11: Poly1305 carry and reduction edge cases", arguments: 5...11)
    func poly1305EdgeVectors(number: Int) throws {
        // Given the appendix's key (r, then s) and message for this vector
        let r2 = "02" + String(repeating: "00", count: 15)
        let r1 = "01" + String(repeating: "00", count: 15)
        let zero = String(repeating: "00", count: 16)
        let ones = String(repeating: "ff", count: 16)
        let r10 = "0100000000000000" + "0400000000000000"
        let m10 =
            "e33594d7505e43b9" + String(repeating: "00", count: 8) + "3394d7505e4379cd01"
            + String(repeating: "00", count: 7)
        let vectors: [Int: (key: String, message: String, tag: String)] = [
            5: (r2 + zero, ones, "03" + String(repeating: "00", count: 15)),
            6: (r2 + ones, "02" + String(repeating: "00", count: 15), "03" + String(repeating: "00", count: 15)),
            7: (
                r1 + zero, ones + "f0" + String(repeating: "ff", count: 15) + "11" + String(repeating: "00", count: 15),
                "05" + String(repeating: "00", count: 15)
            ),
            8: (
                r1 + zero, ones + "fb" + String(repeating: "fe", count: 15) + String(repeating: "01", count: 16),
                zero
            ),
            9: (r2 + zero, "fd" + String(repeating: "ff", count: 15), "fa" + String(repeating: "ff", count: 15)),
            10: (
                r10 + zero, m10 + zero + "01" + String(repeating: "00", count: 15),
                "1400000000000000" + "5500000000000000"
            ),
            11: (r10 + zero, m10 + zero, "13" + String(repeating: "00", count: 15)),
        ]
        let vector = try #require(vectors[number])
        let key = try #require([UInt8](hex: vector.key))
        let message = try #require([UInt8](hex: vector.message))
        // When both implementations compute the tag
        let tag = Poly1305.authenticate(message, key: key)
        // Then both give the published tag
        #expect(tag.hexString == vector.tag)
        #expect(ReferenceChaChaPoly.poly1305(key: key, message: message).hexString == vector.tag)
    }

    @Test("Poly1305 matches the reference for every length up to 300 bytes, with the largest r and all-ones data")
    func poly1305Lengths() throws {
        // Given the largest clamped r, an all-ones s, and messages of 0xff bytes (the most carries)
        let key = [UInt8](repeating: 0xff, count: 32)
        for count in 0...300 {
            let message = [UInt8](repeating: 0xff, count: count)
            // When both compute the tag, then they agree
            #expect(
                Poly1305.authenticate(message, key: key) == ReferenceChaChaPoly.poly1305(key: key, message: message),
                "length \(count)")
        }
    }

    @Test("Sealing matches the reference construction of §2.8, and opens back", arguments: lengths)
    func sealMatchesReference(count: Int) throws {
        // Given a key, a nonce, additional data and a plaintext of this length
        let key = Self.bytes(32, seed: UInt32(count))
        let nonce = Self.bytes(12, seed: UInt32(count) &+ 1)
        let aad = Self.bytes(count % 37, seed: UInt32(count) &+ 2)
        let plaintext = Self.bytes(count, seed: UInt32(count) &+ 3)
        let cipher = try ChaCha20Poly1305(key: key)
        // When it is sealed by both implementations
        let sealed = try cipher.seal(plaintext, nonce: nonce, authenticating: aad)
        let expected = ReferenceChaChaPoly.seal(key: key, nonce: nonce, aad: aad, plaintext: plaintext)
        // Then ciphertext and tag are the same, and the ciphertext opens to the plaintext
        #expect(sealed.ciphertext == expected.ciphertext)
        #expect(sealed.tag == expected.tag)
        #expect(try cipher.open(sealed.ciphertext, tag: sealed.tag, nonce: nonce, authenticating: aad) == plaintext)
    }

    @Test("A long message with one flipped bit deep inside is refused")
    func longMessageTampering() throws {
        // Given a 100,000-byte message sealed under a key
        let cipher = try ChaCha20Poly1305(key: Self.bytes(32, seed: 7))
        let nonce = Self.bytes(12, seed: 8)
        let sealed = try cipher.seal(Self.bytes(100_000, seed: 9), nonce: nonce)
        // When one bit is flipped in the middle of a four-block group far into it
        var flipped = sealed.ciphertext
        flipped[70_001] ^= 0x10
        // Then opening fails
        #expect(throws: CryptoError.authenticationFailed) {
            try cipher.open(flipped, tag: sealed.tag, nonce: nonce)
        }
    }
}
