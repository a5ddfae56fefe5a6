import Dispatch
import InternalServiceUtilities
import ServiceUtilsTestSupport

/// Keeps every thread of Dispatch's global queue computing while a test's body runs, as CPU-bound
/// tests beside a server do on two cores.
///
/// The global queue keeps about one thread per processor and adds one only when its threads block,
/// not when they compute, so work queued there meanwhile waits for a spinner to stop.
enum BusyGlobalQueues {
    /// Held for each run: two runs at once would share the queue, and one's body could wait for the
    /// other's spinners while its own had not started, proving nothing.
    private static let oneAtATime = Locked(())

    /// Runs `body` on a thread of its own while spinners fill the global queue, then stops them.
    ///
    /// Spinners are queued until one of them does not start within a quarter of a second: the queue is then
    /// full (this does not rely on its width). Each spinner gives up after `limit`, so a body whose
    /// work waits for the queue still ends, later. The result says whether `body` returned while the
    /// spinners still held the queue, which is the proof that its work did not wait for them.
    static func run<Value: Sendable>(
        limit: Duration = .seconds(5), _ body: @escaping @Sendable () throws -> Value
    ) async throws -> (value: Value, returnedWhileBusy: Bool) {
        try await onThread { try oneAtATime.withLock { _ in try fill(limit: limit, body) } }
    }

    private static func fill<Value: Sendable>(
        limit: Duration, _ body: @Sendable () throws -> Value
    ) throws -> (value: Value, returnedWhileBusy: Bool) {
        let stop = Locked(false)
        let gaveUp = Locked(false)
        let started = DispatchSemaphore(value: 0)
        defer { stop.withLock { $0 = true } }
        for _ in 0..<64 {
            DispatchQueue.global().async {
                started.signal()
                let deadline = ContinuousClock.now + limit
                while !stop.withLock({ $0 }) {
                    guard ContinuousClock.now < deadline else {
                        gaveUp.withLock { $0 = true }
                        return
                    }
                }
            }
            guard started.wait(timeout: .now() + .milliseconds(250)) == .success else { break }
        }
        let value = try body()
        return (value, !gaveUp.withLock { $0 })
    }
}
