import Foundation

/// A value behind a lock, as Alamofire's `Protected`, for code (such as Alamofire's test helpers)
/// written against it.
///
/// ```swift
/// let count = Protected(0)
/// count.write { $0 += 1 }
/// print(count.read { $0 })  // 1
/// ```
public final class Protected<Value> {
    private let lock = NSLock()
    private var stored: Value

    /// Wraps `value`.
    ///
    /// - Parameter value: The first value.
    public init(_ value: Value) {
        stored = value
    }

    /// Runs `closure` with the value, holding the lock.
    ///
    /// - Parameter closure: Reads the value.
    /// - Returns: What `closure` returns.
    /// - Throws: What `closure` throws.
    public func read<Result>(_ closure: (Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try closure(stored)
    }

    /// Runs `closure` with the value to change, holding the lock.
    ///
    /// - Parameter closure: Changes the value.
    /// - Returns: What `closure` returns.
    /// - Throws: What `closure` throws.
    @discardableResult
    public func write<Result>(_ closure: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try closure(&stored)
    }

    /// Replaces the value.
    ///
    /// - Parameter value: The new value.
    public func write(_ value: Value) {
        write { $0 = value }
    }
}

// Sendable when its value is: every access to `stored` holds `lock`.
extension Protected: @unchecked Sendable where Value: Sendable {}
