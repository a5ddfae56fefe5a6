/// What the client offers for permessage-deflate (RFC 7692 §7.1) in `Sec-WebSocket-Extensions`.
///
/// The default offer asks for nothing and says the client accepts a limit on its own window
/// (`client_max_window_bits` without a value), which is what browsers send.
package struct PermessageDeflateOffer: Sendable, Hashable {
    /// How the offer speaks of the client's window.
    package enum ClientWindow: Sendable, Hashable {
        /// `client_max_window_bits` is left out: the server may not limit the client's window.
        case unlimited
        /// `client_max_window_bits` without a value: the server may choose a limit.
        case serverMayLimit
        /// `client_max_window_bits=N`: the client's window is at most 2^N (8–15), and the server
        /// may choose a smaller one.
        case limit(Int)
    }

    /// Ask the server to start every message with an empty window.
    package var serverNoContextTakeover = false
    /// Tell the server the client starts every message with an empty window.
    package var clientNoContextTakeover = false
    /// Ask the server for a window of at most 2^N bytes (8–15); nil leaves it to the server.
    package var serverMaxWindowBits: Int?
    /// What the offer says of the client's window.
    package var clientWindow = ClientWindow.serverMayLimit

    /// Makes an offer; the defaults ask for nothing and allow a limit on the client's window.
    ///
    /// - Parameters:
    ///   - serverNoContextTakeover: Ask the server to start every message with an empty window.
    ///   - clientNoContextTakeover: Tell the server the client does.
    ///   - serverMaxWindowBits: The server's window to ask for (8–15), nil for none.
    ///   - clientWindow: What the offer says of the client's window.
    package init(
        serverNoContextTakeover: Bool = false, clientNoContextTakeover: Bool = false, serverMaxWindowBits: Int? = nil,
        clientWindow: ClientWindow = .serverMayLimit
    ) {
        self.serverNoContextTakeover = serverNoContextTakeover
        self.clientNoContextTakeover = clientNoContextTakeover
        self.serverMaxWindowBits = serverMaxWindowBits
        self.clientWindow = clientWindow
    }

    /// The offer's `Sec-WebSocket-Extensions` value, such as
    /// `permessage-deflate; client_max_window_bits`.
    package var headerValue: String {
        var parts = ["permessage-deflate"]
        if serverNoContextTakeover { parts.append("server_no_context_takeover") }
        if clientNoContextTakeover { parts.append("client_no_context_takeover") }
        if let serverMaxWindowBits { parts.append("server_max_window_bits=\(serverMaxWindowBits)") }
        switch clientWindow {
        case .unlimited: break
        case .serverMayLimit: parts.append("client_max_window_bits")
        case .limit(let bits): parts.append("client_max_window_bits=\(bits)")
        }
        return parts.joined(separator: "; ")
    }
}
