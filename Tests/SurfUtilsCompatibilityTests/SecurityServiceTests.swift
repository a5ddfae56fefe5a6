import Foundation
import ServiceUtils
import XCTest

// SurfUtils' SecurityService, called exactly as SurfUtils 13.2 code calls it. Where SurfUtils' own
// tests use the Keychain, these use one InMemorySecureStore that every box reaches through its store
// closure: what those tests need from the Keychain is state shared by everyone holding the store.

private let sharedStore = InMemorySecureStore()

// MARK: - PinCryptoBox

final class PinBoxRoundTripTests: XCTestCase {
    private let cryptoBox = PinCryptoBox(
        secureStore: { sharedStore },
        hashProvider: SHA3(variant: .sha224),
        cryptoService: BlowfishCryptoService(),
        ivKey: "compat.ivKey",
        dataKey: "compat.dataKey",
        saltKey: "compat.saltKey",
        hashKey: "compat.hashKey")

    func testEncryptingDoesNotThrow() {
        XCTAssertNoThrow(try cryptoBox.encrypt(data: "4815", auth: "1623"))
    }

    func testDecryptingAfterEncryptingDoesNotThrow() {
        XCTAssertNoThrow(try cryptoBox.encrypt(data: "4815", auth: "1623"))
        XCTAssertNoThrow(try cryptoBox.decrypt(auth: "1623"))
    }

    func testDecryptingGivesBackWhatWasEncrypted() {
        // given
        let secret = "refresh-token-ёжик"
        let pin = "0042"
        // when
        try? cryptoBox.encrypt(data: secret, auth: pin)
        // then
        XCTAssertEqual(secret, try? cryptoBox.decrypt(auth: pin))
    }

    func testDecryptingAnEmptiedStoreThrows() {
        try? cryptoBox.encrypt(data: "4815", auth: "1623")
        try? sharedStore.removeAll()
        XCTAssertThrowsError(try cryptoBox.decrypt(auth: "1623")) { error in
            XCTAssertEqual(error as? CryptoBoxCommonError, .missingValue(key: "compat.saltKey"))
        }
    }

    func testAWrongPinDoesNotGiveBackTheSecret() {
        try? cryptoBox.encrypt(data: "4815", auth: "1623")
        XCTAssertNotEqual(try? cryptoBox.decrypt(auth: "1624"), "4815")
    }

    func testTheFourEntriesHaveSurfUtilsFormat() throws {
        // given
        try cryptoBox.encrypt(data: "4815", auth: "1623")
        // then: 32 random bytes of salt and 4 of IV as hex, a SHA3-224 hex hash, a base64 ciphertext
        let memory = sharedStore.memory
        XCTAssertEqual(memory["compat.saltKey"]?.count, 64)
        XCTAssertEqual(memory["compat.ivKey"]?.count, 8)
        XCTAssertEqual(memory["compat.hashKey"]?.count, 56)
        let ciphertext = try XCTUnwrap(Data(base64Encoded: memory["compat.dataKey"] ?? ""))
        XCTAssertEqual(ciphertext.count, 8)
        XCTAssertTrue((memory["compat.hashKey"] ?? "").allSatisfy { "0123456789abcdef".contains($0) })
    }
}

// MARK: - PinHackCryptoBox

final class HackBoxTests: XCTestCase {
    private let cryptoBox = PinCryptoBox(
        secureStore: { sharedStore },
        hashProvider: SHA3(variant: .sha224),
        cryptoService: BlowfishCryptoService(),
        ivKey: "compat.ivKey",
        dataKey: "compat.dataKey",
        saltKey: "compat.saltKey",
        hashKey: "compat.hashKey")
    private let hackBox = PinCryptoBox(
        secureStore: { sharedStore },
        hashProvider: SHA3(variant: .sha224),
        cryptoService: BlowfishCryptoService(),
        ivKey: "compat.ivKey",
        dataKey: "compat.dataKey",
        saltKey: "compat.saltKey",
        hashKey: "compat.hashKey"
    ).hack()

