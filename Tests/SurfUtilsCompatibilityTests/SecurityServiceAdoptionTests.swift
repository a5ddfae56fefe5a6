import Foundation
import ServiceUtils
import XCTest

// SurfUtils' SecurityService protocols adopted by an app's own types, written as SurfUtils apps
// write them (plain classes with mutable state), and ServiceUtils' stores behind SurfUtils' shapes.

// MARK: - An app's types

/// A store keeping text in a dictionary, failing like SurfUtils' own in-memory store.
private final class DictionarySecureStore: SecureStore {
    var storage = [String: String]()
    private(set) var writes = 0
    var failure: SecureStoreError?

    func save(data: String, by key: String) throws {
        if let failure = failure { throw failure }
        writes += 1
        storage[key] = data
    }

    func load(by key: String) throws -> String {
        guard let value = storage[key] else { throw NSError(domain: "app.store", code: 404, userInfo: nil) }
        return value
    }

    func remove(by key: String) throws {
        storage.removeValue(forKey: key)
    }

    func removeAll() throws {
        storage.removeAll()
    }
}

/// SHA3-224 that counts its calls.
private final class CountingHashProvider: HashProvider {
    private(set) var calls = 0
    private let sha3 = SHA3(variant: .sha224)

    func hash(data: [UInt8]) throws -> [UInt8] {
        calls += 1
        return try sha3.hash(data: data)
    }
}

/// A toy stream cipher (XOR with key and IV bytes): no padding, so ciphertexts keep the plaintext's length.
private final class XorCryptoService: SymmetricCryptoService {
    private(set) var encryptions = 0

    func encrypt(data: [UInt8], key: String, iv: String) throws -> [UInt8] {
        encryptions += 1
        return try xor(data, key: key, iv: iv)
    }

    func decrypt(data: [UInt8], key: String, iv: String) throws -> [UInt8] {
        try xor(data, key: key, iv: iv)
    }

    private func xor(_ data: [UInt8], key: String, iv: String) throws -> [UInt8] {
        let stream = Array(key.utf8) + Array(iv.utf8)
        guard !stream.isEmpty else { throw CryptoBoxCommonError.cantConvertStringToData }
        return data.enumerated().map { $0.element ^ stream[$0.offset % stream.count] }
    }
}

/// A box that keeps the secret as UTF-8 for one auth value, throwing SurfUtils' conversion errors.
private final class PlainCryptoBox: CryptoBox {
    private var stored: (auth: String, bytes: Data)?

    func encrypt(data: String, auth: String) throws {
        guard let bytes = data.data(using: .utf8) else { throw CryptoBoxCommonError.cantConvertStringToData }
        stored = (auth, bytes)
    }

    func decrypt(auth: String) throws -> String {
        guard let stored = stored, stored.auth == auth, let text = String(data: stored.bytes, encoding: .utf8) else {
            throw CryptoBoxCommonError.cantConvertDataToString
        }
        return text
    }
}

/// Holds whichever box the app uses now, as SurfUtils' hack wrapper is meant to be used.
private final class TokenKeeper {
    var box: CryptoBox

    init(box: CryptoBox) {
        self.box = box
    }

    func token(pin: String) -> String? {
        try? box.decrypt(auth: pin)
    }
}

