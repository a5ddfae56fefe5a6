import Dispatch
import Foundation
import InternalServiceUtilities
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `WebSocketRequest` over `HTTPClient.webSocket`, against the Python websockets
/// fixture (scripts/fixtures/websockets.sh).
@Suite("WebSocketRequest: Alamofire's WebSockets over HTTPClient", .timeLimit(.minutes(1)))
struct WebSocketRequestTests {
    typealias Fixture = WebSocketRequestFixture

    /// The session of the test: a request does not keep its session alive.
    let session = WebSocketRequestFixture.session()

    struct Quote: Codable, Sendable, Equatable {
        let text: String
        let votes: Int
    }

    @Test("a scripted server: connected, each message, disconnected with code and reason, completed, in order")
    func eventsInOrder() async throws {
        // Given a request to /script, whose server sends three messages then closes with 1000 "done"
        let queue = Fixture.handlerQueue()
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(to: try Fixture.url("/script"))

        // When its events are streamed on a queue of ours
        request.streamMessageEvents(on: queue) { recorder.record($0) }
        await recorder.completed.wait()

        // Then they came in order, all on that queue, and the request finished without an error
        #expect(
            recorder.events == [
                "connected(nil)", "text:one", "data:010203", "text:three", "disconnected(1000,done)", "completed",
            ])
        #expect(recorder.offQueue == 0)
        #expect(recorder.completion?.error == nil)
        #expect(recorder.completion?.response?.statusCode == 101)
        #expect(request.isFinished)
        #expect(request.webSocket?.closeCode == .normalClosure)
    }

    @Test("a request suspended while it connects reads no message until it is resumed")
    func suspendAndResume() async throws {
        // Given a request to /script, started and suspended at once
        let recorder = WebSocketEventRecorder()
        let connected = Latch()
        let request = session.webSocketRequest(to: try Fixture.url("/script"), shouldAutomaticallyResume: false)
        request.streamMessageEvents(on: Fixture.handlerQueue()) { event in
            recorder.record(event)
            if case .connected = event.kind { connected.open() }
        }
        request.resume()
        request.suspend()

        // When it stays suspended for a while after the handshake, then is resumed
        await connected.wait()
        try await Task.sleep(for: .milliseconds(300))
        let whileSuspended = recorder.events
        request.resume()
        await recorder.completed.wait()

        // Then the handshake finished, but no message was read while it was suspended
        #expect(whileSuspended == ["connected(nil)"])
        #expect(
            recorder.events == [
                "connected(nil)", "text:one", "data:010203", "text:three", "disconnected(1000,done)", "completed",
            ])
    }

    @Test("a subprotocol is offered and reported as connected(protocol:)")
    func subprotocol() async throws {
        // Given a request offering "chat" to /protocol, which sends back the chosen subprotocol
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(
            to: try Fixture.url("/protocol", on: "SU_WEBSOCKETS_PLAIN_URL"), configuration: .protocol("chat"))

        // When it runs, closing once the message came (unless the server, done, closes first)
        request.streamMessageEvents(on: Fixture.handlerQueue()) { event in
            recorder.record(event)
            if event.message != nil { event.close(sending: .normalClosure) }
        }
        await recorder.completed.wait()

        // Then the protocol was agreed and the close handshake reported
        #expect(recorder.events == ["connected(chat)", "text:chat", "disconnected(1000,nil)", "completed"])
        #expect(recorder.completion?.error == nil)
    }

    @Test("sends made before the handshake go out after it, in order, then the socket closes on request")
    func queuedSends() async throws {
        // Given a request not started, and three messages sent to it
        let queue = Fixture.handlerQueue()
        let recorder = WebSocketEventRecorder()
        let sent = Locked<[String]>([])
        let request = session.webSocketRequest(to: try Fixture.url("/echo"), shouldAutomaticallyResume: false)
        for text in ["a", "b", "c"] {
            request.send(.string(text), queue: queue) { result in
                sent.withLock { $0.append(result.isSuccess ? text : "failed \(text)") }
            }
        }
        request.send(.data(Data([0xFF])), queue: queue) { _ in }

        // When it starts, closing after the fourth echo
        request.streamMessageEvents(on: queue) { event in
            recorder.record(event)
            if case .receivedMessage(.data) = event.kind { event.close(sending: .goingAway, reason: Data("bye".utf8)) }
        }
        #expect(request.isInitialized)
        request.resume()
        await recorder.completed.wait()

        // Then the echoes came in the order sent, and the close handshake ended it
        #expect(
            recorder.events == [
                "connected(nil)", "text:a", "text:b", "text:c", "data:ff", "disconnected(1001,bye)", "completed",
            ])
        #expect(sent.value == ["a", "b", "c"])
        #expect(recorder.completion?.error == nil)
        #expect(request.isCancelled)  // as Alamofire's, a closed request ends cancelled, without an error

        // And a message sent after the close fails instead of being dropped
        let late = Latch()
        let lateResult = Locked<Bool?>(nil)
        request.send(.string("late"), queue: queue) { result in
            lateResult.withLock { $0 = result.isSuccess }
            late.open()
        }
        await late.wait()
        #expect(lateResult.value == false)
    }

    @Test("decodable events: values, a serializer failure that keeps the connection, then the value handler alone")
    func decodable() async throws {
        // Given a request to /echo sent a quote, text that is not JSON, and a second quote as bytes
        let queue = Fixture.handlerQueue()
        let recorder = WebSocketEventRecorder()
        let values = Locked<[Quote]>([])
        let request = session.webSocketRequest(to: try Fixture.url("/echo"))
        let first = Quote(text: "first", votes: 1)
        let second = Quote(text: "second", votes: 2)
        request.send(.string(String(decoding: try JSONEncoder().encode(first), as: UTF8.self))) { _ in }
        request.send(.string("not json")) { _ in }
        request.send(.data(try JSONEncoder().encode(second))) { _ in }

        // When decodable events and decodable values are streamed, closing after the second quote
        request.streamDecodableEvents(Quote.self, on: queue) { event in
            recorder.record(event)
            if event.message == second { event.close(sending: .normalClosure) }
        }
        request.streamDecodable(Quote.self, on: queue) { quote in values.withLock { $0.append(quote) } }
        await recorder.completed.wait()

        // Then the events carry the values, the bad message is a serializer failure, and the value
        // handler saw only the values
        #expect(
            recorder.events == [
                "connected(nil)", "value:\(first)", "serializerFailed", "value:\(second)", "disconnected(1000,nil)",
                "completed",
            ])
        queue.sync {}
        #expect(values.value == [first, second])
    }

    @Test("a close code Foundation has no case for arrives as .invalid; the socket keeps the number")
    func applicationCloseCode() async throws {
        // Given a server that closes with 4001 "custom", and one that closes with 1001
        let recorder = WebSocketEventRecorder()
        let goingAway = WebSocketEventRecorder()
        let request = session.webSocketRequest(to: try Fixture.url("/close?code=4001&reason=custom"))

        // When both run
        request.streamMessageEvents(on: Fixture.handlerQueue()) { recorder.record($0) }
        session.webSocketRequest(to: try Fixture.url("/close?code=1001"))
            .streamMessageEvents(on: Fixture.handlerQueue()) { goingAway.record($0) }
        await recorder.completed.wait()
        await goingAway.completed.wait()

        // Then each reports its close, neither as an error
        #expect(recorder.events == ["connected(nil)", "disconnected(0,custom)", "completed"])
        #expect(request.webSocket?.closeCode == WebSocketCloseCode(rawValue: 4001))
        #expect(recorder.completion?.error == nil)
        #expect(goingAway.events == ["connected(nil)", "disconnected(1001,nil)", "completed"])
    }

    @Test("cancel once connected: no disconnected event, completed with explicitlyCancelled")
    func cancel() async throws {
        // Given an echo connection
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(to: try Fixture.url("/echo"))

        // When it is cancelled as soon as it connects
        request.streamMessageEvents(on: Fixture.handlerQueue()) { event in
            recorder.record(event)
            if case .connected = event.kind { event.cancel() }
        }
        await recorder.completed.wait()

        // Then it completed cancelled, without a disconnection
        #expect(recorder.events == ["connected(nil)", "completed"])
        #expect(recorder.completion?.error?.isExplicitlyCancelledError == true)
        #expect(request.isCancelled)
        #expect(request.error?.isExplicitlyCancelledError == true)
    }

    @Test("cancel and close before the request starts complete it at once")
    func stopBeforeStart() async throws {
        // Given two requests that never started
        let cancelled = session.webSocketRequest(to: try Fixture.url("/echo"), shouldAutomaticallyResume: false)
        let closed = session.webSocketRequest(to: try Fixture.url("/echo"), shouldAutomaticallyResume: false)
        let cancelledEvents = WebSocketEventRecorder()
        let closedEvents = WebSocketEventRecorder()

        // When one is cancelled and the other closed, then handlers are added
        cancelled.cancel()
        closed.close(sending: .normalClosure)
        cancelled.streamMessageEvents(on: Fixture.handlerQueue()) { cancelledEvents.record($0) }
        closed.streamMessageEvents(on: Fixture.handlerQueue()) { closedEvents.record($0) }
        await cancelledEvents.completed.wait()
        await closedEvents.completed.wait()

        // Then each completed alone: the cancelled one with its error, the closed one without
        #expect(cancelledEvents.events == ["completed"])
        #expect(cancelledEvents.completion?.error?.isExplicitlyCancelledError == true)
        #expect(closedEvents.events == ["completed"])
        #expect(closedEvents.completion?.error == nil)
    }

    @Test("pings are answered with pongs; a ping before the request runs is unsent")
    func pings() async throws {
        // Given an echo connection, and a ping sent before it starts
        let queue = Fixture.handlerQueue()
        let recorder = WebSocketEventRecorder()
        let responses = Locked<[String]>([])
        let request = session.webSocketRequest(to: try Fixture.url("/echo"), shouldAutomaticallyResume: false)
        let early = Latch()
        request.sendPing(respondingOn: queue) { response in
            if case .unsent = response { early.open() }
        }
        await early.wait()

        // When ten pings go out once connected, and the socket closes after the last pong
        request.streamMessageEvents(on: queue) { event in
            recorder.record(event)
            guard case .connected = event.kind else { return }
            for _ in 0..<10 {
                event.sendPing(respondingOn: queue) { response in
                    let count = responses.withLock { responses in
                        if case .pong(let pong) = response, pong.latency >= 0, pong.end >= pong.start {
                            responses.append("pong")
                        } else {
                            responses.append("\(response)")
                        }
                        return responses.count
                    }
                    if count == 10 { event.close(sending: .normalClosure) }
                }
            }
        }
        request.resume()
        await recorder.completed.wait()

        // Then every ping had its pong, and the close ended the request
        #expect(responses.value == Array(repeating: "pong", count: 10))
        #expect(recorder.events == ["connected(nil)", "disconnected(1000,nil)", "completed"])
        #expect(recorder.completion?.error == nil)
    }
}

extension Result {
    /// Whether it is a success.
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
