import Foundation
import SecurityKit
import Testing

@Suite("ChaCha20-Poly1305 (RFC 8439 §2.8.2 and Appendix A.5)")
struct ChaCha20Poly1305Tests {
    static let sunscreen =
        "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, "
        + "sunscreen would be it."

    @Test("§2.8.2: the sunscreen message seals to the published ciphertext and tag")
    func sealVector() throws {
        // Given the RFC's key, nonce and additional data
        let key = try #require([UInt8](hex: "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"))
        let nonce = try #require([UInt8](hex: "070000004041424344454647"))
        let aad = try #require([UInt8](hex: "50515253c0c1c2c3c4c5c6c7"))
        let cipher = try ChaCha20Poly1305(key: key)
        // When the message is sealed
        let sealed = try cipher.seal(Data(Self.sunscreen.utf8), nonce: nonce, authenticating: aad)
        // Then ciphertext and tag are the published ones, and it opens back
        #expect(
            sealed.ciphertext.hexString
                == "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
                + "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
                + "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
                + "3ff4def08e4b7a9de576d26586cec64b6116")
        #expect(sealed.tag.hexString == "1ae10b594f09e26a7e902ecbd0600691")
        let opened = try cipher.open(sealed.ciphertext, tag: sealed.tag, nonce: nonce, authenticating: aad)
        #expect(String(decoding: opened, as: UTF8.self) == Self.sunscreen)
    }

    @Test("Appendix A.5: the Internet-Drafts ciphertext opens to its plaintext")
    func openVector() throws {
        let key = try #require([UInt8](hex: "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"))
        let nonce = try #require([UInt8](hex: "000000000102030405060708"))
        let aad = try #require([UInt8](hex: "f33388860000000000004e91"))
        let ciphertext = try #require(
            [UInt8](
                hex: "64a0861575861af460f062c79be643bd5e805cfd345cf389f108670ac76c8cb2"
                    + "4c6cfc18755d43eea09ee94e382d26b0bdb7b73c321b0100d4f03b7f355894cf"
                    + "332f830e710b97ce98c8a84abd0b948114ad176e008d33bd60f982b1ff37c855"
                    + "9797a06ef4f0ef61c186324e2b3506383606907b6a7c02b0f9f6157b53c867e4"
                    + "b9166c767b804d46a59b5216cde7a4e99040c5a40433225ee282a1b0a06c523e"
                    + "af4534d7f83fa1155b0047718cbc546a0d072b04b3564eea1b422273f548271a"
                    + "0bb2316053fa76991955ebd63159434ecebb4e466dae5a1073a6727627097a10"
                    + "49e617d91d361094fa68f0ff77987130305beaba2eda04df997b714d6c6f2c29"
                    + "a6ad5cb4022b02709b"))
        let tag = try #require([UInt8](hex: "eead9d67890cbb22392336fea1851f38"))
        let opened = try ChaCha20Poly1305(key: key).open(ciphertext, tag: tag, nonce: nonce, authenticating: aad)
        #expect(
            String(decoding: opened, as: UTF8.self)
                == "Internet-Drafts are draft documents valid for a maximum of six months and may be updated, "
                + "replaced, or obsoleted by other documents at any time. It is inappropriate to use "
                + "Internet-Drafts as reference material or to cite them other than as /\u{201C}work in "
                + "progress./\u{201D}")
    }

    @Test("A changed ciphertext, tag, nonce or additional data is refused")
    func tampering() throws {
        let cipher = try ChaCha20Poly1305(key: [UInt8](repeating: 7, count: 32))
        let nonce = [UInt8](repeating: 1, count: 12)
        let sealed = try cipher.seal(Data("attack at dawn".utf8), nonce: nonce, authenticating: [9])
        var flipped = sealed.ciphertext
        flipped[3] ^= 0x01
        var badTag = sealed.tag
        badTag[15] ^= 0x80
        #expect(throws: CryptoError.authenticationFailed) {
            try cipher.open(flipped, tag: sealed.tag, nonce: nonce, authenticating: [9])
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try cipher.open(sealed.ciphertext, tag: badTag, nonce: nonce, authenticating: [9])
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try cipher.open(
                sealed.ciphertext, tag: sealed.tag, nonce: [UInt8](repeating: 2, count: 12), authenticating: [9])
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try cipher.open(sealed.ciphertext, tag: sealed.tag, nonce: nonce, authenticating: [8])
        }
    }

    @Test("Lengths across block boundaries round-trip")
    func roundTrips() throws {
        let cipher = try ChaCha20Poly1305(key: SecureRandom.bytes(count: 32))
        for length in [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 1000] {
            let nonce = SecureRandom.bytes(count: 12)
            let plain = SecureRandom.bytes(count: length)
            let sealed = try cipher.seal(plain, nonce: nonce)
            #expect(sealed.ciphertext.count == length)
            #expect(try cipher.open(sealed.ciphertext, tag: sealed.tag, nonce: nonce) == plain)
        }
    }

    @Test("Wrong key and nonce lengths are typed errors")
    func badLengths() throws {
        #expect(throws: CryptoError.self) { try ChaCha20Poly1305(key: [UInt8](repeating: 0, count: 16)) }
        let cipher = try ChaCha20Poly1305(key: [UInt8](repeating: 0, count: 32))
        #expect(throws: CryptoError.self) { try cipher.seal(Data(), nonce: [UInt8](repeating: 0, count: 8)) }
    }
}
