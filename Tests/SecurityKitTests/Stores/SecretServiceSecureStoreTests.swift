#if canImport(Glibc)
    import Foundation
    import SecurityKit
    import ServiceUtilsTestSupport
    import Testing

    @Suite("SecretServiceSecureStore: GNOME Keyring through libsecret loaded at run time", .serialized)
    struct SecretServiceSecureStoreTests {
        /// A store whose label no other run uses, on the fixture's bus (scripts/fixtures/keyring.sh).
        static func store() throws -> SecretServiceSecureStore {
            _ = try Fixture.value("SU_SECRET_SERVICE_BUS")
            return try SecretServiceSecureStore(collectionLabel: "service-utils-tests-\(UUID().uuidString)")
        }

        @Test("Passes the shared SecretStore conformance checks")
        func conformance() async throws {
            try await SecretStoreConformance.checkAll(try Self.store())
        }

        @Test("Stores with different labels do not see each other's entries")
        func labelsSeparate() throws {
            let first = try Self.store()
            let second = try Self.store()
            try first.save(data: Data("one".utf8), by: "token")
            #expect(throws: SecureStoreError.notFound(key: "token")) { try second.load(by: "token") }
            try second.removeAll()
            #expect(try first.load(by: "token") == Data("one".utf8))
            try first.removeAll()
        }

        @Test("A PinVault round-trips on the Secret Service")
        func vault() throws {
            let store = try Self.store()
            let vault = PinVault(store: store, configuration: .init(parameters: .fastForTesting))
            try vault.save(text: "token in the keyring", pin: "1234")
            #expect(try vault.unlockText(pin: "1234") == "token in the keyring")
            try store.removeAll()
        }
    }
#endif
