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

@Suite("SerialLock")
struct SerialLockTests {
    @Test("bodies never overlap, and each one's result comes back")
    func bodiesNeverOverlap() async {
        // Given a lock and a counter of bodies inside it, which only the lock guards
        let serial = SerialLock()
        let inside = UnguardedCounter()
        // When 50 tasks each run 200 bodies that enter, check and leave
        let overlaps = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    var seen = 0
                    for index in 0..<200 {
                        let echoed = serial.run { () -> Int in
                            inside.value += 1
                            if inside.value != 1 { seen += 1 }
                            inside.value -= 1
                            return index
                        }
                        if echoed != index { seen += 1 }
                    }
                    return seen
                }
            }
            return await group.reduce(0, +)
        }
        // Then no body ever saw another one inside
        #expect(overlaps == 0)
    }
}

/// A counter with no lock of its own: SerialLock's test touches it only inside `run`.
private final class UnguardedCounter: @unchecked Sendable {
    // Safe only inside SerialLock.run, which is what the test checks.
    var value = 0
}