    private let data = "session-1"
    private let newData = "session-2"
    private let key = "7777"

    override func setUp() {
        super.setUp()
        try? cryptoBox.encrypt(data: data, auth: key)
    }

    func testHackBoxDecryptsWithoutThrowing() {
        XCTAssertNoThrow(try hackBox.decrypt())
    }

    func testHackBoxDecryptsTheSecretWithoutThePin() {
        XCTAssertEqual(data, try? hackBox.decrypt())
    }

    func testHackBoxEncryptsForThePinBox() {
        try? hackBox.encrypt(data: newData)
        XCTAssertEqual(newData, try? cryptoBox.decrypt(auth: key))
    }

    func testHackBoxFromItsInitializerReadsTheSameEntries() {
        let box = PinHackCryptoBox(
            secureStore: { sharedStore },
            cryptoService: BlowfishCryptoService(),
            ivKey: "compat.ivKey",
            dataKey: "compat.dataKey",
            saltKey: "compat.saltKey",
            hashKey: "compat.hashKey")
        XCTAssertEqual(try? box.decrypt(), data)
    }

    func testErasedHackBoxStandsInForThePinBox() throws {
        // given a CryptoBox slot holding the erased hack box
        let box: CryptoBox = hackBox.erase()
        // then it opens whatever auth it is given, and what it encrypts still opens with the PIN
        XCTAssertEqual(try box.decrypt(auth: "not the pin"), data)
        try box.encrypt(data: newData, auth: "ignored")
        XCTAssertEqual(try cryptoBox.decrypt(auth: key), newData)
        XCTAssertEqual(try HackWrapperCryptoBox(box: hackBox).decrypt(auth: ""), newData)
    }
}

// MARK: - SecureStore (SurfUtils' KeyChainSecureStore tests, on the shared store)

final class SharedSecureStoreTests: XCTestCase {
    var store = sharedStore

    override func tearDown() {
        try? store.removeAll()
        super.tearDown()
    }

    func testSavingDoesNotThrow() {
        do {
            try store.save(data: "pwd_5678", by: "compat.save")
        } catch {
            XCTFail("\(error)")
        }
    }

    func testSavedValueLoadsBack() {
        do {
            try store.save(data: "246", by: "compat.read")
            XCTAssertEqual("246", try store.load(by: "compat.read"))
        } catch {
            XCTFail("\(error)")
        }
    }

    func testSavingAgainUpdates() {
        do {
            try store.save(data: "246", by: "compat.update")
            try store.save(data: "qwe", by: "compat.update")
            XCTAssertEqual("qwe", try store.load(by: "compat.update"))
        } catch {
            XCTFail("\(error)")
        }
    }

    func testRemovedValueNoLongerLoads() {
        do {
            try store.save(data: "246", by: "compat.remove")
            try store.remove(by: "compat.remove")
            XCTAssertThrowsError(try store.load(by: "compat.remove"))
        } catch {
            XCTFail("\(error)")
        }
    }

    func testRemoveAllEmptiesTheStore() {
        do {
            try store.save(data: "246", by: "compat.all.1")
            try store.save(data: "246", by: "compat.all.2")
            try store.removeAll()
            XCTAssertThrowsError(try store.load(by: "compat.all.1"))
            XCTAssertThrowsError(try store.load(by: "compat.all.2"))
        } catch {
            XCTFail("\(error)")
        }
    }

    func testEveryHolderSeesTheSameMemory() throws {
        let other: SecureStore = store
        store.memory["compat.memory"] = "direct"
        XCTAssertEqual(try other.load(by: "compat.memory"), "direct")
        try other.save(data: "through the protocol", by: "compat.memory")
        XCTAssertEqual(store.memory["compat.memory"], "through the protocol")
    }
}

