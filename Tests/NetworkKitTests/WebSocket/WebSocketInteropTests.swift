import Foundation
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client against another implementation: the Python `websockets` library as the server
/// (scripts/fixtures/websockets.sh), with and without permessage-deflate, and over TLS with the TLS
/// fixture's PKI.
@Suite("WebSocket client against Python websockets")
struct WebSocketInteropTests {
    static func url(_ path: String, on variable: String = "SU_WEBSOCKETS_URL") throws -> URL {
        try #require(URL(string: try Fixture.value(variable) + path))
    }

    static func open(
        _ path: String, on variable: String = "SU_WEBSOCKETS_URL", client: HTTPClient = HTTPClient(),
        configuration: WebSocketConfiguration = .init()
    ) async throws -> WebSocket {
        try await client.webSocket(URLRequest(url: url(path, on: variable)), configuration: configuration)
    }

    /// Sends `message` and returns the next message received.
    static func echo(_ message: WebSocketMessage, on socket: WebSocket) async throws -> WebSocketMessage? {
        try await socket.send(message)
        return try await socket.receive()
    }

    @Test("text and binary messages, small and 4 MiB, come back unchanged, compressed by default")
    func echoCompressed() async throws {
        // Given a socket to the compressing server
        let socket = try await Self.open("/echo")

        // When text, an empty message and binary messages of several sizes go out and come back
        let text = "héllo, wörld ✓ " + String(repeating: "repeat ", count: 500)
        let large = Data((0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        let small = Data([0, 1, 2, 255])

        // Then each echo is the message sent, and compression was agreed
        #expect(socket.isCompressed)
        #expect(try await Self.echo(.string(text), on: socket) == .string(text))
        #expect(try await Self.echo(.string(""), on: socket) == .string(""))
        #expect(try await Self.echo(.data(small), on: socket) == .data(small))
        #expect(try await Self.echo(.data(large), on: socket) == .data(large))
        await socket.close()
        #expect(socket.closeCode == .normalClosure)
    }

    @Test(
        "large messages sent back to back while their echoes come in arrive whole, plain and over TLS",
        arguments: ["SU_WEBSOCKETS_PLAIN_URL", "SU_WEBSOCKETS_TLS_URL"])
    func pipelinedLargeMessages(variable: String) async throws {
        // Given a socket (the TLS one trusting the fixture's root) and messages of many sizes
        var configuration = HTTPClient.Configuration()
        configuration.trustAnchors = try TrustAnchors(
            contentsOf: URL(fileURLWithPath: try Fixture.value("SU_TLS_CA")))
        let socket = try await Self.open("/echo", on: variable, client: HTTPClient(configuration: configuration))
        let messages: [WebSocketMessage] = [1 << 20, 70_000, 65_536, 3, (1 << 20) + 1, 300_000, 2 << 20].enumerated()
            .map { index, count in
                index == 5
                    ? .string(String(repeating: "ü", count: count / 2))
                    : .data(Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }))
            }

        // When all are sent while the echoes are read, every echo kept until the end
        async let sent: Void = {
            for message in messages { try await socket.send(message) }
        }()
        var echoes: [WebSocketMessage?] = []
        for _ in messages { echoes.append(try await socket.receive()) }
        try await sent

        // Then each echo is its message
        #expect(echoes == messages)
        await socket.close()
    }

    @Test("without compression on the server, none is agreed and messages still echo")
    func echoUncompressed() async throws {
        let socket = try await Self.open("/echo", on: "SU_WEBSOCKETS_PLAIN_URL")
        #expect(!socket.isCompressed)
        #expect(socket.response.headers.values(for: "Sec-WebSocket-Extensions").isEmpty)
        #expect(try await Self.echo(.string("plain"), on: socket) == .string("plain"))
        await socket.close()
    }

    @Test(
        "every permessage-deflate parameter set is agreed with the server and round-trips",
        arguments: [
            WebSocketCompression.permessageDeflate(clientNoContextTakeover: true),
            .permessageDeflate(serverNoContextTakeover: true),
            .permessageDeflate(serverMaxWindowBits: 10),
            .permessageDeflate(clientMaxWindowBits: 9),
            .permessageDeflate(
                serverNoContextTakeover: true, clientNoContextTakeover: true, serverMaxWindowBits: 9,
                clientMaxWindowBits: 12),
        ])
    func compressionParameters(_ compression: WebSocketCompression) async throws {
        // Given a socket offering these parameters
        let socket = try await Self.open("/echo", configuration: WebSocketConfiguration(compression: compression))
        #expect(socket.isCompressed)

        // Then repeated, compressible messages (which context takeover shortens) come back intact
        for round in 0..<5 {
            let text = String(repeating: "the same words again and again \(round) ", count: 200)
            #expect(try await Self.echo(.string(text), on: socket) == .string(text))
        }
        await socket.close()
        #expect(socket.closeCode == .normalClosure)
    }

