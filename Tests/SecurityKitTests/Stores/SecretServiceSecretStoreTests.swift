#if canImport(Glibc)
    import Foundation
    import SecurityKit
    import ServiceUtilsTestSupport
    import Testing

    @Suite("SecretServiceSecretStore: GNOME Keyring through libsecret loaded at run time", .serialized)
    struct SecretServiceSecretStoreTests {
        // Every call blocks on D-Bus (libsecret's synchronous API), so each test runs on a thread of
        // its own rather than one of the two that run every async test here.

        /// A store whose label no other run uses, on the fixture's bus (scripts/fixtures/keyring.sh).
        static func store() throws -> SecretServiceSecretStore {
            _ = try Fixture.value("SU_SECRET_SERVICE_BUS")
            return try SecretServiceSecretStore(collectionLabel: "service-utils-tests-\(UUID().uuidString)")
        }

        @Test("Passes the shared SecretStore conformance checks")
        func conformance() async throws {
            try await onOwnThread {
                try await SecretStoreConformance.checkAll(try Self.store())
            }
        }

        @Test("Stores with different labels do not see each other's entries")
        func labelsSeparate() async throws {
            try await onOwnThread {
                let first = try Self.store()
                let second = try Self.store()
                try first.save(data: Data("one".utf8), by: "token")
                #expect(throws: SecureStoreError.notFound(key: "token")) { try second.load(by: "token") }
                try second.removeAll()
                #expect(try first.load(by: "token") == Data("one".utf8))
                try first.removeAll()
            }
        }

        @Test("SurfUtils' PinCryptoBox keeps its four entries in the Secret Service through SecretStoreAdapter")
        func legacyBox() async throws {
            try await onOwnThread {
                // Given a PIN box whose store closure returns the adapter over a Secret Service store
                let store = try Self.store()
                defer { try? store.removeAll() }
                let box = PinCryptoBox(
                    secureStore: { SecretStoreAdapter(store) }, hashProvider: SHA3(variant: .sha224),
                    cryptoService: BlowfishCryptoService(), ivKey: "iv", dataKey: "data", saltKey: "salt",
                    hashKey: "hash")
                // When a secret is encrypted, Then the keyring holds the salt as 64 hex characters and the box opens
                try box.encrypt(data: "token in the keyring", auth: "1234")
                #expect(try store.load(by: "salt").count == 64)
                #expect(try box.decrypt(auth: "1234") == "token in the keyring")
                #expect(try box.hack().decrypt() == "token in the keyring")
            }
        }

        @Test("A PinVault round-trips on the Secret Service")
        func vault() async throws {
            try await onOwnThread {
                let store = try Self.store()
                let vault = PinVault(store: store, configuration: .init(parameters: .fastForTesting))
                try vault.save(text: "token in the keyring", pin: "1234")
                #expect(try vault.unlockText(pin: "1234") == "token in the keyring")
                try store.removeAll()
            }
        }
    }
#endif
