import Dispatch
import Foundation
import InternalServiceUtilities
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The handshake of Alamofire's `WebSocketRequest`: the session's interceptors, monitors and trust
/// settings apply to it, and a refusal completes the request with an `AFError`.
@Suite("WebSocketRequest: the handshake through the session", .timeLimit(.minutes(1)))
struct WebSocketRequestHandshakeTests {
    typealias Fixture = WebSocketRequestFixture

    /// The session of the test: a request does not keep its session alive.
    let session = WebSocketRequestFixture.session()

    /// Records the façade's request events and the client's attempts.
    final class Monitor: EventMonitor {
        let queue = DispatchQueue(label: "WebSocketRequestHandshakeTests.monitor")
        let seen = Locked<[String]>([])

        func requestWillStart(_ request: URLRequest, attempt: Int) {
            seen.withLock { $0.append("willStart(\(request.url?.path ?? ""),\(attempt))") }
        }
        func requestDidResume(_ request: Request) { seen.withLock { $0.append("didResume") } }
        func requestDidFinish(_ request: Request) { seen.withLock { $0.append("didFinish") } }
        func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest) {
            seen.withLock { $0.append("didCreateInitialURLRequest") }
        }
    }

    @Test("a 401 handshake completes with responseValidationFailed(401) and no connection")
    func unauthorized() async throws {
        // Given a request to a path that refuses the handshake without a token
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(to: try Fixture.url("/unauthorized"))

        // When it runs
        request.streamMessageEvents(on: Fixture.handlerQueue()) { recorder.record($0) }
        await recorder.completed.wait()

        // Then only the completion came, with the status as Alamofire's validation error
        #expect(recorder.events == ["completed"])
        let error = try #require(recorder.completion?.error)
        #expect(error.isResponseValidationError)
        #expect(error.responseCode == 401)
        #expect(recorder.completion?.response?.statusCode == 401)
        #expect(request.webSocket == nil)
    }

    @Test("the session's interceptor retries a 401 and adapts the next handshake; monitors see both attempts")
    func interceptorAdaptsTheHandshake() async throws {
        // Given a session whose interceptor adds a token once a retry asked for one, and a monitor
        let token = Locked(false)
        let interceptor = Interceptor(
            adaptHandler: { request, _, completion in
                var request = request
                if token.value { request.setValue("Bearer fresh", forHTTPHeaderField: "Authorization") }
                completion(.success(request))
            },
            retryHandler: { _, _, error, completion in
                guard error.asAFError?.responseCode == 401, !token.value else { return completion(.doNotRetry) }
                token.withLock { $0 = true }
                completion(.retry)
            })
        let monitor = Monitor()
        var settings = HTTPClient.Configuration()
        settings.eventMonitors = [monitor]
        let session = Fixture.session(client: HTTPClient(configuration: settings), interceptor: interceptor)
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(to: try Fixture.url("/unauthorized"))
        defer { withExtendedLifetime(session) {} }

        // When it runs, echoing one message and closing
        request.send(.string("let me in")) { _ in }
        request.streamMessageEvents(on: Fixture.handlerQueue()) { event in
            recorder.record(event)
            if event.message != nil { event.close(sending: .normalClosure) }
        }
        await recorder.completed.wait()

        // Then the second handshake carried the token and the connection worked
        #expect(recorder.events == ["connected(nil)", "text:let me in", "disconnected(1000,nil)", "completed"])
        #expect(request.retryCount == 1)
        #expect(request.lastRequest?.value(forHTTPHeaderField: "Authorization") == "Bearer fresh")
        #expect(recorder.completion?.request?.value(forHTTPHeaderField: "Authorization") == "Bearer fresh")
        monitor.queue.sync {}
        // (each of the session's attempts is the client's first)
        let attempts = monitor.seen.value.filter { $0.hasPrefix("willStart") }
        #expect(attempts == ["willStart(/unauthorized,1)", "willStart(/unauthorized,1)"])
    }

    @Test("the session's monitors hear the request's life; the request's own adapter and headers reach the server")
    func monitorsAndHeaders() async throws {
        // Given a session with a monitor, a request with a header and its own adapter
        let monitor = Monitor()
        let session = Session(client: HTTPClient(), eventMonitors: [monitor])
        let adapter = Adapter { request in
            var request = request
            request.setValue("adapted", forHTTPHeaderField: "X-Adapter")
            return request
        }
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(
            to: try Fixture.url("/headers"), headers: ["X-Caller": "given"], interceptor: adapter)
        defer { withExtendedLifetime(session) {} }

        // When it runs
        request.streamMessageEvents(on: Fixture.handlerQueue()) { recorder.record($0) }
        await recorder.completed.wait()

        // Then the server saw both fields, and the monitor saw the request start and finish
        let sent = try #require(recorder.events.first { $0.hasPrefix("text:") }?.dropFirst(5))
        let fields = try JSONDecoder().decode([String: String].self, from: Data(sent.utf8))
        #expect(fields["x-caller"] == "given")
        #expect(fields["x-adapter"] == "adapted")
        monitor.queue.sync {}
        #expect(monitor.seen.value == ["didResume", "didCreateInitialURLRequest", "didFinish"])
    }

    @Test("Encodable parameters go into the handshake's query")
    func parameters() async throws {
        // Given a request with parameters
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(
            to: try Fixture.url("/close"), parameters: ["code": "4000", "reason": "from query"])

        // When it runs
        request.streamMessageEvents(on: Fixture.handlerQueue()) { recorder.record($0) }
        await recorder.completed.wait()

        // Then the server read them
        #expect(recorder.events == ["connected(nil)", "disconnected(0,from query)", "completed"])
        #expect(request.webSocket?.closeCode?.rawValue == 4000)
        #expect(request.lastRequest?.url?.query?.contains("reason=from%20query") == true)
    }

    @Test("wss: the client's trust anchors apply; without them the handshake fails")
    func trust() async throws {
        // Given a session trusting the fixture's root and one trusting only the system
        var settings = HTTPClient.Configuration()
        settings.trustAnchors = try TrustAnchors(
            contentsOf: URL(fileURLWithPath: try ServiceUtilsTestSupport.Fixture.value("SU_TLS_CA")))
        let trusting = Fixture.session(client: HTTPClient(configuration: settings))
        defer { withExtendedLifetime(trusting) {} }
        let trusted = WebSocketEventRecorder()
        let untrusted = WebSocketEventRecorder()
        let url = try Fixture.url("/script", on: "SU_WEBSOCKETS_TLS_URL")

        // When each connects
        trusting.webSocketRequest(to: url).streamMessageEvents(on: Fixture.handlerQueue()) { trusted.record($0) }
        session.webSocketRequest(to: url).streamMessageEvents(on: Fixture.handlerQueue()) {
            untrusted.record($0)
        }
        await trusted.completed.wait()
        await untrusted.completed.wait()

        // Then the trusting one ran the script and the other never connected
        #expect(trusted.events.first == "connected(nil)")
        #expect(trusted.events.last == "completed")
        #expect(trusted.completion?.error == nil)
        #expect(untrusted.events == ["completed"])
        #expect(untrusted.completion?.error?.isSessionTaskError == true)
    }

    @Test("a message over maximumMessageSize ends the request with an error")
    func messageTooBig() async throws {
        // Given a 1 KiB limit and a server sending 4 KiB
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(
            to: try Fixture.url("/large?bytes=4096"), configuration: .maximumMessageSize(1024))

        // When it runs
        request.streamMessageEvents(on: Fixture.handlerQueue()) { recorder.record($0) }
        await recorder.completed.wait()

        // Then it connected, then failed with NetworkKit's reason inside sessionTaskFailed
        #expect(recorder.events == ["connected(nil)", "completed"])
        let error = try #require(recorder.completion?.error)
        #expect(error.underlyingError as? WebSocketError == WebSocketError(.messageTooBig(limit: 1024)))
    }

    @Test("a redirected handshake follows the client's rules; an automatic ping keeps the connection")
    func redirectAndAutomaticPing() async throws {
        // Given a request to /redirect (302 to /echo), pinging every 0.25 s
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(
            to: try Fixture.url("/redirect"), configuration: .init(pingInterval: 0.25))

        // When it is open for longer than two intervals, then echoes one message
        request.streamMessageEvents(on: Fixture.handlerQueue()) { event in
            recorder.record(event)
            if event.message != nil { event.close(sending: .normalClosure) }
        }
        try await Task.sleep(for: .milliseconds(700))
        request.send(.string("still here")) { _ in }
        await recorder.completed.wait()

        // Then the echo came from /echo and the connection was never failed by its pings
        #expect(recorder.events == ["connected(nil)", "text:still here", "disconnected(1000,nil)", "completed"])
        #expect(recorder.completion?.error == nil)
        #expect(request.webSocket?.response.url?.path == "/echo")
    }

    @Test("a URL that cannot be made completes the request with the creation error")
    func invalidURL() async throws {
        // Given a request to text that is not a URL
        let recorder = WebSocketEventRecorder()
        let request = session.webSocketRequest(to: "not a url ::")

        // When it runs
        request.streamMessageEvents(on: Fixture.handlerQueue()) { recorder.record($0) }
        await recorder.completed.wait()

        // Then it completed with an error, never connecting
        #expect(recorder.events == ["completed"])
        #expect(recorder.completion?.error?.isInvalidURLError == true)
    }
}
