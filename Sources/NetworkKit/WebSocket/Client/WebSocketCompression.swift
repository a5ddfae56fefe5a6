/// Whether a WebSocket offers permessage-deflate (RFC 7692), and with which parameters.
///
/// The default, ``permessageDeflate``, offers compression with context takeover on both sides and
/// lets the server limit the client's window, as browsers do. ``none`` offers nothing.
///
/// ```swift
/// var configuration = WebSocketConfiguration()
/// configuration.compression = .none
/// configuration.compression = .permessageDeflate(clientNoContextTakeover: true, serverMaxWindowBits: 10)
/// ```
public struct WebSocketCompression: Sendable, Hashable {
    /// The offer sent; nil for no compression.
    let offer: PermessageDeflateOffer?

    /// No compression is offered.
    public static let none = WebSocketCompression(offer: nil)

    /// permessage-deflate with its default parameters.
    public static let permessageDeflate = WebSocketCompression(offer: PermessageDeflateOffer())

    /// permessage-deflate with chosen parameters (RFC 7692 §7.1).
    ///
    /// - Parameters:
    ///   - serverNoContextTakeover: Ask the server to compress each message on its own.
    ///   - clientNoContextTakeover: Compress each message this client sends on its own.
    ///   - serverMaxWindowBits: Ask the server for a window of at most 2^N bytes (clamped to 8–15);
    ///     nil leaves it to the server.
    ///   - clientMaxWindowBits: Compress with a window of at most 2^N bytes (clamped to 8–15); nil
    ///     lets the server choose a limit.
    /// - Returns: The offer.
    public static func permessageDeflate(
        serverNoContextTakeover: Bool = false, clientNoContextTakeover: Bool = false, serverMaxWindowBits: Int? = nil,
        clientMaxWindowBits: Int? = nil
    ) -> WebSocketCompression {
        var offer = PermessageDeflateOffer()
        offer.serverNoContextTakeover = serverNoContextTakeover
        offer.clientNoContextTakeover = clientNoContextTakeover
        offer.serverMaxWindowBits = serverMaxWindowBits.map { min(max($0, 8), 15) }
        if let clientMaxWindowBits { offer.clientWindow = .limit(min(max(clientMaxWindowBits, 8), 15)) }
        return WebSocketCompression(offer: offer)
    }
}
