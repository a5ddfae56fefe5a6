import Foundation
import Testing

@testable import SecurityKit

@Suite("PinVault: scrypt + ChaCha20-Poly1305, attempt limiting, PIN change and migration")
struct PinVaultTests {
    /// Cheap parameters so the suite stays fast; the format and checks are the same as with real ones.
    static let cheap = PinVault.Configuration(parameters: .fastForTesting)

    @Test("Secrets of 0 B to 64 KB round-trip under PINs with non-ASCII characters")
    func roundTrips() throws {
        for (length, pin) in [
            (0, "0000"), (1, "1234"), (100, "пин-код"), (4096, "🔑12345678"), (65_536, "123456789012"),
        ] {
            // Given a vault with a random secret saved under the PIN
            let vault = PinVault(store: InMemorySecretStore(), configuration: Self.cheap)
            let secret = Data(SecureRandom.bytes(count: length))
            try vault.save(secret: secret, pin: pin)
            // When it is unlocked with the PIN, Then the secret comes back
            #expect(try vault.unlock(pin: pin) == secret)
        }
        let vault = PinVault(store: InMemorySecretStore(), configuration: Self.cheap)
        try vault.save(text: "\u{FEFF}token", pin: "2580")
        #expect(try vault.unlockText(pin: "2580").unicodeScalars.first == "\u{FEFF}")
    }

    @Test("Nothing that yields the key is stored: the record holds neither PIN nor secret")
    func storesNoKey() throws {
        let store = InMemorySecretStore()
        let vault = PinVault(store: store, configuration: Self.cheap)
        try vault.save(text: "very-secret-token", pin: "9876")
        #expect(store.keys == ["pin-vault.record"])
        let record = try store.load(by: "pin-vault.record")
        #expect(record.range(of: Data("very-secret-token".utf8)) == nil)
        #expect(record.range(of: Data("9876".utf8)) == nil)
    }

    @Test("A wrong PIN is .wrongPIN with the attempts left; the right PIN resets the count")
    func wrongPIN() throws {
        let vault = PinVault(store: InMemorySecretStore(), configuration: Self.cheap)
        try vault.save(text: "token", pin: "1234")
        #expect(throws: PinVaultError.wrongPIN(remainingAttempts: 4)) { try vault.unlock(pin: "0000") }
        #expect(throws: PinVaultError.wrongPIN(remainingAttempts: 3)) { try vault.unlock(pin: "1111") }
        #expect(try vault.remainingAttempts() == 3)
        #expect(try vault.unlockText(pin: "1234") == "token")
        #expect(try vault.remainingAttempts() == 5)
    }

    @Test("After five wrong PINs a locking vault refuses even the right one, until a new secret is saved")
    func locks() throws {
        let vault = PinVault(store: InMemorySecretStore(), configuration: Self.cheap)
        try vault.save(text: "token", pin: "1234")
        for remaining in (1...4).reversed() {
            #expect(throws: PinVaultError.wrongPIN(remainingAttempts: remaining)) { try vault.unlock(pin: "0000") }
        }
        #expect(throws: PinVaultError.locked) { try vault.unlock(pin: "0000") }
        #expect(throws: PinVaultError.locked) { try vault.unlock(pin: "1234") }
        #expect(try vault.containsSecret())
        try vault.save(text: "new token", pin: "5678")
        #expect(try vault.unlockText(pin: "5678") == "new token")
    }

    @Test("A wiping vault erases its record on the last allowed failure")
    func wipes() throws {
        let store = InMemorySecretStore()
        let vault = PinVault(
            store: store, configuration: .init(parameters: .fastForTesting, maximumAttempts: 3, lockoutPolicy: .wipe))
        try vault.save(text: "token", pin: "1234")
        #expect(throws: PinVaultError.wrongPIN(remainingAttempts: 2)) { try vault.unlock(pin: "0000") }
        #expect(throws: PinVaultError.wrongPIN(remainingAttempts: 1)) { try vault.unlock(pin: "0000") }
        #expect(throws: PinVaultError.wiped) { try vault.unlock(pin: "0000") }
        #expect(store.keys.isEmpty)
        #expect(throws: PinVaultError.notFound) { try vault.unlock(pin: "1234") }
    }

    @Test("An unreadable attempt counter fails closed")
    func corruptCounter() throws {
        let store = InMemorySecretStore()
        let vault = PinVault(store: store, configuration: Self.cheap)
        try vault.save(text: "token", pin: "1234")
        try store.save(data: Data("many".utf8), by: "pin-vault.attempts")
        #expect(throws: PinVaultError.locked) { try vault.unlock(pin: "1234") }
    }

