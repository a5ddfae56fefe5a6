import Foundation
import SecurityKit
import Testing

@Suite("FileSecretStore: a private directory, 0600 files, atomic writes")
struct FileSecretStoreTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("su-file-store-\(UUID().uuidString)")
    }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    @Test("Passes the shared SecretStore conformance checks")
    func conformance() async throws {
        let folder = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SecretStoreConformance.checkAll(try FileSecretStore(directory: folder))
    }

    @Test("The directory is 0700 (even when it existed with looser rights) and entries are 0600")
    func permissions() throws {
        // Given a directory that exists with mode 0755
        let folder = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        // When a store opens it and saves an entry
        let store = try FileSecretStore(directory: folder)
        try store.save(data: Data("token".utf8), by: "token")
        // Then the folder is 0700, the one entry file is 0600, and no temporary file is left
        #expect(try Self.mode(folder.path) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        let file = folder.appendingPathComponent(try #require(names.first)).path
        #expect(try Self.mode(file) == 0o600)
    }

    @Test("A value saved by one instance is read by another (it persists on disk)")
    func persists() throws {
        let folder = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileSecretStore(directory: folder).save(data: Data("kept".utf8), by: "token")
        #expect(try FileSecretStore(directory: folder).load(by: "token") == Data("kept".utf8))
    }

    @Test("Empty and overlong keys are typed errors; other files in the folder are left alone by removeAll")
    func keysAndForeignFiles() throws {
        let folder = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try FileSecretStore(directory: folder)
        #expect(throws: SecureStoreError.self) { try store.save(data: Data(), by: "") }
        #expect(throws: SecureStoreError.self) { try store.save(data: Data(), by: String(repeating: "k", count: 121)) }
        try Data("not ours".utf8).write(to: folder.appendingPathComponent("README"))
        try store.save(data: Data("x".utf8), by: "token")
        try store.removeAll()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["README"])
    }

    @Test("A path that is a file, not a directory, is .unavailable")
    func notADirectory() throws {
        let file = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        try Data().write(to: file)
        #expect(throws: SecureStoreError.self) { try FileSecretStore(directory: file) }
    }

    @Test("A PinVault works on a file store across instances")
    func vaultOnFiles() throws {
        let folder = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PinVault(store: try FileSecretStore(directory: folder), configuration: .init(parameters: .fastForTesting))
            .save(text: "token", pin: "1234")
        let reopened = PinVault(
            store: try FileSecretStore(directory: folder), configuration: .init(parameters: .fastForTesting))
        #expect(try reopened.unlockText(pin: "1234") == "token")
    }

    @Test("The former name FileSecureStore still opens the same store")
    func formerName() throws {
        // Given a store opened under the deprecated name
        let folder = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let former = try (FormerNames.self as any FormerNameLookup.Type).fileStore(folder)
        // When it saves an entry
        try former.save(data: Data("kept".utf8), by: "token")
        // Then it is a FileSecretStore, and the new name reads the entry back
        #expect(former is FileSecretStore)
        #expect(try FileSecretStore(directory: folder).load(by: "token") == Data("kept".utf8))
    }
}

/// Reaches a deprecated name through a protocol requirement, so that the test compiles without a
/// deprecation warning (the build treats warnings as errors).
private protocol FormerNameLookup {
    static func fileStore(_ directory: URL) throws -> any SecretStore
}

private enum FormerNames: FormerNameLookup {
    @available(*, deprecated, message: "uses FileSecureStore on purpose")
    static func fileStore(_ directory: URL) throws -> any SecretStore {
        try FileSecureStore(directory: directory)
    }
}
