import Foundation
import SecurityKit
import Testing

@Suite("Blowfish (Eric Young's vectors), CBC and strict PKCS#7")
struct BlowfishTests {
    /// Key, plaintext and ciphertext of the electronic-codebook vectors in Schneier's vectors.txt.
    static let ecbVectors: [(key: String, plain: String, cipher: String)] = [
        ("0000000000000000", "0000000000000000", "4EF997456198DD78"),
        ("FFFFFFFFFFFFFFFF", "FFFFFFFFFFFFFFFF", "51866FD5B85ECB8A"),
        ("3000000000000000", "1000000000000001", "7D856F9A613063F2"),
        ("1111111111111111", "1111111111111111", "2466DD878B963C9D"),
        ("0123456789ABCDEF", "1111111111111111", "61F9C3802281B096"),
        ("1111111111111111", "0123456789ABCDEF", "7D0CC630AFDA1EC7"),
        ("FEDCBA9876543210", "0123456789ABCDEF", "0ACEAB0FC6A0A28D"),
        ("7CA110454A1A6E57", "01A1D6D039776742", "59C68245EB05282B"),
        ("0131D9619DC1376E", "5CD54CA83DEF57DA", "B1B8CC0B250F09A0"),
        ("07A1133E4A0B2686", "0248D43806F67172", "1730E5778BEA1DA4"),
        ("3849674C2602319E", "51454B582DDF440A", "A25E7856CF2651EB"),
        ("04B915BA43FEB5B6", "42FD443059577FA2", "353882B109CE8F1A"),
        ("0113B970FD34F2CE", "059B5E0851CF143A", "48F4D0884C379918"),
        ("0170F175468FB5E6", "0756D8E0774761D2", "432193B78951FC98"),
        ("43297FAD38E373FE", "762514B829BF486A", "13F04154D69D1AE5"),
        ("07A7137045DA2A16", "3BDD119049372802", "2EEDDA93FFD39C79"),
        ("04689104C2FD3B2F", "26955F6835AF609A", "D887E0393C2DA6E3"),
        ("37D06BB516CB7546", "164D5E404F275232", "5F99D04F5B163969"),
        ("1F08260D1AC2465E", "6B056E18759F5CCA", "4A057A3B24D3977B"),
        ("584023641ABA6176", "004BD6EF09176062", "452031C1E4FADA8E"),
        ("025816164629B007", "480D39006EE762F2", "7555AE39F59B87BD"),
        ("49793EBC79B3258F", "437540C8698F3CFA", "53C55F9CB49FC019"),
        ("4FB05E1515AB73A7", "072D43A077075292", "7A8E7BFA937E89A3"),
        ("49E95D6D4CA229BF", "02FE55778117F12A", "CF9C5D7A4986ADB5"),
        ("018310DC409B26D6", "1D9D5C5018F728C2", "D1ABB290658BC778"),
    ]

    @Test("Every ECB vector encrypts to its ciphertext and decrypts back")
    func ecb() throws {
        for vector in Self.ecbVectors {
            // Given the vector's key
            let cipher = try Blowfish(key: try #require([UInt8](hex: vector.key)))
            let plain = try #require(UInt64(vector.plain, radix: 16))
            let expected = try #require(UInt64(vector.cipher, radix: 16))
            // When its block is encrypted, Then the result is the published one, and it decrypts back
            #expect(cipher.encryptBlock(plain) == expected, "key \(vector.key)")
            #expect(cipher.decryptBlock(expected) == plain, "key \(vector.key)")
        }
    }

    @Test("The chaining-mode vector of vectors.txt (CBC, zero-filled, no padding)")
    func cbcVector() throws {
        // Given the 16-byte key, the IV and "7654321 Now is the time for " with a NUL, zero-filled to 32 bytes
        let cipher = try Blowfish(key: try #require([UInt8](hex: "0123456789ABCDEFF0E1D2C3B4A59687")))
        let iv = try #require([UInt8](hex: "FEDCBA9876543210"))
        var plain = Array("7654321 Now is the time for ".utf8) + [0]
        plain += [UInt8](repeating: 0, count: 32 - plain.count)
        // When it is encrypted without padding
        let sealed = try cipher.encryptCBC(plain, iv: iv, padding: .none)
        // Then it is the published ciphertext and it decrypts back
        #expect(sealed.hexString == "6b77b4d63006dee605b156e27403979358deb9e7154616d959f1652bd5ff92cc")
        #expect(try cipher.decryptCBC(sealed, iv: iv, padding: .none) == plain)
    }

    @Test("CBC with PKCS#7 round-trips every length from 0 to 40 bytes")
    func roundTrips() throws {
        let cipher = try Blowfish(key: Data("an example key".utf8))
        let iv = Array("abcdefgh".utf8)
        for length in 0...40 {
            let plain = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
            let sealed = try cipher.encryptCBC(plain, iv: iv)
            #expect(sealed.count == (length / 8 + 1) * 8)
            #expect(try cipher.decryptCBC(sealed, iv: iv) == plain)
        }
    }

    @Test("Keys outside 4…56 bytes are a typed error, not a crash", arguments: [0, 1, 3, 57, 64])
    func keyLengths(length: Int) {
        #expect(throws: CryptoError.invalidKeyLength(algorithm: "Blowfish", allowed: 4...56, actual: length)) {
            try Blowfish(key: [UInt8](repeating: 1, count: length))
        }
    }

    @Test("Bad IV and ciphertext lengths are typed errors")
    func badLengths() throws {
        let cipher = try Blowfish(key: Data("key!".utf8))
        #expect(throws: CryptoError.self) { try cipher.encryptCBC(Data(), iv: Data("short".utf8)) }
        #expect(throws: CryptoError.self) { try cipher.decryptCBC(Data(count: 12), iv: Data(count: 8)) }
        #expect(throws: CryptoError.self) { try cipher.decryptCBC(Data(), iv: Data(count: 8)) }
    }

    @Test("Padding is checked strictly: every padding byte and a length of 1 to 8")
    func strictPadding() throws {
        // Given blocks whose decryption ends in bad padding (built by encrypting them without padding)
        let cipher = try Blowfish(key: Data("strict padding".utf8))
        let iv = [UInt8](repeating: 0, count: 8)
        let badEndings: [[UInt8]] = [
            [1, 2, 3, 4, 5, 6, 7, 0],  // zero
            [1, 2, 3, 4, 5, 6, 7, 9],  // longer than a block
            [1, 2, 3, 4, 5, 6, 2, 3],  // 3 announced, only the last byte is 3
            [1, 2, 3, 4, 4, 9, 4, 4],  // one byte inside the padding differs
        ]
        for block in badEndings {
            let sealed = try cipher.encryptCBC(block, iv: iv, padding: .none)
            // Then decrypting with PKCS#7 throws
            #expect(throws: CryptoError.invalidPadding) { try cipher.decryptCBC(sealed, iv: iv) }
        }
        // And a full block of padding is accepted
        let full = try cipher.encryptCBC([UInt8](repeating: 8, count: 8), iv: iv, padding: .none)
        #expect(try cipher.decryptCBC(full, iv: iv).isEmpty)
    }
}
