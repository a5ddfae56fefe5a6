/// Which end of a connection the engine code plays (RFC 6455 §5.1): a client masks every frame it
/// sends and refuses masked frames; a server refuses unmasked frames, unmasks them, and sends its
/// own unmasked.
///
/// ```swift
/// var connection = try WebSocketConnection(compression: nil, role: .server)
/// ```
package enum WebSocketRole: Sendable, Hashable {
    /// The end that opened the connection (the default everywhere).
    case client
    /// The end that accepted it.
    case server
}
