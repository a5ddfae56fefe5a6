import Foundation
import InternalServiceUtilities
import Testing

@testable import SecurityKit

@Suite("PinCryptoBox: SurfUtils' bytes, checked against pycryptodome vectors")
struct PinCryptoBoxTests {
    static let keys = PinCryptoBox.EntryKeys(iv: "iv", data: "data", salt: "salt", hash: "hash")

    /// A box over `store` (a byte store, through the adapter, so tests can plant any bytes).
    static func box(
        _ store: any SecretStore, hashProvider: any HashProvider = SHA3(variant: .sha224),
        random: @escaping (Int) -> [UInt8] = { SecureRandom.bytes(count: $0) }
    ) -> PinCryptoBox {
        PinCryptoBox(
            secureStore: { SecretStoreAdapter(store) }, hashProvider: hashProvider,
            cryptoService: BlowfishCryptoService(), keys: keys, randomBytes: random)
    }

    static func store(with entries: SecurityFixtures.PinBoxVectors.Entries) -> InMemorySecretStore {
        InMemorySecretStore(entries: [
            "salt": Data(entries.salt.utf8), "iv": Data(entries.iv.utf8), "hash": Data(entries.hash.utf8),
            "data": Data(entries.data.utf8),
        ])
    }

    @Test("Every box written by the reference opens with its PIN to the exact secret")
    func opensReferenceBoxes() throws {
        for vector in try SecurityFixtures.pinBoxVectors().boxes {
            // Given the four entries the reference wrote
            let box = Self.box(Self.store(with: vector.entries))
            // When it is opened with the PIN
            let secret = try box.decrypt(auth: vector.pin)
            // Then the secret's bytes are exactly the original's (a leading BOM included)
            #expect(Array(secret.utf8) == Array(vector.secret.utf8), "\(vector.name)")
        }
    }

    @Test("The byte-order-mark vector keeps its U+FEFF")
    func keepsByteOrderMark() throws {
        let vector = try #require(try SecurityFixtures.pinBoxVectors().boxes.first { $0.secret.hasPrefix("\u{FEFF}") })
        let secret = try Self.box(Self.store(with: vector.entries)).decrypt(auth: vector.pin)
        #expect(secret.unicodeScalars.first == "\u{FEFF}")
        #expect(Array(secret.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF])
    }

