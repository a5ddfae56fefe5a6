import Foundation
import SecurityKit
import Testing

@Suite("SecretStoreAdapter: a byte store behind SurfUtils' text SecureStore")
struct SecretStoreAdapterTests {
    @Test("Over an in-memory byte store it passes the shared SecureStore conformance checks")
    func conformanceInMemory() async throws {
        try await SecureStoreConformance.checkAll(SecretStoreAdapter(InMemorySecretStore()))
    }

    @Test("Over a file store it passes the same checks, and the text is on disk as its UTF-8")
    func conformanceOnFiles() async throws {
        let folder = FileSecretStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try FileSecretStore(directory: folder)
        try await SecureStoreConformance.checkAll(SecretStoreAdapter(files))
        try SecretStoreAdapter(files).save(data: "\u{FEFF}ключ", by: "token")
        #expect(try files.load(by: "token") == Data("\u{FEFF}ключ".utf8))
    }

    @Test("Bytes that are not UTF-8 are .dataToStringConversionError; the base store's errors pass through")
    func errors() throws {
        // Given a byte store holding an invalid UTF-8 sequence and a lone continuation byte
        let bytes = InMemorySecretStore(entries: ["bad": Data([0xC3, 0x28]), "lone": Data([0x80])])
        let store = SecretStoreAdapter(bytes)
        // Then loading them is SurfUtils' conversion error, and a missing key is .notFound
        #expect(throws: SecureStoreError.dataToStringConversionError) { try store.load(by: "bad") }
        #expect(throws: SecureStoreError.dataToStringConversionError) { try store.load(by: "lone") }
        #expect(throws: SecureStoreError.notFound(key: "missing")) { try store.load(by: "missing") }
        // And the file store's key check comes through unchanged
        let folder = FileSecretStoreTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = SecretStoreAdapter(try FileSecretStore(directory: folder))
        #expect(throws: SecureStoreError.invalidKey(key: "", reason: "it is empty")) {
            try files.save(data: "x", by: "")
        }
    }

    @Test("remove and removeAll reach the base store")
    func removals() throws {
        let bytes = InMemorySecretStore()
        let store = SecretStoreAdapter(bytes)
        try store.save(data: "1", by: "a")
        try store.save(data: "2", by: "b")
        try store.remove(by: "a")
        #expect(bytes.keys == ["b"])
        try store.removeAll()
        #expect(bytes.keys.isEmpty)
    }
}
