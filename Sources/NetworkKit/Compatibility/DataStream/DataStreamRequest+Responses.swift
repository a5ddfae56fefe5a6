public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Stream handlers

extension DataStreamRequest {
    /// Calls `stream` on `queue` with each piece of the body as it arrives, then with the end.
    ///
    /// - Parameters:
    ///   - queue: Where `stream` runs; the main queue by default.
    ///   - stream: Called with each event.
    /// - Returns: This request.
    @discardableResult
    public func responseStream(on queue: DispatchQueue = .main, stream: @escaping Handler<Data, Never>) -> Self {
        addStream(on: queue, handler: stream) { .success($0) }
    }

    /// Calls `stream` on `queue` with what `serializer` makes of each piece, then with the end; a
    /// piece it cannot read is a failure event (and cancels the request with
    /// ``automaticallyCancelOnStreamError``).
    ///
    /// Each piece's result is told to the request's monitors
    /// (``EventMonitor/request(_:didParseStream:)``) before the request is cancelled for it, and
    /// before `stream` gets it, as Alamofire does.
    ///
    /// - Parameters:
    ///   - serializer: Makes a value of each piece; runs on the session's serialization queue.
    ///   - queue: Where `stream` runs; the main queue by default.
    ///   - stream: Called with each event.
    /// - Returns: This request.
    @discardableResult
    public func responseStream<Serializer: DataStreamSerializer>(
        using serializer: Serializer, on queue: DispatchQueue = .main,
        stream: @escaping Handler<Serializer.SerializedObject, AFError>
    ) -> Self {
        addStream(on: queue, handler: stream, serializedOn: serializationQueue) { [weak self] piece in
            let result: Result<Serializer.SerializedObject, AFError>
            do {
                result = .success(try serializer.serialize(piece))
            } catch {
                result = .failure(
                    (error as? AFError)
                        ?? .responseSerializationFailed(reason: .customSerializationFailed(error: error)))
            }
            guard let self else { return result }
            didParse(result)
            if case .failure = result, automaticallyCancelOnStreamError { cancel() }
            return result
        }
    }

    /// Calls `stream` on `queue` with each piece read as UTF-8 text, then with the end; each text
    /// is told to the request's monitors (``EventMonitor/request(_:didParseStream:)``) first.
    ///
    /// - Parameters:
    ///   - queue: Where `stream` runs; the main queue by default.
    ///   - stream: Called with each event.
    /// - Returns: This request.
    @discardableResult
    public func responseStreamString(on queue: DispatchQueue = .main, stream: @escaping Handler<String, Never>)
        -> Self
    {
        addStream(on: queue, handler: stream, serializedOn: serializationQueue) { [weak self] piece in
            let text = String(decoding: piece, as: UTF8.self)
            self?.didParse(Result<String, AFError>.success(text))
            return .success(text)
        }
    }

    /// Calls `stream` on `queue` with each piece decoded as `type`, then with the end.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - queue: Where `stream` runs; the main queue by default.
    ///   - decoder: The decoder; a `JSONDecoder` by default.
    ///   - preprocessor: Prepares each piece first.
    ///   - stream: Called with each event.
    /// - Returns: This request.
    @discardableResult
    public func responseStreamDecodable<Value: Decodable & Sendable>(
        of type: Value.Type = Value.self, on queue: DispatchQueue = .main,
        using decoder: any DataDecoder = JSONDecoder(),
        preprocessor: any DataPreprocessor = PassthroughPreprocessor(), stream: @escaping Handler<Value, AFError>
    ) -> Self {
        responseStream(
            using: DecodableStreamSerializer<Value>(decoder: decoder, dataPreprocessor: preprocessor), on: queue,
            stream: stream)
    }

    /// Registers a handler: each piece is made into an event (on `serializationQueue` when given)
    /// and handed to `handler` on `queue`, then the end once every piece's event has run.
    private func addStream<Success: Sendable, Failure: Error & Sendable>(
        on queue: DispatchQueue, handler: @escaping Handler<Success, Failure>,
        serializedOn serializationQueue: DispatchQueue? = nil,
        make: @escaping @Sendable (Data) -> Result<Success, Failure>
    ) -> Self {
        let token = CancellationToken(self)
        let deliver: @Sendable (Data) -> Void = { [weak self] piece in
            guard let self else { return }
            let call: @Sendable () -> Void = { [self] in
                let event = Stream(event: .stream(make(piece)), token: token)
                queue.async { [self] in
                    calling(handler, with: event)
                    pieceHandled()
                }
            }
            if let serializationQueue { serializationQueue.async(execute: call) } else { call() }
        }
        streamState.withLock { $0.streams.append(deliver) }
        whenDelivered(run) { [self] in
            complete(on: queue) { [self] in
                let completion = Completion(request: request, response: response, metrics: nil, error: error)
                try? handler(Stream(event: .complete(completion), token: token))
            }
        }
        return self
    }

    /// Tells the monitors what a serializing handler made of a piece.
    private func didParse<Value: Sendable>(_ result: Result<Value, AFError>) {
        emit { [self] in $0.request(self, didParseStream: result) }
    }

    /// Hands a piece of the body to every handler.
    func hand(_ piece: Data) {
        let streams = streamState.withLock { state in
            state.pending += state.streams.count
            return state.streams
        }
        for stream in streams { stream(piece) }
    }

    /// Calls `handler`; an error it throws becomes the request's error and cancels it.
    private func calling<Success, Failure>(_ handler: Handler<Success, Failure>, with event: Stream<Success, Failure>) {
        do {
            try handler(event)
        } catch {
            let failure =
                (error as? AFError) ?? .responseSerializationFailed(reason: .customSerializationFailed(error: error))
            streamState.withLock { state in
                if state.handlerError == nil { state.handlerError = failure }
            }
            mutableState.withLock { state in
                if state.state != .finished { state.error = failure }
            }
            cancel()
        }
    }

    /// Counts a piece's event as run, and runs the completions waiting for the last one.
    private func pieceHandled() {
        let ready = streamState.withLock { state -> [@Sendable () -> Void] in
            state.pending -= 1
            guard state.pending == 0 else { return [] }
            defer { state.completions = [] }
            return state.completions
        }
        for completion in ready { completion() }
    }

    /// Runs `completion` on `queue` once every piece handed out so far was handled.
    private func complete(on queue: DispatchQueue, _ completion: @escaping @Sendable () -> Void) {
        let now = streamState.withLock { state -> Bool in
            guard state.pending > 0 else { return true }
            state.completions.append { queue.async(execute: completion) }
            return false
        }
        if now { queue.async(execute: completion) }
    }
}
