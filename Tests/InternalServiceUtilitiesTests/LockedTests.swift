import InternalServiceUtilities
import Testing

@Suite("Locked")
struct LockedTests {
    @Test("increments from many tasks are never lost")
    func concurrentIncrements() async {
        // Given a shared counter
        let counter = Locked(0)
        // When 100 tasks each add 1,000 times
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        // Then every increment is counted
        #expect(counter.value == 100_000)
    }
}
