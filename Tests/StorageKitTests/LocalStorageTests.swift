import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

@Suite("LocalStorage instance API")
struct LocalStorageTests {
    struct Profile: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
        var joined: Date
    }

    let profile = Profile(id: 7, name: "Ann", tags: ["a", "b"], joined: Date(timeIntervalSince1970: 1_700_000_000))

    @Test("a stored value loads back equal, and exists")
    func roundTrip() async throws {
        // Given an empty storage
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)
        #expect(try await storage.exists(forKey: "profile") == false)

        // When a value is stored
        try await storage.store(profile, forKey: "profile")

        // Then it loads back equal and exists
        #expect(try await storage.load(Profile.self, forKey: "profile") == profile)
        #expect(try await storage.exists(forKey: "profile"))
    }

    @Test("storing again replaces the value")
    func replace() async throws {
        // Given a stored value
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url, durability: .atomicOnly)
        try await storage.store(profile, forKey: "profile")

        // When another is stored under the same key
        var renamed = profile
        renamed.name = "Bob"
        try await storage.store(renamed, forKey: "profile")

        // Then the new one loads and only one file holds it
        #expect(try await storage.load(Profile.self, forKey: "profile") == renamed)
        #expect(try await storage.keys() == ["profile"])
    }

    @Test("a missing directory is created on the first write, with its parents")
    func createsDirectory() async throws {
        // Given a directory two levels below an existing one
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.file("a/b"))

        // When nothing was written yet, then there are no keys and loads say "not found"
        #expect(try await storage.keys() == [])
        await #expect(throws: StorageError.self) { try await storage.load(Profile.self, forKey: "x") }

        // When a value is stored, then the directory exists and holds it
        try await storage.store(profile, forKey: "x")
        #expect(FileManager.default.fileExists(atPath: directory.file("a/b/x").path))
    }

    @Test("keys lists values only, sorted, and removeAll empties the storage")
    func keysAndRemoveAll() async throws {
        // Given three values and a leftover temporary file of a killed writer
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)
        for key in ["b", "a", ".hidden"] { try await storage.store(key, forKey: key) }
        try Data("{".utf8).write(to: directory.file(".storagekit-tmp-0000000000000000-1"))

        // Then keys are the three, sorted, without the storage's own files
        #expect(try await storage.keys() == [".hidden", "a", "b"])

        // When everything is removed, then no key and no temporary file is left
        try await storage.removeAll()
        #expect(try await storage.keys() == [])
        #expect(directory.contents.allSatisfy { $0.hasPrefix(".storagekit-locks") })
    }

    @Test("removing keys removes their lock files: 1,000 keys stored then removed leave none")
    func removeDeletesLockFiles() async throws {
        // Given 1,000 keys stored (each write takes the key's lock file)
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)
        let keys = (0..<1_000).map { "key-\($0)" }
        for key in keys { try await storage.store(key, forKey: key) }
        let locks = directory.file(".storagekit-locks").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: locks).count == keys.count)

        // When half are removed one by one, and a key that was never stored is removed too
        for key in keys.prefix(500) { try await storage.remove(forKey: key) }
        await #expect(throws: StorageError.self) { try await storage.remove(forKey: "never-stored") }

        // Then only the other half keep a lock file, and they still load
        #expect(try FileManager.default.contentsOfDirectory(atPath: locks).count == 500)
        #expect(try await storage.load(String.self, forKey: "key-999") == "key-999")

        // And once the rest go through removeAll, the folder holds no lock file at all
        try await storage.removeAll()
        #expect(try FileManager.default.contentsOfDirectory(atPath: locks).isEmpty)
    }

    @Test("remove deletes the value; removing a missing key is valueNotFound")
    func remove() async throws {
        // Given a stored value
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)
        try await storage.store(profile, forKey: "profile")

        // When it is removed, then it no longer exists
        try await storage.remove(forKey: "profile")
        #expect(try await storage.exists(forKey: "profile") == false)

        // And removing or loading it again says it is not found
        await #expect {
            try await storage.remove(forKey: "profile")
        } throws: { error in
            if case StorageError.valueNotFound("profile") = error { return true }
            return false
        }
    }

    @Test("a corrupt or truncated file is decodingFailed and stays on disk")
    func corruptFile() async throws {
        // Given a stored value whose file is then cut in half
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)
        try await storage.store(profile, forKey: "profile")
        let file = directory.file("profile")
        let whole = try Data(contentsOf: file)
        let truncated = whole.prefix(whole.count / 2)
        try truncated.write(to: file)

        // When it is loaded, then decoding fails
        await #expect {
            _ = try await storage.load(Profile.self, forKey: "profile")
        } throws: { error in
            if case StorageError.decodingFailed("profile", _) = error { return true }
            return false
        }
        // And the file is untouched, for inspection
        #expect(try Data(contentsOf: file) == truncated)
    }

    @Test("a value of tens of megabytes round-trips")
    func largeValue() async throws {
        // Given 24 MiB of pseudo-random bytes
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url, durability: .atomicOnly)
        var bytes = Data(count: 24 << 20)
        bytes.withUnsafeMutableBytes { buffer in
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for index in 0..<(buffer.count / 8) {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                buffer.storeBytes(of: state, toByteOffset: index * 8, as: UInt64.self)
            }
        }

        // When stored as a Codable Data (base64 in JSON) and as raw data
        try await storage.store(bytes, forKey: "blob")
        try await storage.storeData(bytes, forKey: "raw")

        // Then both come back identical
        #expect(try await storage.load(Data.self, forKey: "blob") == bytes)
        #expect(try await storage.loadData(forKey: "raw") == bytes)
    }

    @Test("many tasks writing the same and different keys leave every file whole")
    func concurrentTasks() async throws {
        // Given 4 keys and 200 tasks storing numbered arrays to them at once
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url, durability: .atomicOnly)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try await storage.store(Array(repeating: index, count: 500 + index), forKey: "key-\(index % 4)")
                }
            }
            try await group.waitForAll()
        }

        // Then each key holds one whole array written by one of its tasks
        for key in 0..<4 {
            let numbers = try await storage.load([Int].self, forKey: "key-\(key)")
            let first = try #require(numbers.first)
            #expect(first % 4 == key && numbers.count == 500 + first && numbers.allSatisfy { $0 == first })
        }
    }
}