final class SurfUtilsStyleAdopterTests: XCTestCase {
    func testPinBoxWorksOverAnAppStoreHashAndCipher() throws {
        // given an app's store, hash provider and cipher
        let store = DictionarySecureStore()
        let hash = CountingHashProvider()
        let cipher = XorCryptoService()
        let box = PinCryptoBox(
            secureStore: { store }, hashProvider: hash, cryptoService: cipher,
            ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        // when a secret of 13 bytes is saved and read
        try box.encrypt(data: "thirteen char", auth: "1111")
        let secret = try box.decrypt(auth: "1111")
        // then it round-trips, each piece was used, and the stream cipher's ciphertext kept its length
        XCTAssertEqual(secret, "thirteen char")
        XCTAssertEqual(store.writes, 4)
        XCTAssertEqual(hash.calls, 2)
        XCTAssertEqual(cipher.encryptions, 1)
        XCTAssertEqual(Data(base64Encoded: store.storage["data"] ?? "")?.count, 13)
        XCTAssertEqual(try box.hack().decrypt(), "thirteen char")
    }

    func testAnAppStoreServesAsASecureDataProvider() throws {
        let store = DictionarySecureStore()
        let provider: SecureDataProvider = store
        try provider.save(data: "value", by: "key")
        XCTAssertEqual(try provider.load(by: "key"), "value")
        XCTAssertEqual(store.storage, ["key": "value"])
    }

    func testAnAppHashProviderWritesWhatSHA3Reads() throws {
        let store = InMemorySecureStore()
        let counting = PinCryptoBox(
            secureStore: { store }, hashProvider: CountingHashProvider(), cryptoService: BlowfishCryptoService(),
            ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        let plain = PinCryptoBox(
            secureStore: { store }, hashProvider: SHA3(variant: .sha224), cryptoService: BlowfishCryptoService(),
            ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        try counting.encrypt(data: "token", auth: "9090")
        XCTAssertEqual(try plain.decrypt(auth: "9090"), "token")
    }

    func testErrorsOfAnAppStoreReachTheCaller() {
        let store = DictionarySecureStore()
        let box = PinCryptoBox(
            secureStore: { store }, hashProvider: SHA3(variant: .sha224), cryptoService: BlowfishCryptoService(),
            ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        // the app's own error for a missing entry comes through unchanged
        XCTAssertThrowsError(try box.decrypt(auth: "1234")) { error in
            XCTAssertEqual((error as NSError).domain, "app.store")
        }
        // a SecureStoreError comes wrapped in the box's error
        store.failure = .unhandledError(message: "disk full")
        XCTAssertThrowsError(try box.encrypt(data: "token", auth: "1234")) { error in
            XCTAssertEqual(error as? CryptoBoxCommonError, .storeFailed(.unhandledError(message: "disk full")))
        }
        store.failure = .stringToDataConversionError
        XCTAssertThrowsError(try box.encrypt(data: "token", auth: "1234"))
        XCTAssertTrue(store.storage.isEmpty)
    }

    func testBoxesSwapBehindTheCryptoBoxProtocol() throws {
        // given a keeper holding the PIN box
        let store = InMemorySecureStore()
        let pinBox = PinCryptoBox(
            secureStore: { store }, hashProvider: SHA3(variant: .sha224), cryptoService: BlowfishCryptoService(),
            ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        let keeper = TokenKeeper(box: pinBox)
        try keeper.box.encrypt(data: "token", auth: "4321")
        XCTAssertEqual(keeper.token(pin: "4321"), "token")
        // when it swaps in the erased hack box, then no PIN is needed
        keeper.box = pinBox.hack().erase()
        XCTAssertEqual(keeper.token(pin: ""), "token")
        // when it swaps in the app's own box, then that box's rules apply
        keeper.box = PlainCryptoBox()
        try keeper.box.encrypt(data: "plain", auth: "1")
        XCTAssertEqual(keeper.token(pin: "1"), "plain")
        XCTAssertNil(keeper.token(pin: "2"))
        XCTAssertThrowsError(try keeper.box.decrypt(auth: "2")) { error in
            XCTAssertEqual(error as? CryptoBoxCommonError, .cantConvertDataToString)
        }
    }
}

// MARK: - ServiceUtils' byte stores behind SurfUtils' SecureStore

final class ByteStoreAdapterTests: XCTestCase {
    private var folder: URL!

    override func setUp() {
        super.setUp()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("su-compat-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    private func makeBox() throws -> PinCryptoBox {
        let files = try FileSecretStore(directory: folder)
        return PinCryptoBox(
            secureStore: { SecretStoreAdapter(files) }, hashProvider: SHA3(variant: .sha224),
            cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
    }

    func testPinBoxKeepsItsEntriesInFiles() throws {
        // given a box over a file store
        try makeBox().encrypt(data: "token on disk", auth: "2468")
        // then a box over a new store on the same folder opens it, and so does the hack box
        XCTAssertEqual(try makeBox().decrypt(auth: "2468"), "token on disk")
        XCTAssertEqual(try makeBox().hack().decrypt(), "token on disk")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 4)
    }

    func testAdapterFollowsTheSecureStoreContract() throws {
        let store: SecureStore = SecretStoreAdapter(try FileSecretStore(directory: folder))
        try store.save(data: "1", by: "k")
        try store.save(data: "2", by: "k")
        XCTAssertEqual(try store.load(by: "k"), "2")
        try store.remove(by: "k")
        XCTAssertThrowsError(try store.load(by: "k"))
        try store.save(data: "3", by: "other")
        try store.removeAll()
        XCTAssertThrowsError(try store.load(by: "other"))
    }

    func testBytesThatAreNotTextAreAConversionError() throws {
        let files = try FileSecretStore(directory: folder)
        try files.save(data: Data([0xFF, 0xFE, 0xFD]), by: "binary")
        XCTAssertThrowsError(try SecretStoreAdapter(files).load(by: "binary")) { error in
            switch error as? SecureStoreError {
            case .dataToStringConversionError?: break
            case .stringToDataConversionError?, .unhandledError?: XCTFail("wrong case: \(error)")
            default: XCTFail("not a SecureStoreError: \(error)")
            }
        }
    }
}

// MARK: - The primitives

final class SecurityPrimitivesTests: XCTestCase {
    func testSHA3HashProviderGivesTheStandardDigest() throws {
        let digest = try SHA3(variant: .sha224).hash(data: Array("abc".utf8))
        let hex = digest.map { String(format: "%02x", $0) }.joined()
        XCTAssertEqual(hex, "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf")
    }

    func testBlowfishServiceRoundTripsWithTextKeyAndIV() throws {
        let service = BlowfishCryptoService()
        let sealed = try service.encrypt(data: Array("pkcs7 padded".utf8), key: "some key", iv: "abcd1234")
        XCTAssertEqual(sealed.count, 16)
        XCTAssertEqual(try service.decrypt(data: sealed, key: "some key", iv: "abcd1234"), Array("pkcs7 padded".utf8))
        XCTAssertThrowsError(try service.encrypt(data: sealed, key: "some key", iv: "short"))
    }

    func testRandomBytesHaveTheRequestedCount() {
        XCTAssertEqual(CryptoCommon.random(count: 32).count, 32)
        XCTAssertNotEqual(CryptoCommon.random(count: 16), CryptoCommon.random(count: 16))
    }
}
