import Dispatch
import Foundation
import InternalServiceUtilities
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the WebSocketRequest suites share: fixture URLs, a handler queue they can recognise, and a
/// recorder of events as short strings, in the order the handler saw them.
enum WebSocketRequestFixture {
    /// The URL of `path` on the fixture server named by `variable`.
    static func url(_ path: String, on variable: String = "SU_WEBSOCKETS_URL") throws -> URL {
        try #require(URL(string: try Fixture.value(variable) + path))
    }

    /// A queue handlers run on, marked so a handler can tell it runs there.
    static func handlerQueue() -> DispatchQueue {
        let queue = DispatchQueue(label: "WebSocketRequestTests.handlers")
        queue.setSpecific(key: marker, value: true)
        return queue
    }

    /// The marker set on ``handlerQueue()``.
    static let marker = DispatchSpecificKey<Bool>()

    /// A session over a new client, whose serializers run on their own queue.
    static func session(
        client: HTTPClient = HTTPClient(), interceptor: (any RequestInterceptor)? = nil,
        eventMonitors: [any EventMonitor] = []
    ) -> Session {
        Session(client: client, interceptor: interceptor, eventMonitors: eventMonitors)
    }
}

/// Records a WebSocketRequest's events as text (`connected(chat)`, `text:one`, `data:010203`,
/// `disconnected(1000,done)`, `completed`), and whether each ran on the handler queue.
final class WebSocketEventRecorder: Sendable {
    private let state = Locked<(events: [String], offQueue: Int, completion: WebSocketRequest.Completion?)>(
        ([], 0, nil))
    /// Opened by the completion.
    let completed = Latch()

    /// The events so far.
    var events: [String] { state.withLock { $0.events } }
    /// How many events ran anywhere but the handler queue.
    var offQueue: Int { state.withLock { $0.offQueue } }
    /// The completion, once it came.
    var completion: WebSocketRequest.Completion? { state.withLock { $0.completion } }

    /// Records one event of any serializer.
    func record<Success, Failure>(_ event: WebSocketRequest.Event<Success, Failure>) {
        let onQueue = DispatchQueue.getSpecific(key: WebSocketRequestFixture.marker) == true
        let text: String
        var completion: WebSocketRequest.Completion?
        switch event.kind {
        case .connected(let chosen): text = "connected(\(chosen ?? "nil"))"
        case .receivedMessage(let message): text = Self.describe(message)
        case .serializerFailed: text = "serializerFailed"
        case .disconnected(let code, let reason):
            text = "disconnected(\(code.rawValue),\(reason.map { String(decoding: $0, as: UTF8.self) } ?? "nil"))"
        case .completed(let made):
            text = "completed"
            completion = made
        }
        state.withLock { state in
            state.events.append(text)
            if !onQueue { state.offQueue += 1 }
            if let completion { state.completion = completion }
        }
        if completion != nil { completed.open() }
    }

    /// A message as `text:…` or `data:` and its bytes in hex; another value as it prints.
    static func describe(_ value: some Any) -> String {
        guard let message = value as? URLSessionWebSocketTask.Message else { return "value:\(value)" }
        switch message {
        case .string(let text): return "text:\(text)"
        case .data(let data): return "data:" + data.map { String(format: "%02x", $0) }.joined()
        @unknown default: return "unknown"
        }
    }
}
