import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

@Suite("Path safety: bad keys are rejected and nothing is written outside the directory")
struct PathSafetyTests {
    static let badKeys: [(key: String, reason: StorageError.InvalidKeyReason)] = [
        ("", .empty),
        (".", .directoryName),
        ("..", .directoryName),
        ("../escaped", .containsSeparator),
        ("../../escaped", .containsSeparator),
        ("/tmp/escaped", .containsSeparator),
        ("sub/escaped", .containsSeparator),
        (#"..\escaped"#, .containsSeparator),
        ("nul\0escaped", .containsNul),
        (String(repeating: "x", count: 256), .tooLong(byteCount: 256)),
        (String(repeating: "é", count: 128), .tooLong(byteCount: 256)),
        (".storagekit-tmp-1", .reservedPrefix),
    ]

    @Test("every bad key is rejected with its reason by every operation", arguments: badKeys)
    func badKeyRejected(key: String, reason: StorageError.InvalidKeyReason) async throws {
        // Given a storage inside an outer directory
        let outer = try TestFolder()
        defer { outer.remove() }
        let storage = LocalStorage(directory: outer.file("store"))
        let rejected: (any Error) -> Bool = { error in
            guard case StorageError.invalidKey(let rejectedKey, let rejectedReason) = error else { return false }
            return rejectedKey == key && rejectedReason == reason
        }

        // When each operation is tried with the key, then each throws invalidKey with the reason
        await #expect(performing: { try await storage.store("value", forKey: key) }, throws: rejected)
        await #expect(performing: { try await storage.storeData(Data("1".utf8), forKey: key) }, throws: rejected)
        await #expect(performing: { try await storage.load(String.self, forKey: key) }, throws: rejected)
        await #expect(performing: { try await storage.remove(forKey: key) }, throws: rejected)
        await #expect(performing: { try await storage.exists(forKey: key) }, throws: rejected)

        // And nothing was created anywhere
        #expect(outer.contents == [])
    }

    // Keys are checked before any file is touched, so this runs on the default shared storage.
    @Test("the static API says fileNameNotExist for every bad key")
    func staticAPIRejectsBadKeys() throws {
        for (key, _) in Self.badKeys {
            #expect(throws: LocalStorage.Error.Store.fileNameNotExist) { try LocalStorage.store(object: 1, as: key) }
            #expect(throws: LocalStorage.Error.Load.fileNotExist) {
                _ = try LocalStorage.load(fileName: key, as: Int.self)
            }
            #expect(throws: LocalStorage.Error.Remove.fileNotExist) { try LocalStorage.remove(fileName: key) }
        }
    }

    @Test("a key whose file is a symbolic link is never written through, read through or followed")
    func symbolicLinkKey() async throws {
        // Given a file outside the storage and a link to it planted under the key "victim"
        let outer = try TestFolder()
        defer { outer.remove() }
        let outside = outer.file("outside.json")
        try Data(#""secret""#.utf8).write(to: outside)
        let directory = outer.file("store")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("victim"),
            withDestinationURL: outside
        )
        let storage = LocalStorage(directory: directory)
        let notARegularFile: (StorageError.FileFailureReason) -> Bool = { $0 == .notARegularFile }

        // When a value is stored, loaded and removed under that key, then each is refused
        await #expect {
            try await storage.store("overwritten", forKey: "victim")
        } throws: { error in
            guard case StorageError.writeFailed("victim", let reason) = error else { return false }
            return notARegularFile(reason)
        }
        await #expect {
            try await storage.load(String.self, forKey: "victim")
        } throws: { error in
            guard case StorageError.readFailed("victim", let reason) = error else { return false }
            return notARegularFile(reason)
        }
        #expect(try await storage.exists(forKey: "victim") == false)
        #expect(try await storage.keys() == [])

        // And the outside file is unchanged
        #expect(try String(contentsOf: outside, encoding: .utf8) == #""secret""#)
    }

    @Test("a lock folder replaced by a link to elsewhere makes writes fail, not escape")
    func symbolicLinkLockFolder() async throws {
        // Given a storage whose lock folder is a link to an outside directory
        let outer = try TestFolder()
        defer { outer.remove() }
        let elsewhere = outer.file("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let directory = outer.file("store")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent(".storagekit-locks"),
            withDestinationURL: elsewhere
        )
        let storage = LocalStorage(directory: directory)

        // When a value is stored, then it fails
        await #expect(throws: StorageError.self) { try await storage.store(1, forKey: "key") }

        // And nothing appeared in the outside directory
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
    }

    @Test("a storage directory reached through a symbolic link works")
    func directoryThroughLink() async throws {
        // Given a link to a real directory
        let outer = try TestFolder()
        defer { outer.remove() }
        let real = outer.file("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = outer.file("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

        // When a value is stored through the link
        let storage = LocalStorage(directory: link)
        try await storage.store([1, 2, 3], forKey: "numbers")

        // Then it is in the real directory and loads back
        #expect(FileManager.default.fileExists(atPath: real.appendingPathComponent("numbers").path))
        #expect(try await storage.load([Int].self, forKey: "numbers") == [1, 2, 3])
    }

    @Test("the longest valid key (255 bytes) and keys with dots and spaces work")
    func validEdgeKeys() async throws {
        // Given awkward but valid keys
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)
        let keys = [String(repeating: "k", count: 255), "...", ".env", "with space", "ключ"]

        // When each is stored, then each loads back and they are all listed
        for key in keys { try await storage.store(key, forKey: key) }
        for key in keys { #expect(try await storage.load(String.self, forKey: key) == key) }
        #expect(try await storage.keys() == keys.sorted())
    }
}