// MARK: - The "Service utils" page's configurator

private enum Const {
    static let ivKey = "seed.ivKey"
    static let dataKey = "seed.dataKey"
    static let saltKey = "seed.saltKey"
    static let hashKey = "seed.hashKey"
}

/// An app's settings singleton, as SurfUtils apps keep their store. In Swift 6 mode a shared
/// instance of a mutable, non-Sendable class is declared `nonisolated(unsafe)` by its app.
private final class Settings {
    nonisolated(unsafe) static let shared = Settings()
    var secureStorage: SecureStore = InMemorySecureStore()
}

private struct PinCryptoBoxConfigurator {
    func produceClear() -> PinCryptoBox {
        return PinCryptoBox(
            secureStore: { Settings.shared.secureStorage },
            hashProvider: SHA3(variant: .sha224),
            cryptoService: BlowfishCryptoService(),
            ivKey: Const.ivKey,
            dataKey: Const.dataKey,
            saltKey: Const.saltKey,
            hashKey: Const.hashKey)
    }
}

final class ConfiguratorExampleTests: XCTestCase {
    private let pin = "2580"

    func testTokenIsEncryptedAndDecrypted() {
        let token = "eyJ-access-token"
        let cryptoService = PinCryptoBoxConfigurator().produceClear()
        try? cryptoService.encrypt(data: token, auth: pin)
        let decrypted = try? cryptoService.decrypt(auth: pin)
        XCTAssertEqual(decrypted, token)
    }

    func testHackBoxRefreshesTheToken() {
        try? PinCryptoBoxConfigurator().produceClear().encrypt(data: "old token", auth: pin)
        let cryptoService = PinCryptoBoxConfigurator().produceClear().hack()
        try? cryptoService.encrypt(data: "new token")
        XCTAssertEqual(try? cryptoService.decrypt(), "new token")
        XCTAssertEqual(try? PinCryptoBoxConfigurator().produceClear().decrypt(auth: pin), "new token")
    }

    func testTheBoxUsesWhicheverStoreTheSettingsHoldNow() {
        // given a token saved in the settings' store
        let cryptoService = PinCryptoBoxConfigurator().produceClear()
        try? cryptoService.encrypt(data: "token", auth: pin)
        let previous = Settings.shared.secureStorage
        defer { Settings.shared.secureStorage = previous }
        // when the app swaps in an empty store, then the same box finds nothing
        Settings.shared.secureStorage = InMemorySecureStore()
        XCTAssertThrowsError(try cryptoService.decrypt(auth: pin))
        // and when the old store comes back, the token is there again
        Settings.shared.secureStorage = previous
        XCTAssertEqual(try? cryptoService.decrypt(auth: pin), "token")
    }
}

// MARK: - Keychain (Apple platforms)

#if canImport(Security)
    /// An app's own description of keychain items, in SurfUtils' style.
    private struct InternetPasswordQueryable: SecureStoreQueryable {
        let server: String
        var query: [String: Any] { ["class": "inet", "srvr": server] }
    }

    final class KeyChainShapeTests: XCTestCase {
        func testStoresAreBuiltWithSurfUtilsShapes() {
            let generic = GenericPasswordQueryable(service: "compat.service")
            let shared = GenericPasswordQueryable(service: "compat.service", accessGroup: "TEAM.group")
            let store: SecureStore = KeyChainSecureStore(secureStoreQueryable: generic)
            let custom: SecureStore = KeyChainSecureStore(
                secureStoreQueryable: InternetPasswordQueryable(server: "example.com"))
            XCTAssertTrue(generic.query.values.contains { ($0 as? String) == "compat.service" })
            XCTAssertTrue(shared.query.values.contains { ($0 as? String) == "compat.service" })
            XCTAssertNotNil(store as? KeyChainSecureStore)
            XCTAssertNotNil(custom as? KeyChainSecureStore)
        }
    }
#endif
