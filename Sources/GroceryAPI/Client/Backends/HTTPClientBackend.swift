import Foundation
import NetworkKit

/// Sends the sample's routes with NetworkKit's `HTTPClient` (its adapters and retriers apply).
struct HTTPClientBackend: AuthBackend {
    let client: HTTPClient

    func send(_ route: some HTTPRouter) async throws(GroceryAPIError) -> (statusCode: Int, data: Data) {
        let response = try await exchange(route)
        return (response.statusCode, response.body)
    }

    func fetch<Value: Decodable & Sendable>(_ route: some HTTPRouter, as type: Value.Type)
        async throws(GroceryAPIError) -> Value
    {
        let response = try await exchange(route)
        do {
            return try response.decode(Value.self)
        } catch {
            throw GroceryAPIError(error)
        }
    }

    private func exchange(_ route: some HTTPRouter) async throws(GroceryAPIError) -> HTTPResponse {
        do {
            return try await client.send(route)
        } catch {
            throw GroceryAPIError(error)
        }
    }
}
