import Foundation

/// How a request's task starts.
///
/// Called from a worker thread of the concurrency runtime (inside a task, not on the main
/// thread), the task starts there and runs until it first suspends, where `Task.immediate` exists
/// (everywhere on Linux, Apple's 2025 systems): a request answered quickly is then sent, received
/// and serialized on that thread, as `HTTPClient.send` would from the same task, and only its
/// handler's queue costs a thread hop. Called from the main thread or a dispatch queue, it is an
/// ordinary task, so the caller never waits.
enum RequestLaunch {
    /// Starts `operation` as a request's task.
    ///
    /// - Parameter operation: The task's work.
    /// - Returns: The task.
    static func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), callerIsWorker {
            return Task.immediate(operation: operation)
        }
        return Task(operation: operation)
    }

    /// Whether the calling thread runs a task and is not the main thread.
    private static var callerIsWorker: Bool {
        !Thread.isMainThread && withUnsafeCurrentTask { $0 != nil }
    }
}
