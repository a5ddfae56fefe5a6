/// The head of the server's answer to the opening handshake: status and header fields.
struct WebSocketHandshakeResponse: Sendable {
    /// The status code, such as 101.
    var statusCode: Int
    /// The header fields in order.
    var headers: HTTPHeaders
}
