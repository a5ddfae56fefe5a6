import Foundation
import SecurityKit
import Testing

@Suite("scrypt (RFC 7914 §12)")
struct ScryptTests {
    @Test(
        "The RFC's test vectors 1 to 3",
        arguments: [
            (
                "", "", ScryptParameters(cost: 16, blockSize: 1, parallelism: 1),
                "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
                    + "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"
            ),
            (
                "password", "NaCl", ScryptParameters(cost: 1024, blockSize: 8, parallelism: 16),
                "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
                    + "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
            ),
            (
                "pleaseletmein", "SodiumChloride", ScryptParameters(cost: 16384, blockSize: 8, parallelism: 1),
                "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
                    + "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"
            ),
        ])
    func vectors(password: String, salt: String, parameters: ScryptParameters, expected: String) throws {
        // Given the vector's inputs; When the key is derived; Then it is the published one
        let key = try Scrypt.derive(
            password: Data(password.utf8), salt: Data(salt.utf8), parameters: parameters, length: 64)
        #expect(key.hexString == expected)
    }

    @Test(
        "Absurd parameters are typed errors before any memory is taken",
        arguments: [
            (ScryptParameters(cost: 0, blockSize: 8, parallelism: 1), CryptoError.invalidParameters(.cost(0))),
            (ScryptParameters(cost: 1000, blockSize: 8, parallelism: 1), .invalidParameters(.cost(1000))),
            (ScryptParameters(cost: 1024, blockSize: 0, parallelism: 1), .invalidParameters(.blockSize(0))),
            (ScryptParameters(cost: 1024, blockSize: 8, parallelism: -1), .invalidParameters(.parallelism(-1))),
            (
                ScryptParameters(cost: 1 << 30, blockSize: 8, parallelism: 1),
                .invalidParameters(.memory(required: 128 * 8 << 30, limit: Scrypt.defaultMaximumMemory))
            ),
        ])
    func absurdParameters(parameters: ScryptParameters, expected: CryptoError) {
        #expect(throws: expected) {
            try Scrypt.derive(password: Data(), salt: Data(), parameters: parameters, length: 32)
        }
    }
}
