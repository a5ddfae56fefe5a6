import Foundation
import StorageKit
import Testing

@Suite("Two processes sharing one directory")
struct TwoProcessTests {
    @Test("two writers storing and loading the same keys for three seconds never see a bad value")
    func twoProcessesNeverSeeABadValue() async throws {
        // Given two helpers on one directory, both ready before either starts
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writers = try ["one", "two"].map { try StressProcess(["hammer", directory.url.path, "3", $0]) }
        for writer in writers {
            try #require(writer.readLine() == "ready", "a helper did not start: \(writer.wait().errors)")
        }

        // When both store and load random keys at once
        for writer in writers { writer.send("go") }
        let summaries = writers.map { $0.readLine() }
        let exits = writers.map { $0.wait() }

        // Then both finished without a decode failure or an inconsistent value
        for (exit, summary) in zip(exits, summaries) {
            #expect(exit.status == 0, "helper failed: \(exit.errors)")
            let counts = try #require(summary.map(Self.counts), "no summary; stderr: \(exit.errors)")
            #expect(counts["stores", default: 0] > 0)
            #expect(counts["loads", default: 0] > 0)
        }
        // And at least one process read a value the other one wrote, so they really did share keys
        let foreign = summaries.compactMap { $0.map(Self.counts)?["foreign"] }.reduce(0, +)
        #expect(foreign > 0)
        // And every key left behind decodes
        let storage = LocalStorage(directory: directory.url)
        for key in try await storage.keys() {
            let data = try await storage.loadData(forKey: key)
            #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        }
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
