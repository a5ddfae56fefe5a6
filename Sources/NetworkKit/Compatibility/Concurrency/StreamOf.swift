import Foundation

/// Alamofire's `StreamOf`: an `AsyncSequence` of a request's values (progress, requests, stream
/// events), made by the façade's `…(bufferingPolicy:)` methods and iterated once.
///
/// Iterating it ends when the request finishes. An iterator released early (a `break` out of the
/// `for await` loop, or the enclosing task cancelled) ends the stream and runs its termination
/// work: a ``DataStreamTask`` stream cancels its request there, as in Alamofire.
///
/// ```swift
/// for await progress in request.downloadProgress() {
///     print(progress.fractionCompleted)
/// }
/// ```
///
/// - Note: As with `AsyncStream`, a second iteration may miss values.
public struct StreamOf<Element>: AsyncSequence {
    /// The iterator type.
    public typealias AsyncIterator = Iterator
    /// How many values are kept while the consumer is not waiting for one.
    public typealias BufferingPolicy = AsyncStream<Element>.Continuation.BufferingPolicy
    /// What producers yield values to.
    typealias Continuation = AsyncStream<Element>.Continuation

    private let stream: AsyncStream<Element>
    private let continuation: Continuation
    private let onTermination: (@Sendable () -> Void)?

    /// Makes the stream and lets `builder` register what yields to it.
    ///
    /// - Parameters:
    ///   - bufferingPolicy: How many values are kept.
    ///   - onTermination: Run once when an iterator is released.
    ///   - builder: Registers the producers; called at once.
    init(
        bufferingPolicy: BufferingPolicy = .unbounded, onTermination: (@Sendable () -> Void)? = nil,
        builder: (Continuation) -> Void
    ) {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: bufferingPolicy)
        self.stream = stream
        self.continuation = continuation
        self.onTermination = onTermination
        builder(continuation)
    }

    /// Makes the stream's one iterator.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator {
        let continuation = continuation
        let onTermination = onTermination
        return Iterator(base: stream.makeAsyncIterator()) {
            continuation.finish()
            onTermination?()
        }
    }

    /// Iterates a ``StreamOf``; releasing it ends the stream.
    public struct Iterator: AsyncIteratorProtocol {
        /// Runs the termination work when the last copy of the iterator goes.
        private final class Release {
            private let work: @Sendable () -> Void
            init(_ work: @escaping @Sendable () -> Void) { self.work = work }
            deinit { work() }
        }

        private var base: AsyncStream<Element>.AsyncIterator
        private let release: Release

        init(base: AsyncStream<Element>.AsyncIterator, onRelease: @escaping @Sendable () -> Void) {
            self.base = base
            release = Release(onRelease)
        }

        /// The next value, or nil once the stream has ended.
        ///
        /// - Returns: The value.
        public mutating func next() async -> Element? {
            await base.next()
        }
    }
}
