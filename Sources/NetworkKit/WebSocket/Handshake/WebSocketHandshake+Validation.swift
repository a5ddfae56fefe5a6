import Foundation

extension WebSocketHandshake {
    /// What a successful handshake agreed on.
    struct Agreement: Sendable, Hashable {
        /// The subprotocol the server chose, nil when it chose none.
        var negotiatedProtocol: String?
        /// The permessage-deflate parameters, nil when the server did not accept compression.
        var compression: PermessageDeflateParameters?
    }

    /// Checks the server's answer (§4.1, the client's requirements 1–6): `101`, `Upgrade: websocket`,
    /// a `Connection` with the `upgrade` token, the accept value of this key, a subprotocol and
    /// extensions among those offered.
    ///
    /// - Parameter response: The response head.
    /// - Returns: What was agreed.
    /// - Throws: ``WebSocketError/Reason/handshakeFailed(_:)`` naming the first requirement the
    ///   answer breaks.
    func validate(_ response: WebSocketHandshakeResponse) throws(WebSocketError) -> Agreement {
        func fail(_ reason: WebSocketError.HandshakeFailureReason) -> WebSocketError {
            WebSocketError(.handshakeFailed(reason))
        }
        guard response.statusCode == 101 else { throw fail(.unexpectedStatus(response.statusCode)) }
        let upgrade = response.headers.values(for: "Upgrade")
        guard upgrade.count == 1, Self.trim(upgrade[0]).lowercased() == "websocket" else {
            throw fail(.missingUpgrade)
        }
        let connectionTokens = response.headers.values(for: "Connection").flatMap { value in
            value.split(separator: ",").map { Self.trim($0).lowercased() }
        }
        guard connectionTokens.contains("upgrade") else { throw fail(.missingConnectionUpgrade) }
        let accept = response.headers.values(for: "Sec-WebSocket-Accept")
        guard accept.count == 1, Self.trim(accept[0]) == Self.acceptValue(for: key) else {
            throw fail(.acceptMismatch)
        }
        return Agreement(
            negotiatedProtocol: try negotiatedProtocol(response), compression: try negotiatedCompression(response))
    }

    private func negotiatedProtocol(_ response: WebSocketHandshakeResponse) throws(WebSocketError) -> String? {
        let values = response.headers.values(for: "Sec-WebSocket-Protocol")
            .flatMap { $0.split(separator: ",").map { Self.trim($0) } }.filter { !$0.isEmpty }
        guard let chosen = values.first else { return nil }
        guard values.count == 1, protocols.contains(chosen) else {
            throw WebSocketError(.handshakeFailed(.unofferedProtocol(values.joined(separator: ", "))))
        }
        return chosen
    }

    private func negotiatedCompression(_ response: WebSocketHandshakeResponse) throws(WebSocketError)
        -> PermessageDeflateParameters?
    {
        let values = response.headers.values(for: "Sec-WebSocket-Extensions")
        guard !values.isEmpty else { return nil }
        guard let list = WebSocketExtensionList(values: values) else {
            throw WebSocketError(.handshakeFailed(.invalidExtensionParameters("the extension list is malformed")))
        }
        var agreed: PermessageDeflateParameters?
        for element in list.elements {
            guard element.name == "permessage-deflate", let offer = compression, agreed == nil else {
                throw WebSocketError(.handshakeFailed(.unofferedExtension(element.name)))
            }
            agreed = try PermessageDeflateParameters(
                agreeing: element.parameters.map { ($0.name, $0.value) }, to: offer)
        }
        return agreed
    }

    private static func trim(_ text: some StringProtocol) -> String {
        String(text).trimmingCharacters(in: .whitespaces)
    }
}
