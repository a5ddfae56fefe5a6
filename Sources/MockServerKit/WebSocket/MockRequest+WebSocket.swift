extension MockRequest {
    /// The messages of the WebSocket conversation this request opened, oldest first; empty for a
    /// request that opened none.
    ///
    /// The record grows while the conversation runs, so a test may read it again later. It keeps
    /// the ``MockServer/Configuration/recordedRequestLimit`` most recent messages (1,000 by
    /// default) and at most 16 MiB of their payloads; with a limit of `0` nothing is recorded.
    ///
    /// ```swift
    /// server.webSocketEcho("/echo")
    /// // … the app sends "hi" and reads the echo, then:
    /// let messages = server.requests.last?.webSocketMessages ?? []
    /// #expect(messages.map(\.direction) == [.fromClient, .fromServer])
    /// ```
    public var webSocketMessages: [MockWebSocketMessage] {
        webSocketTranscript?.messages ?? []
    }
}
