import Foundation
import SecurityKit
import ServiceUtilsTestSupport
import Testing

@Suite("SHA-256, HMAC-SHA256 (RFC 4231) and PBKDF2-HMAC-SHA256 (RFC 7914 §11)")
struct SHA256Tests {
    @Test("SHA-256 of the FIPS 180 examples")
    func digests() {
        #expect(
            SHA256.hash(Data("abc".utf8)).hexString
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hash(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)).hexString
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("Incremental updates in odd pieces give the one-shot digest")
    func incremental() {
        // Given a million 'a' fed in pieces of 997 bytes
        let piece = Data(repeating: UInt8(ascii: "a"), count: 997)
        var hasher = SHA256()
        var fed = 0
        while fed < 1_000_000 {
            let take = min(997, 1_000_000 - fed)
            hasher.update(piece.prefix(take))
            fed += take
        }
        // Then the digest is FIPS 180's million-'a' example
        #expect(hasher.finalize().hexString == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(
        "HMAC-SHA256 test cases of RFC 4231",
        arguments: [
            (
                String(repeating: "0b", count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8).hexString, Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                String(repeating: "aa", count: 20), [UInt8](repeating: 0xdd, count: 50),
                "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
            ),
            (
                "0102030405060708090a0b0c0d0e0f10111213141516171819", [UInt8](repeating: 0xcd, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                String(repeating: "aa", count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
            (
                String(repeating: "aa", count: 131),
                Array(
                    ("This is a test using a larger than block-size key and a larger than block-size data. "
                        + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
                "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
            ),
        ])
    func hmac(keyHex: String, data: [UInt8], expected: String) throws {
        let key = try #require([UInt8](hex: keyHex))
        #expect(HMACSHA256.authenticationCode(for: data, key: key).hexString == expected)
    }

    @Test("RFC 4231 test case 5: the code truncated to 128 bits")
    func truncated() throws {
        let key = [UInt8](repeating: 0x0c, count: 20)
        let code = HMACSHA256.authenticationCode(for: Data("Test With Truncation".utf8), key: key)
        #expect(Array(code.prefix(16)).hexString == "a3b6167473100ee06e0c796c2955552b")
    }

    @Test("PBKDF2-HMAC-SHA256 vectors of RFC 7914 §11")
    func pbkdf2() async throws {
        // 80,000 iterations take seconds in a debug build: on a thread of its own, not one of the
        // two that run every async test here
        try await onOwnThread {
            let one = try PBKDF2.deriveSHA256(
                password: Data("passwd".utf8), salt: Data("salt".utf8), iterations: 1, length: 64)
            #expect(
                one.hexString
                    == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                    + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
            let many = try PBKDF2.deriveSHA256(
                password: Data("Password".utf8), salt: Data("NaCl".utf8), iterations: 80_000, length: 64)
            #expect(
                many.hexString
                    == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                    + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
        }
    }

    @Test("PBKDF2 refuses a zero iteration count and an empty output")
    func pbkdf2BadParameters() {
        #expect(throws: CryptoError.invalidParameters(.iterationCount(0))) {
            try PBKDF2.deriveSHA256(password: Data(), salt: Data(), iterations: 0, length: 32)
        }
        #expect(throws: CryptoError.invalidParameters(.outputLength(0))) {
            try PBKDF2.deriveSHA256(password: Data(), salt: Data(), iterations: 1, length: 0)
        }
    }
}
