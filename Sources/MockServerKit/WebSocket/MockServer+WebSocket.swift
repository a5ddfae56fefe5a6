extension MockServer {
    /// What runs a WebSocket connection once the server has accepted its upgrade: it gets the
    /// server's end of the connection, and the server closes the connection when it returns.
    public typealias WebSocketHandler = @Sendable (MockWebSocket) async throws -> Void

    /// Answers WebSocket upgrades (RFC 6455) on paths that match `path` and runs `handler` on each
    /// connection.
    ///
    /// The server checks the opening handshake (`GET`, `Upgrade: websocket`, `Connection: Upgrade`,
    /// a 16-byte `Sec-WebSocket-Key`, `Sec-WebSocket-Version: 13`): a request without the upgrade
    /// gets 426, one with a bad key, a missing token or HTTP/1.0 gets 400, another version 426 with
    /// `Sec-WebSocket-Version: 13`. It then answers `101` with the accept value, the first
    /// subprotocol the client offered that `protocols` lists, and permessage-deflate (RFC 7692)
    /// when the client offered it and `compression` allows. Messages may be as large as
    /// ``Configuration/maxBodyBytes``; a larger one fails the connection with 1009. The upgrade
    /// request is recorded in ``requests``, and the conversation's messages in its
    /// ``MockRequest/webSocketMessages``. Later routes and stubs win over earlier ones, as stubs do.
    /// The server's ``conditions`` apply to refusals only; the route's own `conditions` shape the
    /// connection. A client that takes nothing of what is queued for it for
    /// ``Configuration/requestTimeout`` is disconnected, as an HTTP client would be.
    ///
    /// ```swift
    /// server.webSocket("/rooms/:room", protocols: ["chat.v2"]) { socket in
    ///     let room = socket.request.pathParameters["room"] ?? ""
    ///     try await socket.send("welcome to \(room)")
    ///     while let message = try await socket.receive() { try await socket.send(message) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - path:        a ``PathPattern`` such as `/rooms/:room` (leading slash optional).
    ///   - protocols:   the subprotocols the route speaks; none by default.
    ///   - compression: whether permessage-deflate may be negotiated (``MockWebSocket/Compression/negotiated``
    ///     by default).
    ///   - conditions:  drops, broken frames or a pace for this route (see ``WebSocketCondition``).
    ///   - handler:     runs the connection.
    public func webSocket(
        _ path: String, protocols: [String] = [], compression: MockWebSocket.Compression = .negotiated,
        conditions: [WebSocketCondition] = [], handler: @escaping WebSocketHandler
    ) {
        let route = WebSocketRoute(
            protocols: protocols, compression: compression, conditions: WebSocketConditionPlan(conditions),
            handler: handler)
        core.router.add(MockRouter.Stub(method: .get, pattern: PathPattern(path), handler: .webSocket(route)))
    }

    /// A WebSocket route that sends every message back as it came (text as text, binary as binary)
    /// until the client closes.
    ///
    /// ```swift
    /// server.webSocketEcho("/echo")
    /// let url = server.url("echo")   // ws:// on the same port
    /// ```
    ///
    /// - Parameters:
    ///   - path:        a ``PathPattern`` such as `/echo`.
    ///   - protocols:   the subprotocols the route speaks; none by default.
    ///   - compression: whether permessage-deflate may be negotiated.
    ///   - conditions:  drops, broken frames or a pace (see ``WebSocketCondition``).
    public func webSocketEcho(
        _ path: String, protocols: [String] = [], compression: MockWebSocket.Compression = .negotiated,
        conditions: [WebSocketCondition] = []
    ) {
        webSocket(path, protocols: protocols, compression: compression, conditions: conditions) { socket in
            while let message = try await socket.receive() { try await socket.send(message) }
        }
    }

    /// A WebSocket route that plays a scripted conversation: it waits for the messages the script
    /// expects and sends the ones it lists, in order, then closes (1000).
    ///
    /// A message that differs from the one expected ends the conversation with close code 1008
    /// (policy violation) and a reason naming the step, so the client sees the mismatch; the
    /// record (``MockRequest/webSocketMessages``) shows what was said.
    ///
    /// ```swift
    /// server.webSocket("/login", script: [
    ///     .expect(.string(#"{"user":"ann"}"#)),
    ///     .send(.string(#"{"token":"t1"}"#)),
    ///     .close(code: .normalClosure, reason: "done"),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - path:        a ``PathPattern`` such as `/login`.
    ///   - protocols:   the subprotocols the route speaks; none by default.
    ///   - compression: whether permessage-deflate may be negotiated.
    ///   - conditions:  drops, broken frames or a pace (see ``WebSocketCondition``).
    ///   - script:      the steps, in order.
    public func webSocket(
        _ path: String, protocols: [String] = [], compression: MockWebSocket.Compression = .negotiated,
        conditions: [WebSocketCondition] = [], script: [MockWebSocket.Step]
    ) {
        webSocket(path, protocols: protocols, compression: compression, conditions: conditions) { socket in
            try await MockWebSocket.Step.play(script, on: socket)
        }
    }
}
