import Dispatch

/// The task executor a streamed body's writer runs on: Dispatch's worker threads, not Swift
/// concurrency's shared pool.
///
/// The shared pool has one thread per processor, and a test run keeps them busy (CPU-bound tests,
/// blocking calls): on two cores a writer task waited seconds before its first line ran, so a body a
/// condition cuts after a few bytes was neither sent nor cut, and its client timed out. Dispatch adds
/// workers when its own are blocked, as it does for the synchronous handlers it already runs. The
/// writer's continuations resume here too, so no step of the body waits for the shared pool.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class WriterExecutor: TaskExecutor {
    /// The one executor, which holds no state.
    static let shared = WriterExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
