#if canImport(FoundationNetworking)
    public import FoundationNetworking
    import Foundation
#else
    public import Foundation
#endif

extension HTTPClient {
    /// Opens a WebSocket: connects to the request's host (with the client's trust anchors, pins and
    /// proxy), sends the opening handshake as a `GET` with the client's default headers, adapters,
    /// cookies and event monitors, follows redirects as for a `GET`, asks the retriers (the
    /// authenticator among them) after a refusal, and checks the server's `101` answer.
    ///
    /// ```swift
    /// let socket = try await client.webSocket(URLRequest(url: URL(string: "wss://example.com/chat")!))
    /// try await socket.send(.string("hi"))
    /// for try await message in socket.messages { print(message) }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request: a `ws` or `wss` URL (`http` and `https` are taken as those), with
    ///     any fields to send; its timeout bounds the connection and the handshake.
    ///   - configuration: Subprotocols, limits, the automatic ping and compression.
    /// - Returns: The open connection.
    /// - Throws: ``WebSocketError``: ``WebSocketError/Reason/handshakeFailed(_:)`` when the server's
    ///   answer breaks RFC 6455 or is not `101` (``WebSocketError/HandshakeFailureReason/unexpectedStatus(_:)``),
    ///   ``WebSocketError/Reason/requestFailed(_:)`` when the request could not be sent.
    public func webSocket(_ request: URLRequest, configuration: WebSocketConfiguration = .init())
        async throws(WebSocketError) -> WebSocket
    {
        var base = request
        addDefaultHeaders(to: &base)
        return try await openWebSocket(base, configuration: configuration)
    }

    /// Opens a WebSocket to a router's endpoint; see ``webSocket(_:configuration:)-(URLRequest,_)``.
    ///
    /// ```swift
    /// let socket = try await client.webSocket(ChatAPI.room(id: 7))
    /// ```
    ///
    /// - Parameters:
    ///   - router: The endpoint; its URL's scheme is `ws`, `wss`, `http` or `https`.
    ///   - configuration: Subprotocols, limits, the automatic ping and compression.
    /// - Returns: The open connection.
    /// - Throws: ``WebSocketError``, with ``WebSocketError/Reason/requestFailed(_:)`` when the
    ///   router cannot build its request.
    public func webSocket(_ router: any HTTPRouter, configuration: WebSocketConfiguration = .init())
        async throws(WebSocketError) -> WebSocket
    {
        let request: URLRequest
        do throws(HTTPError) {
            request = try prepare(router)
        } catch {
            throw WebSocketError(.requestFailed(error))
        }
        return try await openWebSocket(request, configuration: configuration)
    }

    private func openWebSocket(_ base: URLRequest, configuration: WebSocketConfiguration) async throws(WebSocketError)
        -> WebSocket
    {
        let connector: any WebSocketConnector
        do throws(HTTPError) {
            connector = try webSocketConnector(for: base)
        } catch {
            throw WebSocketError(.requestFailed(error))
        }
        let opening = WebSocketOpening(
            connector: connector, configuration: configuration, cookies: cookieHandling,
            followsRedirects: followsRedirectsNow, pins: self.configuration.publicKeyPins,
            checksServerTrust: connector.checksServerTrust)
        do throws(HTTPError) {
            var execution = RequestExecution(client: self, request: base)
            execution.checksServerTrust = connector.checksServerTrust
            _ = try await execution.run { adapted, _ in
                await opening.attempt(adapted)
            }
        } catch {
            if let failure = opening.failure { throw failure }
            if case .unacceptableStatus(let status) = error {
                throw WebSocketError(.handshakeFailed(.unexpectedStatus(status.statusCode)))
            }
            throw WebSocketError(.requestFailed(error))
        }
        guard let socket = opening.socket else { throw WebSocketError(.handshakeFailed(.connectionClosed)) }
        return socket
    }
}
