import Foundation
import InternalServiceUtilities
import Testing

@Suite("SHA1Hasher (FIPS 180-4)")
struct SHA1HasherTests {
    @Test(
        "the examples of FIPS 180 and its validation system",
        arguments: [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "84983e441c3bd26ebaae4aa1f95129e5e54670f1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "a49b2446a02c645bf419f995b67091253a04a259"
            ),
        ])
    func vectors(message: String, digest: String) {
        // Given a message of the standard's examples
        // When it is hashed in one call
        let hashed = SHA1Hasher.hash(Data(message.utf8))
        // Then the digest is the published one
        #expect(hex(hashed) == digest)
    }

    @Test("a million 'a' fed in pieces of 997 gives FIPS 180's digest")
    func millionA() {
        // Given a hasher and a piece of 997 'a'
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
        var hasher = SHA1Hasher()
        var fed = 0
        // When a million bytes are fed
        while fed < 1_000_000 {
            let take = min(piece.count, 1_000_000 - fed)
            hasher.update(Array(piece[0..<take]))
            fed += take
        }
        // Then the digest is the standard's
        #expect(hex(hasher.finalize()) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test("every split of a message across the padding boundary gives the one-shot digest")
    func splits() {
        // Given messages whose lengths straddle the 55/56/64-byte padding cases
        for length in [55, 56, 63, 64, 65, 119, 120, 150] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let whole = SHA1Hasher.hash(message)
            for cut in 0...message.count {
                // When it is fed in two pieces cut anywhere
                var hasher = SHA1Hasher()
                hasher.update(Array(message[..<cut]))
                hasher.update(Array(message[cut...]))
                // Then the digest does not depend on the cut
                #expect(hasher.finalize() == whole, "length \(length), cut at \(cut)")
            }
        }
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
