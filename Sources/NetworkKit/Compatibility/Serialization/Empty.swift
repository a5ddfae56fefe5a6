/// The value of a response that has no body, or whose body does not matter: decode to `Empty` when
/// only success or failure is of interest.
///
/// `Empty` encodes as `{}` and decodes from any JSON object. A ``DecodableResponseSerializer`` gives
/// ``value`` for an empty body that the request or response allows (a `HEAD` request, or a `204` or
/// `205` status):
///
/// ```swift
/// let serializer = DecodableResponseSerializer<Empty>()
/// let result = try serializer.serialize(request: nil, response: noContent, data: nil, error: nil)
/// // result == Empty.value
/// ```
public struct Empty: Hashable, Codable, Sendable {
    /// The one `Empty` value, shared by every empty response.
    public static let value = Empty()
}

// MARK: - EmptyResponse

extension Empty: EmptyResponse {
    /// The shared ``value``.
    ///
    /// - Returns: ``Empty/value``.
    public static func emptyValue() -> Empty {
        value
    }
}
