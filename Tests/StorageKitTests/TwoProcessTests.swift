import Foundation
import ServiceUtilsTestSupport
import StorageKit
import Testing

@Suite("Two processes sharing one directory")
struct TwoProcessTests {
    @Test("two processes storing, loading and removing the same keys for three seconds never fail or see a bad value")
    func twoProcessesNeverSeeABadValue() async throws {
        // Given two helpers on one directory, both ready before either starts
        let directory = try TestFolder()
        defer { directory.remove() }
        let path = directory.url.path
        // (The helpers' reads and exits block for seconds, so the whole run happens on a thread of
        // its own, never on one of Swift concurrency's few shared threads.)
        let run = try await onThread { () throws -> HammerRun in
            let writers = try ["one", "two"].map { try StressProcess(["hammer", path, "3", $0]) }
            var ready: [String?] = []
            for writer in writers {
                ready.append(writer.readLine())
                if ready.last != "ready" {
                    return HammerRun(ready: ready, startErrors: writer.wait().errors, summaries: [], exits: [])
                }
            }

            // When both store, load and remove random keys at once (each removal deletes the key's lock
            // file, which the other process may be waiting on)
            for writer in writers { writer.send("go") }
            let summaries = writers.map { $0.readLine() }
            let exits = writers.map { $0.wait() }
            return HammerRun(ready: ready, startErrors: "", summaries: summaries, exits: exits)
        }
        for line in run.ready {
            try #require(line == "ready", "a helper did not start: \(run.startErrors)")
        }
        let summaries = run.summaries
        let exits = run.exits

        // Then both finished without a decode failure or an inconsistent value
        for (exit, summary) in zip(exits, summaries) {
            #expect(exit.status == 0, "helper failed: \(exit.errors)")
            let counts = try #require(summary.map(Self.counts), "no summary; stderr: \(exit.errors)")
            #expect(counts["stores", default: 0] > 0)
            #expect(counts["loads", default: 0] > 0)
        }
        // And keys were removed (a fifth of the operations, counted when the key existed: summed over
        // both, since one slow process under a sanitizer may do few operations in its 3 s)
        #expect(summaries.compactMap { $0.map(Self.counts)?["removes"] }.reduce(0, +) > 0)
        // And at least one process read a value the other one wrote, so they really did share keys
        let foreign = summaries.compactMap { $0.map(Self.counts)?["foreign"] }.reduce(0, +)
        #expect(foreign > 0)
        // And every key left behind decodes, and has at most its own lock file beside it
        let storage = LocalStorage(directory: directory.url)
        let keys = try await storage.keys()
        for key in keys {
            let data = try await storage.loadData(forKey: key)
            #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        }
        let locks = try FileManager.default.contentsOfDirectory(atPath: directory.file(".storagekit-locks").path)
        #expect(locks.count <= keys.count)
    }

    /// What the two helpers printed and how they ended.
    private struct HammerRun: Sendable {
        /// The first line of each helper started so far ("ready" when it is).
        var ready: [String?]
        /// Standard error of the helper that did not say "ready", if one did not.
        var startErrors: String
        /// Each helper's summary line, nil when its output ended first.
        var summaries: [String?]
        /// Each helper's exit status and standard error.
        var exits: [(status: Int32, errors: String)]
    }

    /// "stores=3 loads=4 foreign=1" as a dictionary.
    private static func counts(_ summary: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for pair in summary.split(separator: " ") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { counts[String(parts[0])] = value }
        }
        return counts
    }
}