    @Test("the server's close code and reason end the messages normally")
    func serverClose() async throws {
        let socket = try await Self.open("/close?code=4000&reason=bye")
        var received: [WebSocketMessage] = []
        for try await message in socket.messages { received.append(message) }
        #expect(received.isEmpty)
        #expect(socket.closeCode?.rawValue == 4000)
        #expect(socket.closeReason == "bye")
    }

    @Test("a server's ping is answered with its payload; the client's ping gets a pong")
    func pings() async throws {
        let socket = try await Self.open("/ping?payload=abc")
        // The server sends its message only after our pong carried its payload back.
        #expect(try await socket.receive() == .string("pong:abc"))
        try await socket.ping()
        #expect(try await Self.echo(.string("after"), on: socket) == .string("after"))
        await socket.close()
    }

    @Test("a subprotocol is negotiated from the offer, and the server sees the same")
    func subprotocol() async throws {
        let socket = try await Self.open(
            "/protocol", configuration: WebSocketConfiguration(protocols: ["unknown", "chat"]))
        #expect(socket.negotiatedProtocol == "chat")
        #expect(try await socket.receive() == .string("chat"))
        await socket.close()
    }

    @Test("the handshake carries the client's default headers, its adapters' fields and RFC 6455's")
    func handshakeHeaders() async throws {
        // Given a client with a default header and an adapter
        var configuration = HTTPClient.Configuration()
        configuration.headers.update(HTTPHeader(name: "X-Default", value: "yes"))
        configuration.adapters = [FieldAdapter(name: "X-Adapted", value: "42")]
        let socket = try await Self.open("/headers", client: HTTPClient(configuration: configuration))

        // When the server reports what it received
        guard case .string(let json) = try await socket.receive() else {
            Issue.record("no text message")
            return
        }
        let fields = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))

        // Then all of them arrived
        #expect(fields["x-default"] == "yes")
        #expect(fields["x-adapted"] == "42")
        #expect(fields["sec-websocket-version"] == "13")
        #expect(fields["upgrade"] == "websocket")
        let server = try Self.url("/")
        #expect(fields["host"] == "\(server.host ?? ""):\(server.port ?? 0)")
        await socket.close()
    }

    @Test("a redirect is followed to a WebSocket, and the store's cookies go with each hop")
    func redirectsAndCookies() async throws {
        // Given a server that redirects /redirect to /echo, and /set-cookie to /cookie with a cookie
        let client = HTTPClient()

        // When sockets open through the redirects
        let echo = try await Self.open("/redirect", client: client)
        let cookie = try await Self.open("/set-cookie", client: client)

        // Then the echo works at its final URL, and the cookie set by the redirect reached /cookie
        #expect(echo.response.url?.path == "/echo")
        #expect(try await Self.echo(.string("moved"), on: echo) == .string("moved"))
        #expect(try await cookie.receive() == .string("session=abc123"))
        await echo.close()
        await cookie.close()
    }

    @Test("the caller's own Cookie field is sent when the store has no cookie for the URL")
    func callerCookie() async throws {
        var request = URLRequest(url: try Self.url("/cookie"))
        request.setValue("mine=1", forHTTPHeaderField: "Cookie")
        let socket = try await HTTPClient().webSocket(request)
        #expect(try await socket.receive() == .string("mine=1"))
        await socket.close()
    }

    @Test("a 401 goes to the retriers, whose retry with a fresh token opens the socket; monitors see both")
    func unauthorizedThenRetried() async throws {
        // Given a client whose adapter sends the current token and whose retrier refreshes it on 401
        let token = LockedBox("stale")
        let monitor = RecordingMonitor()
        var configuration = HTTPClient.Configuration()
        configuration.adapters = [TokenAdapter(token: token)]
        configuration.retriers = [RefreshingRetrier(token: token)]
        configuration.eventMonitors = [monitor]
        let client = HTTPClient(configuration: configuration)

        // When it opens a socket to the endpoint that wants the fresh token
        let socket = try await Self.open("/unauthorized", client: client)

        // Then the second attempt opened it, and the monitors saw a 401 then a 101
        #expect(try await Self.echo(.string("in"), on: socket) == .string("in"))
        #expect(monitor.statuses.read() == [401, 101])
        await socket.close()
    }

    @Test("a refusal with no retrier is a handshake failure naming the status")
    func unexpectedStatus() async throws {
        let error = await #expect(throws: WebSocketError.self) { try await Self.open("/unauthorized") }
        #expect(error?.reason == .handshakeFailed(.unexpectedStatus(401)))
    }

    @Test("wss with the fixture's root as trust anchor; refused without it, and with a wrong pin")
    func tls() async throws {
        // Given a client trusting the TLS fixture's root, one trusting only the system, and one pinning a
        // key in no chain
        let anchors = try TrustAnchors(contentsOf: URL(fileURLWithPath: try Fixture.value("SU_TLS_CA")))
        var trusting = HTTPClient.Configuration()
        trusting.trustAnchors = anchors
        var pinnedWrong = trusting
        try pinnedWrong.publicKeyPins.pin("localhost", to: [try Fixture.value("SU_TLS_WRONG_PIN")])
        var pinnedRight = trusting
        try pinnedRight.publicKeyPins.pin("localhost", to: [try Fixture.value("SU_TLS_LEAF_PIN")])

        // When each opens a socket to the TLS server
        let socket = try await Self.open(
            "/echo", on: "SU_WEBSOCKETS_TLS_URL", client: HTTPClient(configuration: trusting))
        let pinned = try await Self.open(
            "/echo", on: "SU_WEBSOCKETS_TLS_URL", client: HTTPClient(configuration: pinnedRight))
        let untrusted = await #expect(throws: WebSocketError.self) {
            try await Self.open("/echo", on: "SU_WEBSOCKETS_TLS_URL")
        }
        let mismatch = await #expect(throws: WebSocketError.self) {
            try await Self.open("/echo", on: "SU_WEBSOCKETS_TLS_URL", client: HTTPClient(configuration: pinnedWrong))
        }

        // Then the trusted ones echo, compressed, and the others fail before the handshake, typed
        #expect(socket.isCompressed)
        #expect(try await Self.echo(.string("secure"), on: socket) == .string("secure"))
        #expect(try await Self.echo(.string("pinned"), on: pinned) == .string("pinned"))
        guard case .requestFailed(let transport) = untrusted?.reason else {
            Issue.record("expected requestFailed, got \(String(describing: untrusted))")
            return
        }
        #expect(transport.urlErrorCode == .serverCertificateUntrusted)
        guard case .requestFailed(.pinningFailed(let failure)) = mismatch?.reason else {
            Issue.record("expected a pinning failure, got \(String(describing: mismatch))")
            return
        }
        #expect(failure.host == "localhost")
        await socket.close()
        await pinned.close()
    }

    @Test("cancelling the task that reads closes the connection")
    func cancellation() async throws {
        let socket = try await Self.open("/echo")
        let reader = Task { try await socket.receive() }
        reader.cancel()
        let error = await #expect(throws: WebSocketError.self) { try await reader.value }
        #expect(error?.reason == .cancelled)
        #expect(socket.closeCode == .abnormalClosure)
        await #expect(throws: WebSocketError.self) { try await socket.send(.string("late")) }
    }
}

// MARK: - Test doubles

/// Adds one field to every request.
private struct FieldAdapter: RequestAdapter {
    let name: String
    let value: String

    func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        request.setValue(value, forHTTPHeaderField: name)
        return request
    }
}

/// Sends the current token as a bearer token.
private struct TokenAdapter: RequestAdapter {
    let token: LockedBox<String>

    func adapt(_ request: URLRequest) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer \(token.read())", forHTTPHeaderField: "Authorization")
        return request
    }
}

/// Refreshes the token once after a 401.
private struct RefreshingRetrier: RequestRetrier {
    let token: LockedBox<String>

    func retry(_ context: RetryContext) async -> RetryDecision {
        guard context.error.statusCode == 401, context.attempt == 1 else { return .doNotRetry }
        token.update { $0 = "fresh" }
        return .retry(after: .zero)
    }
}

/// Records the status of every attempt's outcome.
private final class RecordingMonitor: EventMonitor {
    let statuses = LockedBox<[Int]>([])

    func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {
        let status =
            switch result {
            case .success(let response): response.statusCode
            case .failure(let error): error.statusCode ?? -1
            }
        statuses.update { $0.append(status) }
    }
}
