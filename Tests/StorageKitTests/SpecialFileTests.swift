import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Special files under a key")
struct SpecialFileTests {
    @Test("a FIFO or a directory under a key is refused, not opened or replaced")
    func specialFilesRefused() async throws {
        // Given a FIFO and a directory planted under two keys
        let directory = try TestFolder()
        defer { directory.remove() }
        #expect(mkfifo(directory.file("pipe").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: directory.file("folder"), withIntermediateDirectories: false)
        let storage = LocalStorage(directory: directory.url)

        for key in ["pipe", "folder"] {
            // When they are loaded or stored, then each is refused as not a regular file
            await #expect {
                try await storage.load(Int.self, forKey: key)
            } throws: { error in
                guard case StorageError.readFailed(key, .notARegularFile) = error else { return false }
                return true
            }
            await #expect {
                try await storage.store(1, forKey: key)
            } throws: { error in
                guard case StorageError.writeFailed(key, .notARegularFile) = error else { return false }
                return true
            }
        }
        // And they are not listed as values
        #expect(try await storage.keys() == [])
    }
}
