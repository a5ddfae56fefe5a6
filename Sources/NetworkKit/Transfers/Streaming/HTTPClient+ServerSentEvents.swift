import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// How ``HTTPClient/events(_:options:)-(HTTPRouter,_)`` reads a `text/event-stream` and reconnects.
public struct ServerSentEventOptions: Sendable, Hashable {
    /// The most bytes a line or an event's data may have (512 KiB by default).
    public var maximumEventSize: Int
    /// The wait before reconnecting until the stream sets one with a `retry` field (3 s by default,
    /// the HTML standard's suggestion).
    public var reconnectionTime: Duration
    /// How many times to reconnect after the stream ends or breaks; nil (the default) reconnects for
    /// as long as the events are read, as `EventSource` does.
    public var maximumReconnections: Int?
    /// The ID of the last event already seen, sent as `Last-Event-ID` on the first connection too.
    public var lastEventID: String?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - maximumEventSize:     The most bytes a line or an event's data may have.
    ///   - reconnectionTime:     The wait before reconnecting, until the stream sets one.
    ///   - maximumReconnections: How many reconnections at most; nil for no limit.
    ///   - lastEventID:          The ID to resume after.
    public init(
        maximumEventSize: Int = 512 * 1024, reconnectionTime: Duration = .seconds(3),
        maximumReconnections: Int? = nil, lastEventID: String? = nil
    ) {
        self.maximumEventSize = maximumEventSize
        self.reconnectionTime = reconnectionTime
        self.maximumReconnections = maximumReconnections
        self.lastEventID = lastEventID
    }
}

extension HTTPClient {
    /// The router's `text/event-stream` as events, reconnecting as `EventSource` does: after the
    /// stream ends or the connection breaks, it waits the reconnection time (or the stream's
    /// `retry`), then asks again with `Last-Event-ID` set to the last `id` seen.
    ///
    /// A status other than 200, or another content type, ends the sequence with that error (a 204
    /// ends it quietly: the server asks not to reconnect). Retriers apply to each connection until its
    /// head arrives. Stopping the reading cancels the request.
    ///
    /// ```swift
    /// for try await event in client.events(Feed.live) where event.type == "price" {
    ///     update(with: event.data)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - router:  The endpoint (a `GET`, as a rule).
    ///   - options: Size limit, reconnection time and limit, the last event ID to resume after.
    /// - Returns: The events; the sequence throws an ``HTTPError``.
    public func events(_ router: any HTTPRouter, options: ServerSentEventOptions = ServerSentEventOptions())
        -> AsyncThrowingStream<ServerSentEvent, any Error>
    {
        eventStream(Result { () throws(HTTPError) in try prepare(router) }, options: options)
    }

    /// A prepared request's `text/event-stream` as events; see ``events(_:options:)-(HTTPRouter,_)``.
    ///
    /// - Parameters:
    ///   - request: The request; the client's default headers are added when missing.
    ///   - options: Size limit, reconnection time and limit, the last event ID to resume after.
    /// - Returns: The events.
    public func events(_ request: URLRequest, options: ServerSentEventOptions = ServerSentEventOptions())
        -> AsyncThrowingStream<ServerSentEvent, any Error>
    {
        var base = request
        addDefaultHeaders(to: &base)
        return eventStream(.success(base), options: options)
    }

    private func eventStream(_ prepared: Result<URLRequest, HTTPError>, options: ServerSentEventOptions)
        -> AsyncThrowingStream<ServerSentEvent, any Error>
    {
        let (events, continuation) = AsyncThrowingStream<ServerSentEvent, any Error>.makeStream()
        let task = Task {
            do throws(HTTPError) {
                try await readEvents(try prepared.get(), options: options) { continuation.yield($0) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return events
    }

    /// Connects, parses and reconnects until told to stop, the limit is reached, or a connection fails
    /// for good.
    private func readEvents(
        _ base: URLRequest, options: ServerSentEventOptions, emit: @escaping @Sendable (ServerSentEvent) -> Void
    ) async throws(HTTPError) {
        let parser = Locked(ServerSentEventParser(maximumEventSize: options.maximumEventSize))
        if let id = options.lastEventID { parser.withLock { $0.resume(after: id) } }
        var reconnections = 0
        while true {
            let request = Self.eventRequest(base, lastEventID: parser.withLock { $0.lastEventID })
            let ended: HTTPError?
            do throws(HTTPError) {
                let head = try await streamBody(
                    request, check: Self.checkEventStream, onHead: { _ in },
                    onData: { data in
                        parser.withLock { parser -> HTTPError? in
                            do throws(HTTPError) {
                                try parser.parse(data, dispatch: emit)
                                return nil
                            } catch {
                                return Self.tooLong(error, request: request)
                            }
                        }
                    })
                if head.statusCode == 204 { return }
                ended = nil
            } catch {
                guard Self.reconnects(after: error) else { throw error }
                ended = error
            }
            parser.withLock { $0.startOver() }
            if let limit = options.maximumReconnections, reconnections >= limit {
                if let ended { throw ended }
                return
            }
            reconnections += 1
            let wait = parser.withLock { $0.reconnectionTime }.map { Duration.milliseconds($0) }
            try await self.wait(wait ?? options.reconnectionTime, before: request)
        }
    }

    /// The request of one connection: `Accept: text/event-stream`, no cache, and `Last-Event-ID`.
    private static func eventRequest(_ base: URLRequest, lastEventID: String) -> URLRequest {
        var request = base
        if request.value(forHTTPHeaderField: "Accept") == nil {
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        }
        request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        request.setValue(lastEventID.isEmpty ? nil : lastEventID, forHTTPHeaderField: "Last-Event-ID")
        return request
    }

    /// The HTML standard's checks of a connection's head: 200 and `text/event-stream`; 204 stops.
    private static let checkEventStream: @Sendable (ResponseHead, URLRequest) -> HeadDecision = {
        response, request in
        if response.statusCode == 204 { return .finish }
        guard response.statusCode == 200 else { return .rejectStatus }
        let type = response.value(forHTTPHeaderField: "Content-Type").map { MediaType.essence(of: $0) }
        guard type == "text/event-stream" else {
            let failure = HTTPError.ContentTypeFailure(
                request: HTTPError.RequestSummary(request), received: type, acceptable: ["text/event-stream"])
            return .fail(.unacceptableContentType(failure))
        }
        return .accept
    }

    /// Whether the connection may be tried again: the network failed, not the server's answer.
    private static func reconnects(after error: HTTPError) -> Bool {
        switch error {
        case .transport, .timedOut: true
        default: false
        }
    }

    /// The parser's size error, naming the request.
    private static func tooLong(_ error: HTTPError, request: URLRequest) -> HTTPError {
        guard case .transferFailed(let failure) = error else { return error }
        return .transferFailed(
            HTTPError.TransferFailure(request: HTTPError.RequestSummary(request), reason: failure.reason))
    }
}
