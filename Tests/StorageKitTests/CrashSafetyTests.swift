import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Crash safety: a writer killed at any instant leaves a whole value")
struct CrashSafetyTests {
    @Test("200 SIGKILLs mid-write each leave the old or the new value")
    func killedWriterLeavesAWholeValue() async throws {
        // Given a directory and a helper that, once it says "writing", replaces one key in a loop
        let directory = try TestFolder()
        defer { directory.remove() }
        let storage = LocalStorage(directory: directory.url)
        var outcomes: [String: Int] = [:]
        let path = directory.url.path

        for _ in 0..<200 {
            // (Starting, reading and killing the helper block, so they run on a thread of their own,
            // never on one of Swift concurrency's few shared threads.)
            let (started, errors) = try await onThread { () throws -> (String?, String) in
                let writer = try StressProcess(["crash", path, "state"])
                let started = writer.readLine()
                guard started == "writing" else { return (started, writer.wait().errors) }

                // When it is killed at a random moment (the delay only spreads the kills over the loop)
                usleep(UInt32.random(in: 0...15_000))
                writer.kill()
                return (started, "")
            }
            try #require(started == "writing", "the helper did not start: \(errors)")

            // Then the key decodes to one of the two values, never a mix, never nothing
            let value = try await storage.load(CrashValue.self, forKey: "state")
            #expect(value == .first || value == .second)
            outcomes[value.name, default: 0] += 1
        }
        #expect(outcomes.values.reduce(0, +) == 200)
        // And the temporary files of killed writers are swept by removeAll, which leaves no lock file
        try await storage.removeAll()
        #expect(directory.contents == [".storagekit-locks"])
    }
}
