import Foundation
import InternalServiceUtilities

/// In-process locks, one per key: operations on one key run one at a time, different keys in parallel.
///
/// An entry exists only while some thread uses or waits for it, so the table stays as small as the
/// number of keys in use at once.
final class KeyLocks: Sendable {
    private final class Entry {
        let lock = NSLock()
        // Guarded by the table's lock, not by `lock`.
        var users = 0
    }

    private let table = Locked<[String: Entry]>([:])

    /// Runs `body` while holding the lock of `key`.
    func withLock<Result, Failure: Error>(
        _ key: String,
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let entry = table.withLock { table in
            let entry = table[key] ?? Entry()
            entry.users += 1
            table[key] = entry
            return entry
        }
        entry.lock.lock()
        defer {
            entry.lock.unlock()
            table.withLock { table in
                entry.users -= 1
                if entry.users == 0 { table[key] = nil }
            }
        }
        return try body()
    }
}
