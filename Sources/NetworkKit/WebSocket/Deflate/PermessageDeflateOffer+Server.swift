extension PermessageDeflateOffer {
    /// Reads one `permessage-deflate` element of a client's `Sec-WebSocket-Extensions` as a server
    /// does (RFC 7692 §5.1, §7.1).
    ///
    /// ```swift
    /// let offers = list.elements.filter { $0.name == "permessage-deflate" }
    /// let offer = offers.lazy.compactMap { PermessageDeflateOffer(parameters: $0.parameters.map { ($0.name, $0.value) }) }.first
    /// ```
    ///
    /// - Parameter parameters: The element's parameters, names lowercased, values unquoted (nil
    ///   when a parameter has no value).
    /// - Returns: nil for an offer a server must decline: an unknown or repeated parameter, a value
    ///   after a `…_no_context_takeover`, a `server_max_window_bits` without a value, or a window
    ///   that is not 8 to 15 without leading zeros.
    package init?(parameters: [(name: String, value: String?)]) {
        var offer = PermessageDeflateOffer()
        offer.clientWindow = .unlimited
        var seen: Set<String> = []
        for (name, value) in parameters {
            guard seen.insert(name).inserted else { return nil }
            switch name {
            case "server_no_context_takeover":
                guard value == nil else { return nil }
                offer.serverNoContextTakeover = true
            case "client_no_context_takeover":
                guard value == nil else { return nil }
                offer.clientNoContextTakeover = true
            case "server_max_window_bits":
                guard let bits = try? PermessageDeflateParameters.windowBits(value, name: name) else { return nil }
                offer.serverMaxWindowBits = bits
            case "client_max_window_bits":
                guard let value else {
                    offer.clientWindow = .serverMayLimit
                    continue
                }
                guard let bits = try? PermessageDeflateParameters.windowBits(value, name: name) else { return nil }
                offer.clientWindow = .limit(bits)
            default:
                return nil
            }
        }
        self = offer
    }

    /// What a server agrees to when it accepts this offer as it stands, and the
    /// `Sec-WebSocket-Extensions` value of its answer.
    ///
    /// The answer grants what the offer asks of the server (no context takeover, a smaller window:
    /// both are then named in the answer, as §7.1.1.1 and §7.1.2.1 require) and echoes the client's
    /// own `client_no_context_takeover`; it never limits the client's window beyond what the
    /// client offered, and names no parameter the offer left out.
    ///
    /// ```swift
    /// let (agreed, value) = offer.accepted()   // value: "permessage-deflate; server_no_context_takeover"
    /// var connection = try WebSocketConnection(compression: agreed, role: .server)
    /// ```
    ///
    /// - Returns: The agreed parameters and the answer's header value.
    package func accepted() -> (parameters: PermessageDeflateParameters, headerValue: String) {
        var parameters = PermessageDeflateParameters()
        var parts = ["permessage-deflate"]
        if serverNoContextTakeover {
            parameters.serverNoContextTakeover = true
            parts.append("server_no_context_takeover")
        }
        if clientNoContextTakeover {
            parameters.clientNoContextTakeover = true
            parts.append("client_no_context_takeover")
        }
        if let serverMaxWindowBits {
            parameters.serverMaxWindowBits = serverMaxWindowBits
            parts.append("server_max_window_bits=\(serverMaxWindowBits)")
        }
        if case .limit(let bits) = clientWindow { parameters.clientMaxWindowBits = bits }
        return (parameters, parts.joined(separator: "; "))
    }
}
