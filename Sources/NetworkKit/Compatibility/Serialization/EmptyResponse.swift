/// A type that has a value to stand for a response without a body, so that a
/// ``DecodableResponseSerializer`` can answer a `204 No Content` or a `HEAD` request with it
/// instead of failing.
///
/// Adopters return the same kind of value every time; the serializer only asks for it when the body
/// is missing or empty and the request's method or the response's status allows that.
///
/// ```swift
/// struct Receipt: Decodable, EmptyResponse {
///     var id: String?
///     static func emptyValue() -> Receipt { Receipt(id: nil) }
/// }
/// ```
public protocol EmptyResponse: Sendable {
    /// The value that stands for an empty body.
    ///
    /// - Returns: The empty value of this type.
    static func emptyValue() -> Self
}
