import Foundation
import InternalServiceUtilities
import Testing

@Suite("SHA256Hasher (FIPS 180-4)")
struct SHA256HasherTests {
    @Test(
        "the examples of FIPS 180 and its validation system",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func vectors(message: String, digest: String) {
        // Given a message of the standard's examples
        // When it is hashed in one call
        let hashed = SHA256Hasher.hash(Data(message.utf8))
        // Then the digest is the published one
        #expect(hex(hashed) == digest)
    }

    @Test("a million 'a' fed through update(bytes:) in pieces of 997 gives FIPS 180's digest")
    func millionA() {
        // Given a hasher and a piece of 997 'a'
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 997)
        var hasher = SHA256Hasher()
        var fed = 0
        // When a million bytes are fed without the generic entry point
        while fed < 1_000_000 {
            let take = min(piece.count, 1_000_000 - fed)
            piece.withUnsafeBytes { hasher.update(bytes: UnsafeRawBufferPointer(rebasing: $0[0..<take])) }
            fed += take
        }
        // Then the digest is the standard's
        #expect(hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("every split of a three-block message gives the one-shot digest")
    func splits() {
        // Given a message that crosses two block boundaries and the padding boundary at 56
        let message = (0..<150).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let whole = SHA256Hasher.hash(message)
        for cut in 0...message.count {
            // When it is fed in two pieces cut anywhere
            var hasher = SHA256Hasher()
            hasher.update(message[..<cut])
            hasher.update(message[cut...])
            // Then the digest does not depend on the cut
            #expect(hasher.finalize() == whole, "cut at \(cut)")
        }
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
