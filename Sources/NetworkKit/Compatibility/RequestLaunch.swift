import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
        withUnsafeCurrentTask { $0 != nil } && !ThreadRole.isMain
    }
}

/// Whether the calling thread is the main thread, remembered per thread.
///
/// `Thread.isMainThread` makes two system calls on Linux (`gettid` and `getpid`), which cost more
/// than the rest of a request's launch; a thread never stops or starts being the main thread, so
/// each thread asks once and keeps the answer in a thread-specific slot.
enum ThreadRole {
    /// The slot, made once; nil if the system had none to give (then every call asks).
    private static let slot: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// What the slot holds for the main thread and for any other, as addresses (never null: null
    /// is "not asked yet").
    private static let main = 1
    private static let other = 2

    /// Whether the calling thread is the main thread.
    static var isMain: Bool {
        guard let slot else { return Thread.isMainThread }
        if let known = pthread_getspecific(slot) { return Int(bitPattern: known) == main }
        let isMain = Thread.isMainThread
        _ = pthread_setspecific(slot, UnsafeRawPointer(bitPattern: isMain ? main : other))
        return isMain
    }
}
