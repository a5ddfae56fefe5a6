import Foundation

/// A lock with no value behind it, for work that must run one at a time (calls into a library that is
/// not thread-safe, a read-modify-write of outside state).
///
/// Use it instead of `Locked(())`: ThreadSanitizer attributes an access to a zero-sized stored value
/// to the start of the object holding it, so every `Locked<Void>.withLock` looks like a race with
/// another thread reading that object's header before taking the lock.
///
/// ```swift
/// let serial = SerialLock()
/// let result = serial.run { nonThreadSafeCall() }
/// ```
package final class SerialLock: @unchecked Sendable {
    // Safe: the only stored property is an immutable reference to an NSLock, which is built to be used
    // from several threads at once (the unchecked conformance only spares relying on how each SDK
    // annotates NSLock).
    private let lock = NSLock()

    package init() {}

    /// Runs `body` while holding the lock and returns what it returns.
    package func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
