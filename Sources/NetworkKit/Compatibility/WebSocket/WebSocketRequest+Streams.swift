public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

// MARK: - Stream handlers

extension WebSocketRequest {
    /// Calls `handler` on `queue` with every event, each message read by `serializer` on the session's
    /// serialization queue; a message it cannot read is a ``Event/Kind/serializerFailed(_:)`` event.
    ///
    /// Adding the first handler starts the request, unless it was made not to. A handler added after
    /// the request completed gets its ``Event/Kind/completed(_:)`` event alone.
    ///
    /// ```swift
    /// socket.streamSerializer(.json(decoding: Quote.self), on: .main) { event in
    ///     if let quote = event.message { show(quote) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - serializer: Reads each message.
    ///   - queue: Where `handler` runs; the main queue by default.
    ///   - handler: Called with each event.
    /// - Returns: This request.
    @discardableResult
    public func streamSerializer<Serializer>(
        _ serializer: Serializer, on queue: DispatchQueue = .main,
        handler: @escaping @Sendable (_ event: Event<Serializer.Output, Serializer.Failure>) -> Void
    ) -> Self where Serializer: WebSocketMessageSerializer, Serializer.Failure == any Error {
        forIncomingEvent { incoming, request in
            let kind: Event<Serializer.Output, Serializer.Failure>.Kind
            switch incoming {
            case .connected(let chosen): kind = .connected(protocol: chosen)
            case .receivedMessage(let message):
                do {
                    kind = .receivedMessage(try serializer.decode(message))
                } catch {
                    kind = .serializerFailed(error)
                }
            case .disconnected(let code, let reason): kind = .disconnected(closeCode: code, reason: reason)
            case .completed(let completion): kind = .completed(completion)
            }
            let event = Event(socket: request, kind: kind)
            queue.async { handler(event) }
        }
    }

    /// Calls `handler` on `queue` with every event, messages decoded as `Value` (text from its UTF-8
    /// bytes); see ``streamSerializer(_:on:handler:)``.
    ///
    /// Alamofire's requires only `Decodable`; `Value` is also `Sendable` here, as events are.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - queue: Where `handler` runs; the main queue by default.
    ///   - decoder: The decoder; a new `JSONDecoder` by default.
    ///   - handler: Called with each event.
    /// - Returns: This request.
    @discardableResult
    public func streamDecodableEvents<Value>(
        _ type: Value.Type = Value.self, on queue: DispatchQueue = .main,
        using decoder: any DataDecoder = JSONDecoder(),
        handler: @escaping @Sendable (_ event: Event<Value, any Error>) -> Void
    ) -> Self where Value: Decodable & Sendable {
        streamSerializer(DecodableWebSocketMessageDecoder<Value>(decoder: decoder), on: queue, handler: handler)
    }

    /// Calls `handler` on `queue` with each message decoded as `Value`; messages that do not decode
    /// and the other events are left out.
    ///
    /// Alamofire's ignores `decoder` and always decodes with a `JSONDecoder`; this one uses it.
    ///
    /// ```swift
    /// socket.streamDecodable(Quote.self) { quote in show(quote) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - queue: Where `handler` runs; the main queue by default.
    ///   - decoder: The decoder; a new `JSONDecoder` by default.
    ///   - handler: Called with each value.
    /// - Returns: This request.
    @discardableResult
    public func streamDecodable<Value>(
        _ type: Value.Type = Value.self, on queue: DispatchQueue = .main,
        using decoder: any DataDecoder = JSONDecoder(), handler: @escaping @Sendable (_ value: Value) -> Void
    ) -> Self where Value: Decodable & Sendable {
        streamDecodableEvents(Value.self, on: queue, using: decoder) { event in
            event.message.map(handler)
        }
    }

    /// Calls `handler` on `queue` with every event, messages as they came; see
    /// ``streamSerializer(_:on:handler:)`` for when it starts.
    ///
    /// ```swift
    /// socket.streamMessageEvents { event in
    ///     if case .disconnected(let code, _) = event.kind { print("closed with", code) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - queue: Where `handler` runs; the main queue by default.
    ///   - handler: Called with each event.
    /// - Returns: This request.
    @discardableResult
    public func streamMessageEvents(
        on queue: DispatchQueue = .main,
        handler: @escaping @Sendable (_ event: Event<URLSessionWebSocketTask.Message, Never>) -> Void
    ) -> Self {
        let passthrough = PassthroughWebSocketMessageDecoder()
        return forIncomingEvent { incoming, request in
            let kind: Event<URLSessionWebSocketTask.Message, Never>.Kind =
                switch incoming {
                case .connected(let chosen): .connected(protocol: chosen)
                case .receivedMessage(let message): .receivedMessage(passthrough.decode(message))
                case .disconnected(let code, let reason): .disconnected(closeCode: code, reason: reason)
                case .completed(let completion): .completed(completion)
                }
            let event = Event(socket: request, kind: kind)
            queue.async { handler(event) }
        }
    }

    /// Calls `handler` on `queue` with each message; the other events are left out.
    ///
    /// ```swift
    /// AF.webSocketRequest(to: url).streamMessages { message in print(message) }
    /// ```
    ///
    /// - Parameters:
    ///   - queue: Where `handler` runs; the main queue by default.
    ///   - handler: Called with each message.
    /// - Returns: This request.
    @discardableResult
    public func streamMessages(
        on queue: DispatchQueue = .main,
        handler: @escaping @Sendable (_ message: URLSessionWebSocketTask.Message) -> Void
    ) -> Self {
        streamMessageEvents(on: queue) { event in
            event.message.map(handler)
        }
    }

    /// Adds a handler of the connection's events, run on the serialization queue in order, then of
    /// the completion once it is delivered; starts the request when it starts with its first handler.
    private func forIncomingEvent(
        _ handler: @escaping @Sendable (_ event: IncomingEvent, _ request: WebSocketRequest) -> Void
    ) -> Self {
        let serializationQueue = serializationQueue
        socketState.withLock { state in
            state.handlers.append { event, request in
                serializationQueue.async { handler(event, request) }
            }
        }
        whenDelivered(run) { [weak self] in
            guard let self else { return }
            let completion = Completion(request: request, response: response, metrics: metrics, error: error)
            serializationQueue.async { handler(.completed(completion), self) }
        }
        return self
    }
}
