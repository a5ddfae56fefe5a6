import Foundation
import Testing

@testable import SecurityKit

@Suite("SurfUtils' crypto protocols: hash, cipher, random bytes, key weaving, foreign errors")
struct LegacyProtocolsTests {
    @Test("SHA3(variant: .sha224) as a HashProvider gives the FIPS 202 digest of \"abc\"")
    func sha3HashProvider() throws {
        let provider: any HashProvider = SHA3(variant: .sha224)
        let digest = try provider.hash(data: Array("abc".utf8))
        #expect(digest.hexString == "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf")
    }

    @Test("BlowfishCryptoService round-trips with text key and IV, and refuses a wrong key by its padding")
    func blowfishService() throws {
        let service: any SymmetricCryptoService = BlowfishCryptoService()
        let sealed = try service.encrypt(data: Array("a secret".utf8), key: "key text", iv: "12345678")
        #expect(sealed.count == 16)
        #expect(try service.decrypt(data: sealed, key: "key text", iv: "12345678") == Array("a secret".utf8))
        #expect(throws: CryptoError.self) { try service.encrypt(data: [1], key: "abc", iv: "12345678") }
        #expect(throws: CryptoError.self) { try service.decrypt(data: sealed, key: "key text", iv: "1234567") }
    }

    @Test("CryptoCommon.random gives the requested number of bytes, different each time, none for a negative count")
    func random() {
        #expect(CryptoCommon.random(count: 32).count == 32)
        #expect(CryptoCommon.random(count: 32) != CryptoCommon.random(count: 32))
        #expect(CryptoCommon.random(count: -1).isEmpty)
    }

    @Test("The key text weaves the salt's characters as SurfUtils does, also for non-ASCII salt")
    func weave() {
        // Even-indexed characters go to the end in order; odd-indexed ones go to the front one by one.
        #expect(PinCryptoBox.weave(pin: "12", salt: "abcd") == "db12ac")
        #expect(PinCryptoBox.weave(pin: "1", salt: "éжx") == "ж1éx")
        #expect(PinCryptoBox.weave(pin: "pin", salt: "") == "pin")
    }

    /// An app's store that fails with its own error type.
    final class FailingStore: SecureStore {
        struct Broken: Error, Equatable {}
        func save(data: String, by key: String) throws { throw Broken() }
        func load(by key: String) throws -> String { throw Broken() }
        func remove(by key: String) throws { throw Broken() }
        func removeAll() throws { throw Broken() }
    }

    /// An app's hash provider that fails.
    struct FailingHash: HashProvider {
        struct Refused: Error, Equatable {}
        func hash(data: [UInt8]) throws -> [UInt8] { throw Refused() }
    }

    @Test("Errors of an app's store and hash provider reach the caller unchanged; ServiceUtils' are typed")
    func foreignErrors() throws {
        let failing = FailingStore()
        let box = PinCryptoBox(
            secureStore: { failing }, hashProvider: SHA3(variant: .sha224), cryptoService: BlowfishCryptoService(),
            ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        #expect(throws: FailingStore.Broken()) { try box.encrypt(data: "token", auth: "1234") }
        #expect(throws: FailingStore.Broken()) { try box.decrypt(auth: "1234") }
        #expect(throws: FailingStore.Broken()) { try box.hack().decrypt() }

        let store = InMemorySecureStore()
        let hashing = PinCryptoBox(
            secureStore: { store }, hashProvider: FailingHash(), cryptoService: BlowfishCryptoService(),
            ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        #expect(throws: FailingHash.Refused()) { try hashing.encrypt(data: "token", auth: "1234") }
        #expect(store.memory.isEmpty)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("su-not-a-dir-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try FileSecretStore(directory: folder)
        let overlong = PinCryptoBox(
            secureStore: { SecretStoreAdapter(files) }, hashProvider: SHA3(variant: .sha224),
            cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data",
            saltKey: String(repeating: "s", count: 200), hashKey: "hash")
        #expect {
            try overlong.encrypt(data: "token", auth: "1234")
        } throws: { error in
            guard case .storeFailed(.invalidKey) = error as? CryptoBoxCommonError else { return false }
            return true
        }
    }
}
