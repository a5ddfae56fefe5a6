public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A ``ResponseSerializer`` that decodes the body into `T` with a ``DataDecoder`` (a `JSONDecoder`
/// by default).
///
/// For an empty or missing body that the request's method or the response's status allows, the
/// value is `T`'s ``EmptyResponse/emptyValue()`` when `T` adopts ``EmptyResponse`` (as ``Empty``
/// does); any other `T` fails with
/// ``AFError/ResponseSerializationFailureReason/invalidEmptyResponse(type:)``.
///
/// ```swift
/// struct Profile: Decodable, Sendable { let name: String }
///
/// let serializer = DecodableResponseSerializer<Profile>()
/// let profile = try serializer.serialize(request: nil, response: response, data: body, error: nil)
/// ```
///
/// Give each serializer its own decoder when decoders are configured differently per request.
public final class DecodableResponseSerializer<T: Decodable>: ResponseSerializer where T: Sendable {
    /// What prepares the body before it is decoded.
    public let dataPreprocessor: any DataPreprocessor
    /// The decoder that makes the value.
    public let decoder: any DataDecoder
    /// The status codes whose answers may be empty.
    public let emptyResponseCodes: Set<Int>
    /// The request methods whose answers may be empty.
    public let emptyRequestMethods: Set<HTTPMethod>

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - dataPreprocessor:    What prepares the body; a ``PassthroughPreprocessor`` by default.
    ///   - decoder:             The decoder; a new `JSONDecoder` by default.
    ///   - emptyResponseCodes:  The status codes whose answers may be empty; `[204, 205]` by default.
    ///   - emptyRequestMethods: The methods whose answers may be empty; `[.head]` by default.
    public init(
        dataPreprocessor: any DataPreprocessor = DecodableResponseSerializer.defaultDataPreprocessor,
        decoder: any DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer.defaultEmptyRequestMethods
    ) {
        self.dataPreprocessor = dataPreprocessor
        self.decoder = decoder
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
    }

    /// Decodes the preprocessed body into `T`.
    ///
    /// - Parameters:
    ///   - request:  The request, or `nil`.
    ///   - response: The response, or `nil`.
    ///   - data:     The body, or `nil`.
    ///   - error:    The error so far, or `nil`.
    /// - Returns: The decoded value, or `T`'s empty value for an allowed empty answer.
    /// - Throws: `error` unchanged when one was passed in;
    ///   ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength`` for an empty body
    ///   that is not allowed; ``AFError/ResponseSerializationFailureReason/invalidEmptyResponse(type:)``
    ///   for an allowed empty body when `T` has no empty value; whatever the preprocessor throws;
    ///   ``AFError/ResponseSerializationFailureReason/decodingFailed(error:)`` with the decoder's
    ///   error.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?) throws
        -> T
    {
        guard let body = try preprocessedBody(request: request, response: response, data: data, error: error) else {
            return try Self.emptyValue()
        }
        do {
            return try decoder.decode(T.self, from: body)
        } catch {
            throw AFError.responseSerializationFailed(reason: .decodingFailed(error: error))
        }
    }

    /// `T`'s empty value.
    ///
    /// - Returns: ``EmptyResponse/emptyValue()`` of `T`.
    /// - Throws: ``AFError/ResponseSerializationFailureReason/invalidEmptyResponse(type:)`` naming
    ///   `T` when `T` does not adopt ``EmptyResponse``.
    private static func emptyValue() throws -> T {
        guard let emptyType = T.self as? any EmptyResponse.Type, let value = emptyType.emptyValue() as? T else {
            throw AFError.responseSerializationFailed(reason: .invalidEmptyResponse(type: "\(T.self)"))
        }
        return value
    }
}

// MARK: - Leading-dot access

extension ResponseSerializer {
    /// A ``DecodableResponseSerializer`` for the type and settings given.
    ///
    /// ```swift
    /// let serializer: DecodableResponseSerializer<Profile> = .decodable(of: Profile.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type:                The type to decode.
    ///   - dataPreprocessor:    What prepares the body; a ``PassthroughPreprocessor`` by default.
    ///   - decoder:             The decoder; a new `JSONDecoder` by default.
    ///   - emptyResponseCodes:  The status codes whose answers may be empty; `[204, 205]` by default.
    ///   - emptyRequestMethods: The methods whose answers may be empty; `[.head]` by default.
    /// - Returns: The serializer.
    public static func decodable<T: Decodable>(
        of type: T.Type,
        dataPreprocessor: any DataPreprocessor = DecodableResponseSerializer<T>.defaultDataPreprocessor,
        decoder: any DataDecoder = JSONDecoder(),
        emptyResponseCodes: Set<Int> = DecodableResponseSerializer<T>.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<T>.defaultEmptyRequestMethods
    ) -> DecodableResponseSerializer<T> where Self == DecodableResponseSerializer<T> {
        DecodableResponseSerializer<T>(
            dataPreprocessor: dataPreprocessor, decoder: decoder, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
    }
}
