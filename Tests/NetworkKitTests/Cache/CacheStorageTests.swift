import Dispatch
import Foundation
import InternalServiceUtilities
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Memory and directory storage: bounds, eviction, persistence, bad files and sharing.
@Suite("Cache storage")
struct CacheStorageTests {
    private func request(_ index: Int) -> URLRequest {
        CacheTesting.request("https://example.com/\(index)")
    }

    private func store(_ cache: HTTPCache, _ index: Int, body: String = String(repeating: "x", count: 1000)) {
        CacheTesting.store(cache, request(index), [("Cache-Control", "max-age=100")], body: body)
    }

    private func isStored(_ cache: HTTPCache, _ index: Int) -> Bool {
        cache.lookup(request(index), now: CacheTesting.now).isFresh
    }

    @Test("The recency list keeps its order and total cost through uses, touches and removals")
    func recencyList() {
        var list = RecencyList<String>()
        list.use("a", cost: 1)
        list.use("b", cost: 2)
        list.use("c", cost: 3)
        list.touch("a")
        #expect(list.leastRecent == "b" && list.totalCost == 6)
        list.remove("b")
        list.use("c", cost: 10)
        #expect(list.leastRecent == "a" && list.totalCost == 11 && list.count == 2)
        list.addAsLeastRecent("z", cost: 1)
        #expect(list.leastRecent == "z")
    }

    @Test("Memory: the least recently used responses are evicted to stay within the byte budget")
    func memoryEviction() {
        // Given room for nine responses of about 1 kB
        let big = HTTPCache(maximumBytes: 9_000)
        for index in 0..<4 { store(big, index, body: String(repeating: "y", count: 900)) }
        // When the oldest, 0, is used, then eight more are stored
        #expect(isStored(big, 0) && big.currentBytes <= big.maximumBytes)
        for index in 4..<12 { store(big, index, body: String(repeating: "y", count: 900)) }
        // Then the budget holds and the most recent survive
        #expect(big.currentBytes <= 9_000 && big.currentMemoryUsage == big.currentBytes && big.currentDiskUsage == 0)
        #expect(isStored(big, 11) && !isStored(big, 1))
        // And 0, used after 1, 2 and 3, outlived them
        #expect(!isStored(big, 2) && !isStored(big, 3))
    }

    @Test("A response larger than maximumEntryBytes is not stored")
    func oversize() {
        let cache = HTTPCache(maximumBytes: 80_000)
        #expect(cache.maximumEntryBytes == 10_000)
        store(cache, 1, body: String(repeating: "z", count: 10_001))
        #expect(!isStored(cache, 1) && cache.currentBytes == 0)
        store(cache, 2, body: String(repeating: "z", count: 5_000))
        #expect(isStored(cache, 2))
    }

    @Test("Disk: responses survive into a new HTTPCache on the same directory")
    func diskRoundTrip() throws {
        let directory = CacheTesting.temporaryDirectory().appendingPathComponent("nested")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let first = HTTPCache(directory: directory, maximumBytes: 1_000_000)
        #expect(first.lastError == nil)
        store(first, 1, body: "persisted")
        let second = HTTPCache(directory: directory, maximumBytes: 1_000_000)
        #expect(second.currentDiskUsage > 0 && second.currentMemoryUsage == 0)
        let response = try #require(second.lookup(request(1), now: CacheTesting.now).response)
        #expect(response.body == Data("persisted".utf8))
        second.removeAll()
        #expect(HTTPCache(directory: directory, maximumBytes: 1_000_000).currentBytes == 0)
    }

    @Test("Disk: a truncated or corrupted file is a miss and is removed")
    func corruptFiles() throws {
        let directory = CacheTesting.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = HTTPCache(directory: directory, maximumBytes: 1_000_000)
        store(cache, 1)
        store(cache, 2)
        let first = directory.appendingPathComponent(CacheKey(url: request(1).url ?? directory).fileName)
        let second = directory.appendingPathComponent(CacheKey(url: request(2).url ?? directory).fileName)
        let bytes = try Data(contentsOf: first)
        try bytes.prefix(bytes.count / 2).write(to: first)
        var flipped = try Data(contentsOf: second)
        flipped[flipped.count / 2] ^= 0xFF
        try flipped.write(to: second)
        #expect(cache.lookup(request(1), now: CacheTesting.now) == .miss)
        #expect(cache.lookup(request(2), now: CacheTesting.now) == .miss)
        #expect(
            !FileManager.default.fileExists(atPath: first.path) && !FileManager.default.fileExists(atPath: second.path))
    }

    @Test("Disk: eviction keeps the directory within maximumBytes")
    func diskEviction() {
        let directory = CacheTesting.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = HTTPCache(directory: directory, maximumBytes: 10_000)
        for index in 0..<30 { store(cache, index, body: String(repeating: "d", count: 800)) }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let sizes = files.filter { $0.hasSuffix(".cache") }.map { name in
            ((try? FileManager.default.attributesOfItem(atPath: directory.path + "/" + name))?[.size] as? Int) ?? 0
        }
        #expect(sizes.reduce(0, +) <= 10_000 && cache.currentBytes <= 10_000)
        #expect(isStored(cache, 29))
    }

    @Test("A directory that cannot be created falls back to memory and reports why")
    func unusableDirectory() throws {
        let file = CacheTesting.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("not a folder".utf8).write(to: file)
        let cache = HTTPCache(directory: file.appendingPathComponent("cache"), maximumBytes: 100_000)
        #expect(cache.lastError != nil)
        store(cache, 1)
        #expect(isStored(cache, 1) && cache.currentMemoryUsage > 0)
    }

    @Test("Two caches writing one directory at once never read a torn or mixed response")
    func concurrentWriters() {
        let directory = CacheTesting.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let caches = [
            HTTPCache(directory: directory, maximumBytes: 4_000_000),
            HTTPCache(directory: directory, maximumBytes: 4_000_000),
        ]
        let failures = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let cache = caches[worker % 2]
            for round in 0..<40 {
                let index = round % 3
                // Each body repeats one letter, and X-Letter names it: a torn or mixed file would disagree
                let letter = String(UnicodeScalar(UInt8(65 + (worker * 7 + round) % 26)))
                CacheTesting.store(
                    cache, request(index), [("Cache-Control", "max-age=100"), ("X-Letter", letter)],
                    body: String(repeating: letter, count: 20_000 + round))
                guard let response = cache.lookup(request((round + 1) % 3), now: CacheTesting.now).response else {
                    continue
                }
                let expected = response.headers["X-Letter"] ?? "?"
                let body = String(decoding: response.body, as: UTF8.self)
                if body.isEmpty || body.contains(where: { String($0) != expected }) { failures.withLock { $0 += 1 } }
            }
        }
        #expect(failures.value == 0)
        #expect(caches.allSatisfy { $0.lastError == nil })
    }
}
