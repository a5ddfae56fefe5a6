public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A ``ResponseSerializer`` that reads the body as text.
///
/// The text encoding is, in order: the one given to the initializer; the one the response names in
/// its `Content-Type` charset (`HTTPURLResponse.textEncodingName`), when it is UTF-8, UTF-16,
/// UTF-32 (any byte order) or ISO-8859-1; otherwise ISO-8859-1, HTTP's historical default.
/// An allowed empty answer gives `""`.
///
/// ```swift
/// // Content-Type: text/plain; charset=utf-8
/// let text = try StringResponseSerializer().serialize(request: nil, response: response, data: body, error: nil)
/// ```
public final class StringResponseSerializer: ResponseSerializer {
    /// What prepares the body before it is read.
    public let dataPreprocessor: any DataPreprocessor
    /// The encoding to read the body with, or `nil` to take the response's (ISO-8859-1 failing that).
    public let encoding: String.Encoding?
    /// The status codes whose answers may be empty.
    public let emptyResponseCodes: Set<Int>
    /// The request methods whose answers may be empty.
    public let emptyRequestMethods: Set<HTTPMethod>

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - dataPreprocessor:    What prepares the body; a ``PassthroughPreprocessor`` by default.
    ///   - encoding:            The encoding to read the body with; `nil` (the default) takes the
    ///                          response's charset, or ISO-8859-1 when it names none this knows.
    ///   - emptyResponseCodes:  The status codes whose answers may be empty; `[204, 205]` by default.
    ///   - emptyRequestMethods: The methods whose answers may be empty; `[.head]` by default.
    public init(
        dataPreprocessor: any DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods
    ) {
        self.dataPreprocessor = dataPreprocessor
        self.encoding = encoding
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
    }

    /// Reads the preprocessed body as text.
    ///
    /// - Parameters:
    ///   - request:  The request, or `nil`.
    ///   - response: The response, or `nil`; its charset chooses the encoding when none was given.
    ///   - data:     The body, or `nil`.
    ///   - error:    The error so far, or `nil`.
    /// - Returns: The text, or `""` for an allowed empty answer.
    /// - Throws: `error` unchanged when one was passed in;
    ///   ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength`` for an empty body
    ///   that is not allowed; whatever the preprocessor throws;
    ///   ``AFError/ResponseSerializationFailureReason/stringSerializationFailed(encoding:)`` with the
    ///   encoding used when the bytes are not text in it.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?) throws
        -> String
    {
        guard let body = try preprocessedBody(request: request, response: response, data: data, error: error) else {
            return ""
        }
        let chosen =
            encoding ?? response?.textEncodingName.flatMap(String.Encoding.init(ianaCharsetName:)) ?? .isoLatin1
        guard let text = String(data: body, encoding: chosen) else {
            throw AFError.responseSerializationFailed(reason: .stringSerializationFailed(encoding: chosen))
        }
        return text
    }
}

// MARK: - Leading-dot access

extension ResponseSerializer where Self == StringResponseSerializer {
    /// A ``StringResponseSerializer`` with the default settings.
    public static var string: StringResponseSerializer { StringResponseSerializer() }

    /// A ``StringResponseSerializer`` with the settings given.
    ///
    /// ```swift
    /// let serializer: StringResponseSerializer = .string(encoding: .utf8)
    /// ```
    ///
    /// - Parameters:
    ///   - dataPreprocessor:    What prepares the body; a ``PassthroughPreprocessor`` by default.
    ///   - encoding:            The encoding to read the body with; `nil` (the default) takes the
    ///                          response's charset, or ISO-8859-1 when it names none this knows.
    ///   - emptyResponseCodes:  The status codes whose answers may be empty; `[204, 205]` by default.
    ///   - emptyRequestMethods: The methods whose answers may be empty; `[.head]` by default.
    /// - Returns: The serializer.
    public static func string(
        dataPreprocessor: any DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
        encoding: String.Encoding? = nil,
        emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods
    ) -> StringResponseSerializer {
        StringResponseSerializer(
            dataPreprocessor: dataPreprocessor, encoding: encoding, emptyResponseCodes: emptyResponseCodes,
            emptyRequestMethods: emptyRequestMethods)
    }
}
