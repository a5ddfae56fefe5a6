import Foundation
import Testing

@testable import SecurityKit

@Suite("PinHackCryptoBox: SurfUtils' re-encryption with the stored hash and IV")
struct PinHackCryptoBoxTests {
    static func hackBox(_ store: any SecretStore) -> PinHackCryptoBox {
        PinHackCryptoBox(
            secureStore: { SecretStoreAdapter(store) }, cryptoService: BlowfishCryptoService(), ivKey: "iv",
            dataKey: "data", saltKey: "salt", hashKey: "hash")
    }

    @Test("Re-encrypting a reference box's secret writes the reference's data entry and touches nothing else")
    func reencryptsLikeTheReference() throws {
        for vector in try SecurityFixtures.pinBoxVectors().boxes {
            // Given the reference's salt, IV and hash entries, and a data entry holding something else
            let store = PinCryptoBoxTests.store(with: vector.entries)
            try PinCryptoBoxTests.box(store).hack().encrypt(data: "placeholder")
            #expect(String(decoding: try store.load(by: "data"), as: UTF8.self) != vector.entries.data)
            // When the hack box encrypts the reference's secret
            try Self.hackBox(store).encrypt(data: vector.secret)
            // Then the data entry is the reference's, byte for byte, and the other three are unchanged
            #expect(
                String(decoding: try store.load(by: "data"), as: UTF8.self) == vector.entries.data, "\(vector.name)")
            #expect(String(decoding: try store.load(by: "salt"), as: UTF8.self) == vector.entries.salt)
            #expect(String(decoding: try store.load(by: "iv"), as: UTF8.self) == vector.entries.iv)
            #expect(String(decoding: try store.load(by: "hash"), as: UTF8.self) == vector.entries.hash)
            // And the PIN box opens the new secret with the old PIN
            #expect(try PinCryptoBoxTests.box(store).decrypt(auth: vector.pin) == vector.secret)
        }
    }

    @Test("A box built with the public initialiser reads what hack() of the PIN box reads")
    func publicInitialiser() throws {
        let store = InMemorySecretStore()
        try PinCryptoBoxTests.box(store).encrypt(data: "token", auth: "2580")
        #expect(try Self.hackBox(store).decrypt() == "token")
        #expect(try Self.hackBox(store).erase().decrypt(auth: "") == "token")
    }

    @Test("On an empty store both directions are .missingValue for the hash and nothing is written")
    func emptyStore() throws {
        let store = InMemorySecretStore()
        #expect(throws: CryptoBoxCommonError.missingValue(key: "hash")) { try Self.hackBox(store).decrypt() }
        #expect(throws: CryptoBoxCommonError.missingValue(key: "hash")) { try Self.hackBox(store).encrypt(data: "x") }
        #expect(throws: CryptoBoxCommonError.missingValue(key: "hash")) {
            try HackWrapperCryptoBox(box: Self.hackBox(store)).encrypt(data: "x", auth: "1234")
        }
        #expect(store.keys.isEmpty)
    }

    @Test("A damaged IV is .corruptedValue for the IV entry, and the data entry is left alone")
    func damagedIV() throws {
        let store = InMemorySecretStore()
        try PinCryptoBoxTests.box(store).encrypt(data: "token", auth: "2580")
        let data = try store.load(by: "data")
        try store.save(data: Data("12345".utf8), by: "iv")
        #expect(throws: CryptoBoxCommonError.corruptedValue(key: "iv", reason: .ivLength(5))) {
            try Self.hackBox(store).encrypt(data: "new")
        }
        #expect(try store.load(by: "data") == data)
    }
}
