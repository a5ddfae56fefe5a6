public import Foundation

extension HTTPResponse {
    /// Decodes the body as JSON.
    ///
    /// - Parameters:
    ///   - type:    The type to decode.
    ///   - decoder: The decoder; its strategies apply.
    /// - Returns: The decoded value.
    /// - Throws: ``HTTPError/decodingFailed(_:)`` with the failing key's path and a body excerpt.
    public func decode<Value: Decodable>(_ type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder())
        throws(HTTPError) -> Value
    {
        do {
            return try decoder.decode(Value.self, from: body)
        } catch {
            throw .decodingFailed(
                HTTPError.DecodingFailure(
                    request: HTTPError.RequestSummary(request), type: "\(Value.self)", decoding: error, body: body))
        }
    }
}

extension HTTPClient {
    /// Sends the router's request and decodes the JSON body.
    ///
    /// ```swift
    /// let items = try await client.send(GroceryAPI.items, as: [Item].self)
    /// ```
    ///
    /// - Parameters:
    ///   - router:  The endpoint.
    ///   - type:    The type to decode.
    ///   - decoder: The decoder.
    /// - Returns: The decoded value.
    /// - Throws: ``HTTPError``, including ``HTTPError/decodingFailed(_:)``.
    public func send<Value: Decodable>(
        _ router: any HTTPRouter, as type: Value.Type, decoder: JSONDecoder = JSONDecoder()
    ) async throws(HTTPError) -> Value {
        try await send(router).decode(Value.self, decoder: decoder)
    }
}

extension HTTPRouter {
    /// Sends this request with `client`: the async form of the Router-pattern article's
    /// `request(usingHttpService:)`, whose ``HttpService`` form answers through a ``DataRequest``.
    ///
    /// - Parameter client: The client that sends it.
    /// - Returns: The validated response.
    /// - Throws: ``HTTPError``.
    public func request(usingHttpService client: HTTPClient) async throws(HTTPError) -> HTTPResponse {
        try await client.send(self)
    }
}
