/// The permessage-deflate parameters both sides agreed on (RFC 7692 §7.1): read by a client from
/// the server's answer to its ``PermessageDeflateOffer``, or chosen by a server answering one
/// (``PermessageDeflateOffer/accepted()``).
///
/// ```swift
/// let agreed = try PermessageDeflateParameters(agreeing: element.parameters.map { ($0.name, $0.value) }, to: offer)
/// var connection = try WebSocketConnection(compression: agreed)
/// ```
package struct PermessageDeflateParameters: Sendable, Hashable {
    /// The server starts every message with an empty window.
    package var serverNoContextTakeover = false
    /// The client starts every message with an empty window.
    package var clientNoContextTakeover = false
    /// The server's window is at most 2^N bytes.
    package var serverMaxWindowBits = 15
    /// The client's window is at most 2^N bytes.
    package var clientMaxWindowBits = 15

    /// Whether the client compresses what it sends. zlib's raw DEFLATE has no 256-byte window, so
    /// with `client_max_window_bits=8` the client sends every message uncompressed, which RFC 7692
    /// allows (RSV1 is set per message).
    package var clientCompresses: Bool { clientMaxWindowBits >= 9 }

    /// Whether the server compresses what it sends: as ``clientCompresses``, a server held to
    /// `server_max_window_bits=8` sends every message uncompressed.
    package var serverCompresses: Bool { serverMaxWindowBits >= 9 }

    /// Whether `role` compresses what it sends.
    ///
    /// - Parameter role: The sending end.
    /// - Returns: ``clientCompresses`` or ``serverCompresses``.
    package func compresses(as role: WebSocketRole) -> Bool {
        role == .client ? clientCompresses : serverCompresses
    }

    /// The window `role` compresses with.
    ///
    /// - Parameter role: The sending end.
    /// - Returns: 8 to 15.
    package func maxWindowBits(of role: WebSocketRole) -> Int {
        role == .client ? clientMaxWindowBits : serverMaxWindowBits
    }

    /// Whether `role` starts every message it sends with an empty window.
    ///
    /// - Parameter role: The sending end.
    /// - Returns: The `…_no_context_takeover` of that end.
    package func noContextTakeover(of role: WebSocketRole) -> Bool {
        role == .client ? clientNoContextTakeover : serverNoContextTakeover
    }

    /// Reads the server's answer to `offer`: the parameters of one `permessage-deflate` element.
    ///
    /// - Parameters:
    ///   - parameters: The element's parameters, names lowercased, values unquoted (nil when a
    ///     parameter has no value).
    ///   - offer: What the client offered.
    /// - Throws: ``WebSocketError/HandshakeFailureReason/invalidExtensionParameters(_:)`` for an
    ///   unknown or repeated parameter, a value where none belongs or a missing one, a window out
    ///   of 8–15 or larger than offered, or a client window the offer did not allow.
    package init(agreeing parameters: [(name: String, value: String?)], to offer: PermessageDeflateOffer)
        throws(WebSocketError)
    {
        var seen: Set<String> = []
        var serverWindowGiven = false
        for (name, value) in parameters {
            guard seen.insert(name).inserted else { throw Self.invalid("\(name) appears twice") }
            switch name {
            case "server_no_context_takeover":
                guard value == nil else { throw Self.invalid("\(name) takes no value") }
                serverNoContextTakeover = true
            case "client_no_context_takeover":
                guard value == nil else { throw Self.invalid("\(name) takes no value") }
                clientNoContextTakeover = true
            case "server_max_window_bits":
                let bits = try Self.windowBits(value, name: name)
                if let asked = offer.serverMaxWindowBits, bits > asked {
                    throw Self.invalid("\(name)=\(bits) is larger than the \(asked) offered")
                }
                serverMaxWindowBits = bits
                serverWindowGiven = true
            case "client_max_window_bits":
                let bits = try Self.windowBits(value, name: name)
                switch offer.clientWindow {
                case .unlimited: throw Self.invalid("\(name) was not offered")
                case .serverMayLimit: break
                case .limit(let offered) where bits > offered:
                    throw Self.invalid("\(name)=\(bits) is larger than the \(offered) offered")
                case .limit: break
                }
                clientMaxWindowBits = bits
            default:
                throw Self.invalid("unknown parameter \(name)")
            }
        }
        if offer.serverMaxWindowBits != nil && !serverWindowGiven {
            throw Self.invalid("server_max_window_bits was offered and not answered")
        }
        if case .limit(let offered) = offer.clientWindow, !seen.contains("client_max_window_bits") {
            clientMaxWindowBits = offered
        }
    }

    /// Makes parameters directly (tests, and the defaults of an answer with no parameters).
    package init(
        serverNoContextTakeover: Bool = false, clientNoContextTakeover: Bool = false, serverMaxWindowBits: Int = 15,
        clientMaxWindowBits: Int = 15
    ) {
        self.serverNoContextTakeover = serverNoContextTakeover
        self.clientNoContextTakeover = clientNoContextTakeover
        self.serverMaxWindowBits = serverMaxWindowBits
        self.clientMaxWindowBits = clientMaxWindowBits
    }

    static func windowBits(_ value: String?, name: String) throws(WebSocketError) -> Int {
        guard let value else { throw invalid("\(name) needs a value") }
        // RFC 7692 §7.1.2: 1*DIGIT without leading zeros, 8 to 15.
        guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), !value.hasPrefix("0"),
            value.utf8.count <= 2, let bits = Int(value), (8...15).contains(bits)
        else { throw invalid("\(name)=\(value) is not 8 to 15") }
        return bits
    }

    static func invalid(_ detail: String) -> WebSocketError {
        WebSocketError(.handshakeFailed(.invalidExtensionParameters(detail)))
    }
}
