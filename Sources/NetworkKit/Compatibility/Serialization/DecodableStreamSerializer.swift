public import Foundation

/// A ``DataStreamSerializer`` that decodes each chunk into `T` with a ``DataDecoder``, after a
/// ``DataPreprocessor``.
///
/// ```swift
/// let serializer = DecodableStreamSerializer<Tick>(decoder: JSONDecoder())
/// let tick = try serializer.serialize(Data(#"{"price": 12.5}"#.utf8))
/// ```
public struct DecodableStreamSerializer<T: Decodable>: DataStreamSerializer where T: Sendable {
    /// The decoder that makes each value.
    public let decoder: any DataDecoder
    /// What prepares each chunk before it is decoded.
    public let dataPreprocessor: any DataPreprocessor

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - decoder:          The decoder; a new `JSONDecoder` by default.
    ///   - dataPreprocessor: What prepares each chunk; a ``PassthroughPreprocessor`` by default.
    public init(
        decoder: any DataDecoder = JSONDecoder(), dataPreprocessor: any DataPreprocessor = PassthroughPreprocessor()
    ) {
        self.decoder = decoder
        self.dataPreprocessor = dataPreprocessor
    }

    /// Decodes one preprocessed chunk into `T`.
    ///
    /// - Parameter data: The chunk.
    /// - Returns: The decoded value.
    /// - Throws: Whatever the preprocessor throws;
    ///   ``AFError/ResponseSerializationFailureReason/decodingFailed(error:)`` with the decoder's
    ///   error.
    public func serialize(_ data: Data) throws -> T {
        let chunk = try dataPreprocessor.preprocess(data)
        do {
            return try decoder.decode(T.self, from: chunk)
        } catch {
            throw AFError.responseSerializationFailed(reason: .decodingFailed(error: error))
        }
    }
}

// MARK: - Leading-dot access

extension DataStreamSerializer {
    /// A ``DecodableStreamSerializer`` for the type and settings given.
    ///
    /// ```swift
    /// let serializer: DecodableStreamSerializer<Tick> = .decodable(of: Tick.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type:             The type to decode.
    ///   - decoder:          The decoder; a new `JSONDecoder` by default.
    ///   - dataPreprocessor: What prepares each chunk; a ``PassthroughPreprocessor`` by default.
    /// - Returns: The serializer.
    public static func decodable<T: Decodable>(
        of type: T.Type, decoder: any DataDecoder = JSONDecoder(),
        dataPreprocessor: any DataPreprocessor = PassthroughPreprocessor()
    ) -> Self where Self == DecodableStreamSerializer<T> {
        DecodableStreamSerializer<T>(decoder: decoder, dataPreprocessor: dataPreprocessor)
    }
}
