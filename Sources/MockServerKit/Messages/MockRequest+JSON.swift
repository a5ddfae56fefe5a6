public import Foundation

extension MockRequest {
    /// Decodes the body as JSON.
    ///
    /// ```swift
    /// let login = try request.decodeJSON(LoginBody.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type:    the type to decode.
    ///   - decoder: the decoder to use.
    /// - Returns: the decoded value.
    /// - Throws: ``MockServerError/bodyDecodingFailed(type:detail:)`` when the body does not fit.
    public func decodeJSON<Value: Decodable>(
        _ type: Value.Type, decoder: JSONDecoder = JSONDecoder()
    ) throws(MockServerError) -> Value {
        do {
            return try decoder.decode(type, from: body)
        } catch {
            throw .bodyDecodingFailed(type: String(describing: type), detail: String(describing: error))
        }
    }

    /// The bearer token of the `Authorization` header, or nil when there is none.
    public var bearerToken: String? {
        guard let value = headers["Authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
