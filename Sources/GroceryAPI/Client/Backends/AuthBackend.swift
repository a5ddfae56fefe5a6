import Foundation
import NetworkKit

/// How an ``AuthAPI`` sends the sample's routes: NetworkKit's `HTTPClient` (``HTTPClientBackend``)
/// or the Alamofire façade's `Session` (``SessionBackend``).
///
/// Adopters must treat only a 2xx answer as a success, and must fail with the ``GroceryAPIError``
/// that ``GroceryAPIError/init(_:)`` makes of NetworkKit's error for the same failure, so that both
/// backends answer every call alike.
protocol AuthBackend: Sendable {
    /// The NetworkKit client beneath (a `Session` sends through its own).
    var client: HTTPClient { get }

    /// Sends `route` and returns the status and body of its 2xx answer.
    ///
    /// - Parameter route: The route, already on its base URL.
    /// - Returns: The status code and body.
    /// - Throws: ``GroceryAPIError``; ``GroceryAPIError/rejected(statusCode:_:)`` for another status.
    func send(_ route: some HTTPRouter) async throws(GroceryAPIError) -> (statusCode: Int, data: Data)

    /// Sends `route` and decodes the JSON of its 2xx answer.
    ///
    /// - Parameters:
    ///   - route: The route, already on its base URL.
    ///   - type:  The type to decode.
    /// - Returns: The decoded value.
    /// - Throws: ``GroceryAPIError``; ``GroceryAPIError/requestFailed(_:)`` with
    ///   `HTTPError.decodingFailed` naming `type` when the body is not one.
    func fetch<Value: Decodable & Sendable>(_ route: some HTTPRouter, as type: Value.Type)
        async throws(GroceryAPIError) -> Value
}
