public import Foundation
import InternalServiceUtilities

/// A download or upload running in a task of its own: its progress as an `AsyncSequence`, its
/// outcome, and a way to cancel it.
///
/// It starts at once and runs until it ends or is cancelled, whether or not anyone awaits it.
///
/// ```swift
/// let download = client.startDownload(Files.video, to: destination)
/// for await progress in download.progress {
///     bar.value = progress.fractionCompleted ?? 0
/// }
/// let file = try await download.value()
/// ```
public final class Transfer<Value: Sendable>: Sendable {
    private struct Observers {
        var latest: TransferProgress?
        var continuations: [UUID: AsyncStream<TransferProgress>.Continuation] = [:]
        var finished = false
    }

    private let observers = Locked(Observers())
    /// Held around each update, the end and each subscription, from reading the state to the last
    /// `yield`/`finish`, so a new reader's first (latest) value cannot arrive after a newer update, nor
    /// be dropped because the end came between. The state itself is under `observers`, which
    /// `onTermination` takes alone (`finish()` calls it at once).
    private let delivery = SerialLock()
    private let task = Locked<Task<Result<Value, HTTPError>, Never>?>(nil)

    /// Starts `body`, which reports progress through the closure it is given.
    init(
        _ body:
            @escaping @Sendable (_ progress: @escaping @Sendable (TransferProgress) -> Void) async throws(HTTPError) ->
            Value
    ) {
        let running = Task { [observers, delivery] () -> Result<Value, HTTPError> in
            let result: Result<Value, HTTPError>
            do throws(HTTPError) {
                result = .success(
                    try await body { progress in Self.publish(progress, to: observers, delivery: delivery) })
            } catch {
                result = .failure(error)
            }
            Self.finish(observers, delivery: delivery)
            return result
        }
        task.withLock { $0 = running }
    }

    /// The progress updates from now on (the latest one first), ending when the transfer ends.
    ///
    /// Each read of this property gives a new sequence, so several readers may follow one
    /// transfer; a slow reader skips to the newest update.
    public var progress: AsyncStream<TransferProgress> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let id = UUID()
            delivery.run {
                let (latest, finished) = observers.withLock { state -> (TransferProgress?, Bool) in
                    if !state.finished { state.continuations[id] = continuation }
                    return (state.latest, state.finished)
                }
                if let latest { continuation.yield(latest) }
                if finished { continuation.finish() }
            }
            continuation.onTermination = { [observers] _ in
                observers.withLock { _ = $0.continuations.removeValue(forKey: id) }
            }
        }
    }

    /// Waits for the transfer to end.
    ///
    /// - Returns: What the transfer produced (a ``DownloadedFile``, an ``HTTPResponse``).
    /// - Throws: The transfer's ``HTTPError``; ``HTTPError/cancelled(_:)`` after ``cancel()``.
    public func value() async throws(HTTPError) -> Value {
        guard let running = task.value else { throw .cancelled(HTTPError.RequestSummary(method: .get, url: nil)) }
        return try await running.value.get()
    }

    /// Cancels the transfer; ``value()`` then throws ``HTTPError/cancelled(_:)``.
    public func cancel() {
        task.value?.cancel()
    }

    /// A `Foundation.Progress` that follows this transfer (an unknown total leaves it indeterminate)
    /// and whose cancellation cancels it: for `ProgressView`, `UIProgressView.observedProgress` or a
    /// parent progress.
    ///
    /// - Returns: A new progress object, updated from a task of its own.
    public func makeFoundationProgress() -> Progress {
        let progress = Progress(totalUnitCount: -1)
        progress.cancellationHandler = { [weak self] in self?.cancel() }
        let updates = self.progress
        Task {
            for await update in updates { progress.update(with: update) }
        }
        return progress
    }

    private static func publish(
        _ progress: TransferProgress, to observers: Locked<Observers>, delivery: SerialLock
    ) {
        delivery.run {
            let continuations = observers.withLock { state -> [AsyncStream<TransferProgress>.Continuation] in
                state.latest = progress
                return Array(state.continuations.values)
            }
            for continuation in continuations { continuation.yield(progress) }
        }
    }

    private static func finish(_ observers: Locked<Observers>, delivery: SerialLock) {
        delivery.run {
            let continuations = observers.withLock { state -> [AsyncStream<TransferProgress>.Continuation] in
                state.finished = true
                defer { state.continuations.removeAll() }
                return Array(state.continuations.values)
            }
            for continuation in continuations { continuation.finish() }
        }
    }
}
