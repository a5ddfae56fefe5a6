import Foundation
import InternalServiceUtilities

/// The client's side of the opening handshake (RFC 6455 §4.1): the headers to add to the `GET`, and
/// the check of the server's answer (``validate(_:)``, in `WebSocketHandshake+Validation.swift`).
///
/// ```swift
/// let handshake = WebSocketHandshake(protocols: ["chat"], compression: PermessageDeflateOffer())
/// for (name, value) in handshake.requestHeaders { request.setValue(value, forHTTPHeaderField: name) }
/// let agreed = try handshake.validate(response)
/// ```
package struct WebSocketHandshake: Sendable {
    /// The GUID the accept value is computed with (§1.3).
    package static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Key`: 16 random bytes in base64.
    let key: String
    /// The subprotocols offered, in order of preference.
    let protocols: [String]
    /// The permessage-deflate offer, nil to offer no compression.
    let compression: PermessageDeflateOffer?

    /// Makes a handshake with a fresh key.
    ///
    /// - Parameters:
    ///   - protocols: The subprotocols to offer.
    ///   - compression: The permessage-deflate offer, nil for none.
    ///   - key: The key; a fresh random one unless a test gives its own.
    init(protocols: [String] = [], compression: PermessageDeflateOffer? = nil, key: String = Self.makeKey()) {
        self.key = key
        self.protocols = protocols
        self.compression = compression
    }

    /// A fresh `Sec-WebSocket-Key`: 16 bytes of the system's strong random generator in base64.
    ///
    /// - Returns: 24 characters of base64.
    static func makeKey() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server must answer `key` with: base64 of the SHA-1 of the key
    /// followed by the GUID (§4.2.2).
    ///
    /// - Parameter key: The `Sec-WebSocket-Key` sent.
    /// - Returns: The expected accept value.
    package static func acceptValue(for key: String) -> String {
        Data(SHA1Hasher.hash(Data((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// The headers the handshake adds to its `GET` request.
    var requestHeaders: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", key),
            ("Sec-WebSocket-Version", "13"),
        ]
        if !protocols.isEmpty { headers.append(("Sec-WebSocket-Protocol", protocols.joined(separator: ", "))) }
        if let compression { headers.append(("Sec-WebSocket-Extensions", compression.headerValue)) }
        return headers
    }
}
