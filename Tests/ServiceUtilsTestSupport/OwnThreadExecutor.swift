import Foundation

/// Runs a whole test body, assertions included, on a thread of its own instead of one of Swift
/// concurrency's shared threads: for tests whose work is long and synchronous (a key derivation
/// over many iterations, a blocking D-Bus call) and checked step by step.
///
/// Unlike ``onThread(_:)``, the body stays in the test's task (its task-local values, which
/// `#expect` needs, are kept): a task executor preference moves the task's jobs to the thread.
/// Where task executors are not available (before macOS 15 and iOS 18) the body runs as it is.
///
/// ```swift
/// try await onOwnThread {
///     let key = try PBKDF2.deriveSHA256(password: password, salt: salt, iterations: 80_000, length: 64)
///     #expect(key.hexString == expected)
/// }
/// ```
///
/// - Parameter body: The work and its checks.
/// - Returns: What `body` returned.
/// - Throws: What `body` threw.
public func onOwnThread<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return try await body() }
    let executor = OwnThreadExecutor()
    defer { executor.finish() }
    return try await withTaskExecutorPreference(executor) { try await body() }
}

/// A task executor with one thread, which ends once ``finish()`` was called and its jobs ran.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    // Safe: `jobs` and `finished` are read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init() {
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once no job is left.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty, !finished { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
