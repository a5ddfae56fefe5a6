import Foundation

/// A value guarded by a lock, for state that several threads or tasks touch.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15, newer than the package's platforms, so this
/// small box over `NSLock` stands in for it.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
package final class Locked<Value>: @unchecked Sendable {
    // Safe: `_value` is read and written only inside `withLock`, which holds `_lock` for the whole
    // access, so no two threads ever touch it at once.
    private let _lock = NSLock()
    private var _value: Value

    /// Creates a box holding `value`.
    package init(_ value: Value) {
        _value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        _lock.lock()
        defer { _lock.unlock() }
        return try body(&_value)
    }

    /// A copy of the current value.
    package var value: Value {
        withLock { $0 }
    }
}