    @Test("With the reference's salt and IV, encrypting writes the reference's four entries")
    func writesReferenceBytes() throws {
        for vector in try SecurityFixtures.pinBoxVectors().boxes {
            // Given a random source that yields the vector's salt, then its IV
            let queue = Locked([
                try #require([UInt8](hex: vector.saltRandomHex)), try #require([UInt8](hex: vector.ivRandomHex)),
            ])
            let store = InMemorySecretStore()
            let box = Self.box(store) { _ in queue.withLock { $0.removeFirst() } }
            // When the secret is encrypted
            try box.encrypt(data: vector.secret, auth: vector.pin)
            // Then each entry holds the reference's text
            #expect(String(decoding: try store.load(by: "salt"), as: UTF8.self) == vector.entries.salt)
            #expect(String(decoding: try store.load(by: "iv"), as: UTF8.self) == vector.entries.iv)
            #expect(String(decoding: try store.load(by: "hash"), as: UTF8.self) == vector.entries.hash)
            #expect(
                String(decoding: try store.load(by: "data"), as: UTF8.self) == vector.entries.data, "\(vector.name)")
        }
    }

    @Test("Wrong PINs fail exactly as the reference's strict check predicts")
    func wrongPINs() throws {
        let wrong = try SecurityFixtures.pinBoxVectors().wrongPIN
        let box = Self.box(Self.store(with: wrong.entries))
        #expect(try box.decrypt(auth: wrong.pin) == wrong.secret)
        for attempt in wrong.attempts {
            switch attempt.outcome {
            case "invalidPadding":
                #expect(throws: CryptoBoxCommonError.decryptionFailed(.invalidPadding)) {
                    try box.decrypt(auth: attempt.pin)
                }
            case "notUTF8":
                #expect(throws: CryptoBoxCommonError.decryptionFailed(.notUTF8)) { try box.decrypt(auth: attempt.pin) }
            default:
                // The format has no authentication: such a PIN yields garbage, as in SurfUtils.
                #expect(try box.decrypt(auth: attempt.pin) == attempt.text)
            }
        }
    }

    @Test("The hack box opens without the PIN, and its erased form ignores auth both ways")
    func hack() throws {
        let store = InMemorySecretStore()
        let box = Self.box(store)
        try box.encrypt(data: "token", auth: "1234")
        #expect(try box.hack().decrypt() == "token")
        #expect(try box.hack().erase().decrypt(auth: "not the PIN") == "token")
        // SurfUtils' wrapper replaces the secret under the stored key: the old PIN still opens it
        try box.hack().erase().encrypt(data: "other", auth: "5678")
        #expect(try box.decrypt(auth: "1234") == "other")
        #expect(throws: CryptoBoxCommonError.self) { try box.decrypt(auth: "5678") }
    }

    @Test("Random secrets of 0 B to 64 KB under PINs of 4 to 12 characters round-trip")
    func randomRoundTrips() throws {
        let alphabet = Array("0123456789abcпин🔑é\u{FEFF}")
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 7, 8, 9, 100, 4096, 65_536] {
            let store = InMemorySecretStore()
            let box = Self.box(store)
            let pin = String(
                (0..<Int.random(in: 4...12, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator) ?? "0"
                })
            let scalars = (0..<length).compactMap { _ in
                Unicode.Scalar(UInt32.random(in: 0x20...0x7FF, using: &generator))
            }
            var secret = String(String.UnicodeScalarView(scalars))
            secret = String(decoding: Array(secret.utf8.prefix(length)), as: UTF8.self)
            try box.encrypt(data: secret, auth: pin)
            #expect(Array(try box.decrypt(auth: pin).utf8) == Array(secret.utf8))
        }
    }

    @Test("A hash provider too long for Blowfish's 56-byte key is a typed error")
    func hashTooLong() {
        let box = Self.box(InMemorySecretStore(), hashProvider: SHA3(variant: .sha256))
        #expect(
            throws: CryptoBoxCommonError.invalidKey(
                .invalidKeyLength(algorithm: "Blowfish", allowed: 4...56, actual: 64))
        ) {
            try box.encrypt(data: "token", auth: "1234")
        }
    }

    @Test("Missing, empty, truncated, non-base64 and non-text entries are typed errors")
    func damagedStore() throws {
        let store = InMemorySecretStore()
        let box = Self.box(store)
        #expect(throws: CryptoBoxCommonError.missingValue(key: "salt")) { try box.decrypt(auth: "1234") }
        try box.encrypt(data: "a secret token", auth: "1234")
        let good = try store.load(by: "data")

        try store.save(data: Data("not base64!".utf8), by: "data")
        #expect(throws: CryptoBoxCommonError.corruptedValue(key: "data", reason: .notBase64)) {
            try box.decrypt(auth: "1234")
        }
        try store.save(data: Data(), by: "data")
        #expect(throws: CryptoBoxCommonError.corruptedValue(key: "data", reason: .ciphertextLength(0))) {
            try box.decrypt(auth: "1234")
        }
        let truncated = try #require(Data(base64Encoded: good)).prefix(12).base64EncodedData()
        try store.save(data: truncated, by: "data")
        #expect(throws: CryptoBoxCommonError.corruptedValue(key: "data", reason: .ciphertextLength(12))) {
            try box.decrypt(auth: "1234")
        }
        try store.save(data: good, by: "data")
        try store.save(data: Data([0xFF, 0xFE]), by: "iv")
        #expect(throws: CryptoBoxCommonError.corruptedValue(key: "iv", reason: .notText)) {
            try box.decrypt(auth: "1234")
        }
        try store.save(data: Data("abc".utf8), by: "iv")
        #expect(throws: CryptoBoxCommonError.corruptedValue(key: "iv", reason: .ivLength(3))) {
            try box.decrypt(auth: "1234")
        }
        try store.remove(by: "iv")
        #expect(throws: CryptoBoxCommonError.missingValue(key: "iv")) { try box.decrypt(auth: "1234") }
    }

    @Test("The public initialiser uses the four keys it is given")
    func publicInitialiser() throws {
        let store = InMemorySecretStore()
        let box = PinCryptoBox(
            secureStore: { SecretStoreAdapter(store) }, hashProvider: SHA3(variant: .sha224),
            cryptoService: BlowfishCryptoService(), ivKey: "k.iv", dataKey: "k.data", saltKey: "k.salt",
            hashKey: "k.hash")
        try box.encrypt(data: "token", auth: "1234")
        #expect(store.keys == ["k.data", "k.hash", "k.iv", "k.salt"])
        #expect(try store.load(by: "k.salt").count == 64)
        #expect(try store.load(by: "k.hash").count == 56)
        try box.removeEntries()
        #expect(store.keys.isEmpty)
    }
}
