import Dispatch
import InternalServiceUtilities

/// Keeps every thread of Dispatch's global queue computing while a test's body runs, as CPU-bound
/// work beside a server or a client does on two cores.
///
/// The global queue adds a thread only when its threads block,
/// not when they compute, so work queued there meanwhile waits for a spinner to stop. On Linux Swift
/// concurrency's shared pool then gets no thread either, so the body runs on a thread of its own
/// (``onOwnThread(_:)``): what it awaits resumes there.
public enum BusyGlobalQueues {
    /// Taken for each run: two runs at once would share the queue, and one's body could wait for
    /// the other's spinners while its own had not started, proving nothing.
    private static let oneAtATime = DispatchSemaphore(value: 1)

    /// Runs `body` on a thread of its own while spinners fill the global queue, then stops them.
    ///
    /// Spinners are queued until one of them does not start within 50 ms: the queue is then full.
    /// Its width is not assumed: it starts at one thread per processor, but Dispatch adds threads
    /// while others block, and those stay for later work, so a test process has more. `body` runs
    /// once the queue is full, and the spinners stop when it returns: every other test of the process
    /// waits meanwhile, so `body` should be short. Each spinner gives up after `limit`, so a body
    /// whose work waits for the queue still ends, later. The result says whether `body` returned
    /// while the spinners still held the queue, which is the proof that its work did not wait for
    /// them.
    ///
    /// ```swift
    /// let (answer, returnedWhileBusy) = try await BusyGlobalQueues.run { try await client.send(request) }
    /// #expect(returnedWhileBusy)
    /// ```
    public static func run<Value: Sendable>(
        limit: Duration = .seconds(5), _ body: () async throws -> Value
    ) async throws -> (value: Value, returnedWhileBusy: Bool) {
        try await onOwnThread {
            oneAtATime.wait()
            defer { oneAtATime.signal() }
            let stop = Locked(false)
            let gaveUp = Locked(false)
            defer { stop.withLock { $0 = true } }
            fill(limit: limit, stop: stop, gaveUp: gaveUp)
            let value = try await body()
            return (value, !gaveUp.withLock { $0 })
        }
    }

    /// Queues spinners until one does not start; each spins until `stop` or `limit`, then sets `gaveUp`.
    private static func fill(limit: Duration, stop: Locked<Bool>, gaveUp: Locked<Bool>) {
        let started = DispatchSemaphore(value: 0)
        for _ in 0..<256 {
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
            guard started.wait(timeout: .now() + .milliseconds(50)) == .success else { break }
        }
    }
}
