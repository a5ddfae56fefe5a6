import Foundation
import SecurityKit
import Testing

@Suite("SHA-3, SHAKE and Keccak (FIPS 202 examples)")
struct SHA3Tests {
    /// 200 bytes of 0xA3: the 1600-bit message of NIST's SHA-3 examples, longer than one block.
    static let a3Message = [UInt8](repeating: 0xA3, count: 200)

    @Test(
        "SHA-3 digests of the NIST examples",
        arguments: [
            (SHA3.Variant.sha224, "", "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"),
            (.sha224, "abc", "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"),
            (.sha256, "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
            (
                .sha384, "abc",
                "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"
            ),
            (
                .sha512, "abc",
                "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
                    + "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"
            ),
        ])
    func sha3(variant: SHA3.Variant, message: String, expected: String) {
        // Given a message from the examples; When it is hashed; Then the digest is the published one.
        #expect(SHA3(variant: variant).hash(Data(message.utf8)).hexString == expected)
    }

    @Test("SHA3-224 and SHA3-256 of the 1600-bit 0xA3 message (several blocks)")
    func multiBlock() {
        #expect(
            SHA3(variant: .sha224).hash(Self.a3Message).hexString
                == "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0")
        #expect(
            SHA3(variant: .sha256).hash(Self.a3Message).hexString
                == "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787")
    }

    @Test("SHAKE128 and SHAKE256 of the empty message")
    func shake() {
        #expect(
            SHAKE(variant: .shake128).hash(Data(), outputLength: 32).hexString
                == "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26")
        #expect(
            SHAKE(variant: .shake256).hash(Data(), outputLength: 64).hexString
                == "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
                + "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be")
    }

    @Test("SHAKE128 output longer than one rate block continues the same stream")
    func shakeSqueezesSeveralBlocks() {
        // Given a long and a short output of the same message
        let long = SHAKE(variant: .shake128).hash(Data("abc".utf8), outputLength: 500)
        let short = SHAKE(variant: .shake128).hash(Data("abc".utf8), outputLength: 32)
        // Then the short one is the long one's prefix, and the output is not one block repeated
        #expect(Array(long.prefix(32)) == short)
        #expect(long.count == 500)
        #expect(Array(long[0..<168]) != Array(long[168..<336]))
    }

    @Test("Keccak-256 with the original padding (Ethereum's)")
    func keccak() {
        #expect(
            SHA3(variant: .keccak256).hash(Data()).hexString
                == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
        #expect(
            SHA3(variant: .keccak256).hash(Data("abc".utf8)).hexString
                == "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45")
    }

    @Test("Messages of every length around the rate boundary hash consistently through Data and [UInt8]")
    func boundaries() {
        // Given messages of 0…300 bytes (the SHA3-224 rate is 144)
        for length in [0, 1, 143, 144, 145, 287, 288, 289] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            // Then both entry points agree and the digest has the right length
            let fromArray = SHA3(variant: .sha224).hash(bytes)
            #expect(fromArray == SHA3(variant: .sha224).hash(Data(bytes)))
            #expect(fromArray.count == 28)
        }
    }
}
