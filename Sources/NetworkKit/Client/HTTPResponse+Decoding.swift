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
            let (path, reason) = Self.describe(error)
            let failure = HTTPError.DecodingFailure(
                request: HTTPError.RequestSummary(request), type: "\(Value.self)", codingPath: path, reason: reason,
                excerpt: String(decoding: body.prefix(Self.excerptLength), as: UTF8.self))
            throw .decodingFailed(failure)
        }
    }

    /// How many bytes of the body a decoding error quotes.
    static let excerptLength = 200

    private static func describe(_ error: any Error) -> (path: String, reason: String) {
        guard let decodingError = error as? DecodingError else { return ("", "\(error)") }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return (path(context.codingPath), "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return (path(context.codingPath), "missing \(type) value: \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return (path(context.codingPath + [key]), "missing key: \(context.debugDescription)")
        case .dataCorrupted(let context):
            return (path(context.codingPath), context.debugDescription)
        @unknown default:
            return ("", "\(decodingError)")
        }
    }

    /// `items[2].price` for the coding path items → 2 → price.
    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
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
