import Foundation

/// Runs blocking work (a child process's output, `wait()`, a blocking socket read) on a
/// thread of its own and resumes with its result.
///
/// Swift concurrency has only a few shared threads (as many as there are cores); a test that
/// blocks one of them for long stalls every async test and mock server waiting for it. Whatever
/// blocks belongs in `body`, while the assertions stay in the test.
///
/// ```swift
/// let status = try await onThread { try runChildAndWait() }
/// #expect(status == 0)
/// ```
///
/// - Parameter body: The blocking work; it runs once, on a new thread with a 1 MB stack.
/// - Returns: What `body` returned.
/// - Throws: What `body` threw.
public func onThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
