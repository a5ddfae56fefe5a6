import Foundation
import SecurityKit
import Testing

@Suite("InMemorySecureStore: SurfUtils' text store, shared per instance and thread-safe")
struct InMemorySecureStoreTests {
    @Test("Passes the shared SecureStore conformance checks")
    func conformance() async throws {
        try await SecureStoreConformance.checkAll(InMemorySecureStore())
    }

    @Test("Everyone holding the instance sees the same entries, through the methods and memory")
    func sharedState() throws {
        // Given one store reached through two references and SurfUtils' protocol
        let store = InMemorySecureStore()
        let other: any SecureStore = store
        // When one saves and the other writes memory directly
        try store.save(data: "a", by: "first")
        (other as? InMemorySecureStore)?.memory["second"] = "b"
        // Then both see both entries, and a separate instance sees none
        #expect(try other.load(by: "first") == "a")
        #expect(try store.load(by: "second") == "b")
        #expect(store.memory == ["first": "a", "second": "b"])
        #expect(InMemorySecureStore().memory.isEmpty)
        // When memory is replaced, Then the old entries are gone
        store.memory = ["third": "c"]
        #expect(throws: SecureStoreError.notFound(key: "first")) { try other.load(by: "first") }
        #expect(try other.load(by: "third") == "c")
    }

    @Test("Readers of memory always see whole states while 8 tasks write 4000 entries")
    func concurrentMemory() async throws {
        // Given a store that 8 tasks fill, each with 500 keys whose value equals the key
        let store = InMemorySecureStore()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<500 { try store.save(data: "\(task).\(index)", by: "\(task).\(index)") }
                }
            }
            // When another task reads memory all the while
            group.addTask {
                for _ in 0..<200 {
                    // Then every snapshot is consistent: each entry is whole and under its own key
                    let snapshot = store.memory
                    #expect(snapshot.allSatisfy { $0.key == $0.value })
                }
            }
            try await group.waitForAll()
        }
        // Then no write was lost
        #expect(store.memory.count == 4000)
    }
}
