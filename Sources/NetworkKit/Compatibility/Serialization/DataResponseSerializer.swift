public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A ``ResponseSerializer`` that gives the body's bytes, after its ``dataPreprocessor``.
///
/// A missing or empty body fails with
/// ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength``, unless the request's
/// method or the response's status allows an empty answer; then the value is empty `Data`.
///
/// ```swift
/// let bytes = try DataResponseSerializer().serialize(request: request, response: response, data: body, error: nil)
/// ```
public final class DataResponseSerializer: ResponseSerializer {
    /// What prepares the body before it is returned.
    public let dataPreprocessor: any DataPreprocessor
    /// The status codes whose answers may be empty.
    public let emptyResponseCodes: Set<Int>
    /// The request methods whose answers may be empty.
    public let emptyRequestMethods: Set<HTTPMethod>

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - dataPreprocessor:    What prepares the body; a ``PassthroughPreprocessor`` by default.
    ///   - emptyResponseCodes:  The status codes whose answers may be empty; `[204, 205]` by default.
    ///   - emptyRequestMethods: The methods whose answers may be empty; `[.head]` by default.
    public init(
        dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
    ) {
        self.dataPreprocessor = dataPreprocessor
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
    }

    /// Gives the preprocessed body, or empty `Data` for an allowed empty answer.
    ///
    /// - Parameters:
    ///   - request:  The request, or `nil`.
    ///   - response: The response, or `nil`.
    ///   - data:     The body, or `nil`.
    ///   - error:    The error so far, or `nil`.
    /// - Returns: The body.
    /// - Throws: `error` unchanged when one was passed in;
    ///   ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength`` for an empty body
    ///   that is not allowed; whatever the preprocessor throws.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?) throws
        -> Data
    {
        try preprocessedBody(request: request, response: response, data: data, error: error) ?? Data()
    }
}

// MARK: - Leading-dot access

extension ResponseSerializer where Self == DataResponseSerializer {
    /// A ``DataResponseSerializer`` with the default settings.
    public static var data: DataResponseSerializer { DataResponseSerializer() }

    /// A ``DataResponseSerializer`` with the settings given.
    ///
    /// ```swift
    /// let serializer: DataResponseSerializer = .data(emptyResponseCodes: [200, 204, 205])
    /// ```
    ///
    /// - Parameters:
    ///   - dataPreprocessor:    What prepares the body; a ``PassthroughPreprocessor`` by default.
    ///   - emptyResponseCodes:  The status codes whose answers may be empty; `[204, 205]` by default.
    ///   - emptyRequestMethods: The methods whose answers may be empty; `[.head]` by default.
    /// - Returns: The serializer.
    public static func data(
        dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
    ) -> DataResponseSerializer {
        DataResponseSerializer(
            dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
    }
}
