public import Foundation

/// A decoder that makes a `Decodable` value from bytes, such as `JSONDecoder` or
/// `PropertyListDecoder`: Alamofire's protocol of this name, used by
/// ``DecodableResponseSerializer`` and ``DecodableStreamSerializer``.
///
/// ```swift
/// let decoder = JSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let serializer = DecodableResponseSerializer<Profile>(decoder: decoder)
/// ```
///
/// A decoder is shared with the serializer: do not change its settings once it is in use.
public protocol DataDecoder: Sendable {
    /// Decodes a value of the type given from bytes.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The bytes.
    /// - Returns: The value.
    /// - Throws: Why the bytes are not a `D`.
    func decode<D: Decodable>(_ type: D.Type, from data: Data) throws -> D
}

// MARK: - Foundation's decoders

extension JSONDecoder: DataDecoder {}

extension PropertyListDecoder: DataDecoder {}
