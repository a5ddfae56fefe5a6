import Foundation
import MockServerKit
import NetworkKit

extension GroceryRoutes {
    /// `live`, the sample's WebSocket: after a handshake with the access token (bearer or the
    /// session cookie), each text message naming a category's number is answered with that
    /// category's groceries as a JSON array (``GroceryModel``), or `{"error":"not_found"}`. An
    /// unauthenticated socket is closed at once with 1008 and the error code as its reason.
    func installLiveRoute(on server: MockServer) {
        let catalog = configuration.catalog
        server.webSocket("live") { socket in
            if case .failure = self.authenticatedUser(socket.request) {
                await socket.close(code: .policyViolation, reason: "invalid_token")
                return
            }
            while let message = try await socket.receive() {
                guard case .string(let text) = message,
                    let id = Int(text.trimmingCharacters(in: .whitespaces)),
                    catalog.categories.contains(where: { $0.id == id })
                else {
                    try await socket.send(#"{"error":"not_found"}"#)
                    continue
                }
                let groceries = catalog.groceries.filter { $0.categoryId == id }
                try await socket.send(String(decoding: try JSONEncoder().encode(groceries), as: UTF8.self))
            }
        }
    }
}
