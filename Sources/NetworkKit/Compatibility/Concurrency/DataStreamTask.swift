public import Foundation

/// Alamofire's `DataStreamTask`: a ``DataStreamRequest``'s pieces as `AsyncSequence`s of
/// ``DataStreamRequest/Stream`` events, made by ``DataStreamRequest/streamTask()``.
///
/// Each stream yields one event per piece of the body as it arrives, then the
/// ``DataStreamRequest/Event/complete(_:)`` event, and ends. With `automaticallyCancelling` (the
/// default), leaving the loop early (or cancelling the task iterating it) cancels a request that is
/// still running. It behaves as Alamofire's does.
///
/// ```swift
/// for await event in AF.streamRequest(url).streamTask().streamingStrings() {
///     if let line = event.value { print(line) }
/// }
/// ```
public struct DataStreamTask: Sendable {
    /// The type of the streams this task makes.
    public typealias Stream<Success, Failure: Error> = StreamOf<DataStreamRequest.Stream<Success, Failure>>

    private let request: DataStreamRequest

    init(request: DataStreamRequest) {
        self.request = request
    }

    /// The body's pieces as they arrive.
    ///
    /// - Parameters:
    ///   - shouldAutomaticallyCancel: Whether releasing the stream's iterator while the request runs
    ///     cancels it; true by default.
    ///   - bufferingPolicy: How many events are kept while none is awaited; all by default.
    /// - Returns: The stream.
    public func streamingData(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        bufferingPolicy: Stream<Data, Never>.BufferingPolicy = .unbounded
    ) -> Stream<Data, Never> {
        makeStream(automaticallyCancelling: shouldAutomaticallyCancel, bufferingPolicy: bufferingPolicy) {
            [request] queue, handler in
            request.responseStream(on: queue, stream: handler)
        }
    }

    /// The body's pieces read as UTF-8 text.
    ///
    /// - Parameters:
    ///   - shouldAutomaticallyCancel: Whether releasing the stream's iterator while the request runs
    ///     cancels it; true by default.
    ///   - bufferingPolicy: How many events are kept while none is awaited; all by default.
    /// - Returns: The stream.
    public func streamingStrings(
        automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        bufferingPolicy: Stream<String, Never>.BufferingPolicy = .unbounded
    ) -> Stream<String, Never> {
        makeStream(automaticallyCancelling: shouldAutomaticallyCancel, bufferingPolicy: bufferingPolicy) {
            [request] queue, handler in
            request.responseStreamString(on: queue, stream: handler)
        }
    }

    /// The body's pieces, each decoded as `type` with a `JSONDecoder`; a piece that does not decode is
    /// a failure event.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - shouldAutomaticallyCancel: Whether releasing the stream's iterator while the request runs
    ///     cancels it; true by default.
    ///   - bufferingPolicy: How many events are kept while none is awaited; all by default.
    /// - Returns: The stream.
    public func streamingDecodables<T>(
        _ type: T.Type = T.self, automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        bufferingPolicy: Stream<T, AFError>.BufferingPolicy = .unbounded
    ) -> Stream<T, AFError> where T: Decodable & Sendable {
        streamingResponses(
            serializedUsing: DecodableStreamSerializer<T>(), automaticallyCancelling: shouldAutomaticallyCancel,
            bufferingPolicy: bufferingPolicy)
    }

    /// What `serializer` makes of each piece of the body.
    ///
    /// - Parameters:
    ///   - serializer: Makes a value of each piece; runs on the session's serialization queue.
    ///   - shouldAutomaticallyCancel: Whether releasing the stream's iterator while the request runs
    ///     cancels it; true by default.
    ///   - bufferingPolicy: How many events are kept while none is awaited; all by default.
    /// - Returns: The stream.
    public func streamingResponses<Serializer: DataStreamSerializer>(
        serializedUsing serializer: Serializer, automaticallyCancelling shouldAutomaticallyCancel: Bool = true,
        bufferingPolicy: Stream<Serializer.SerializedObject, AFError>.BufferingPolicy = .unbounded
    ) -> Stream<Serializer.SerializedObject, AFError> {
        makeStream(automaticallyCancelling: shouldAutomaticallyCancel, bufferingPolicy: bufferingPolicy) {
            [request] queue, handler in
            request.responseStream(using: serializer, on: queue, stream: handler)
        }
    }

    /// Cancels the request.
    public func cancel() {
        request.cancel()
    }

    /// Resumes the request.
    public func resume() {
        request.resume()
    }

    /// Suspends the request.
    public func suspend() {
        request.suspend()
    }

    /// A stream fed by a handler that `register` adds to the request: each event is yielded from the
    /// handler's queue (one per stream, so streams do not wait for each other), and the stream ends
    /// after the completion event.
    private func makeStream<Success: Sendable, Failure: Error & Sendable>(
        automaticallyCancelling shouldAutomaticallyCancel: Bool,
        bufferingPolicy: Stream<Success, Failure>.BufferingPolicy,
        register: (DispatchQueue, @escaping DataStreamRequest.Handler<Success, Failure>) -> Void
    ) -> Stream<Success, Failure> {
        let request = request
        return StreamOf(bufferingPolicy: bufferingPolicy) {
            guard shouldAutomaticallyCancel, request.isInitialized || request.isResumed || request.isSuspended
            else { return }
            request.cancel()
        } builder: { continuation in
            let queue = DispatchQueue(label: "org.alamofire.streamTask-\(request.id)", target: .global())
            register(queue) { event in
                continuation.yield(event)
                if case .complete = event.event { continuation.finish() }
            }
        }
    }
}

extension DataStreamRequest {
    /// A ``DataStreamTask``, whose streams deliver this request's pieces to `for await` loops.
    ///
    /// - Returns: The task.
    public func streamTask() -> DataStreamTask {
        DataStreamTask(request: self)
    }
}
