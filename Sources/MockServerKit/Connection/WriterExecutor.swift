import Dispatch

/// The task executor a streamed body's writer runs on: a serial Dispatch queue of the writer's own,
/// not Swift concurrency's shared pool nor Dispatch's global queues.
///
/// The shared pool has one thread per processor, and a test run keeps them busy (CPU-bound tests,
/// blocking calls): on two cores a writer task waited seconds before its first line ran, so a body a
/// condition cuts after a few bytes was neither sent nor cut, and its client timed out. Dispatch's
/// global queues add a worker only when theirs block, not when they compute, so they can wait as
/// long. A serial queue gets a thread of its own whenever the others are busy. One task's jobs never
/// run at once, so a serial queue per writer costs the writer nothing; its continuations resume here
/// too, so no step of the body waits for shared threads.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class WriterExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "MockServerKit.writer")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
