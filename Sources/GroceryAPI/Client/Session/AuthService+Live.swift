import Foundation
public import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension AuthService {
    /// Opens the server's `live` WebSocket on the authorized client: the handshake carries the
    /// bearer token (refreshed first if it expired), as every authorized call does. Send a category's
    /// number as text; each answer is that category's groceries as a JSON array of ``GroceryModel``.
    ///
    /// ```swift
    /// let live = try await service.liveGroceries()
    /// try await live.send(.string("1"))
    /// if case .string(let json) = try await live.receive() {
    ///     let groceries = try JSONDecoder().decode([GroceryModel].self, from: Data(json.utf8))
    /// }
    /// await live.close()
    /// ```
    ///
    /// - Returns: The open socket.
    /// - Throws: `WebSocketError`; a server that refuses the token closes the socket with 1008.
    public func liveGroceries() async throws(WebSocketError) -> WebSocket {
        let url = authorizedAPI.baseURL.appendingPathComponent("live")
        return try await authorizedAPI.client.webSocket(URLRequest(url: url))
    }
}