    @Test("changePIN: the old PIN stops working and the new one opens the same secret")
    func changePIN() throws {
        let vault = PinVault(store: InMemorySecretStore(), configuration: Self.cheap)
        try vault.save(text: "token", pin: "1234")
        #expect(throws: PinVaultError.wrongPIN(remainingAttempts: 4)) { try vault.changePIN(old: "9999", new: "5678") }
        try vault.changePIN(old: "1234", new: "5678")
        #expect(throws: PinVaultError.wrongPIN(remainingAttempts: 4)) { try vault.unlock(pin: "1234") }
        #expect(try vault.unlockText(pin: "5678") == "token")
    }

    @Test("migrate(from:pin:) moves a legacy secret and removes the legacy entries only after it reads back")
    func migrates() throws {
        // Given a legacy box holding a secret with a byte-order mark, in the same store as the vault
        let store = InMemorySecretStore()
        let legacy = PinCryptoBox(
            secureStore: { SecretStoreAdapter(store) }, hashProvider: SHA3(variant: .sha224),
            cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        try legacy.encrypt(data: "\u{FEFF}legacy token", auth: "2580")
        let vault = PinVault(store: store, configuration: Self.cheap)
        // When a wrong PIN is given, Then nothing moves
        #expect(throws: PinVaultError.self) { try vault.migrate(from: legacy, pin: "0000") }
        #expect(store.keys == ["data", "hash", "iv", "salt"])
        // When the right PIN is given, Then the vault holds the exact secret and the legacy entries are gone
        try vault.migrate(from: legacy, pin: "2580")
        #expect(store.keys == ["pin-vault.record"])
        #expect(Array(try vault.unlockText(pin: "2580").utf8) == Array("\u{FEFF}legacy token".utf8))
    }

    @Test("migrate(from:pin:) reads a legacy box kept in SurfUtils' text store into a byte store")
    func migratesFromTextStore() throws {
        // Given a legacy box in SurfUtils' in-memory store, and a vault in a separate byte store
        let legacyStore = InMemorySecureStore()
        let legacy = PinCryptoBox(
            secureStore: { legacyStore }, hashProvider: SHA3(variant: .sha224), cryptoService: BlowfishCryptoService(),
            ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        try legacy.encrypt(data: "token from SurfUtils", auth: "1234")
        let vaultStore = InMemorySecretStore()
        let vault = PinVault(store: vaultStore, configuration: Self.cheap)
        // When it is migrated
        try vault.migrate(from: legacy, pin: "1234")
        // Then the vault opens to the secret, the legacy store is empty and the vault store holds only the record
        #expect(try vault.unlockText(pin: "1234") == "token from SurfUtils")
        #expect(legacyStore.memory.isEmpty)
        #expect(vaultStore.keys == ["pin-vault.record"])
    }

    @Test("migrate(from:pin:) reports an emptied legacy store as .legacyBoxFailed(.missingValue) and saves nothing")
    func migratesNothingFromEmptyStore() throws {
        let legacy = PinCryptoBox(
            secureStore: { InMemorySecureStore() }, hashProvider: SHA3(variant: .sha224),
            cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt", hashKey: "hash")
        let vault = PinVault(store: InMemorySecretStore(), configuration: Self.cheap)
        #expect(throws: PinVaultError.legacyBoxFailed(.missingValue(key: "salt"))) {
            try vault.migrate(from: legacy, pin: "1234")
        }
        #expect(try !vault.containsSecret())
    }

    @Test("Unlocking an empty vault is .notFound, and remove() empties it")
    func notFound() throws {
        let vault = PinVault(store: InMemorySecretStore(), configuration: Self.cheap)
        #expect(throws: PinVaultError.notFound) { try vault.unlock(pin: "1234") }
        try vault.save(text: "token", pin: "1234")
        try vault.remove()
        #expect(try !vault.containsSecret())
    }

    @Test("Concurrent wrong PINs from many tasks are each counted")
    func concurrentAttempts() async throws {
        let vault = PinVault(
            store: InMemorySecretStore(), configuration: .init(parameters: .fastForTesting, maximumAttempts: 100))
        try vault.save(text: "token", pin: "1234")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<8 { group.addTask { _ = try? vault.unlock(pin: "wrong \(index)") } }
        }
        #expect(try vault.remainingAttempts() == 92)
    }
}
