public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A ``ResponseSerializer`` that reads the body with `JSONSerialization`, deprecated as in Alamofire:
/// decode into your own `Decodable` types with ``DecodableResponseSerializer`` instead.
///
/// The value is the parsed JSON as `[String: Any]`, `[Any]`, `String`, `NSNumber` or `NSNull`,
/// held as `any Sendable` (Alamofire's `Any` is not `Sendable`, which Swift 6 requires of a
/// serialized value); cast it as you would Alamofire's. Containers come back as immutable Swift
/// collections even with `.mutableContainers`. An allowed empty answer gives `NSNull()`.
///
/// ```swift
/// let value = try JSONResponseSerializer().serialize(request: nil, response: response, data: body, error: nil)
/// let name = (value as? [String: Any])?["name"] as? String
/// ```
@available(
    *, deprecated, message: "Alamofire 6 removes JSONResponseSerializer; decode with DecodableResponseSerializer"
)
public final class JSONResponseSerializer: ResponseSerializer {
    /// What prepares the body before it is parsed.
    public let dataPreprocessor: any DataPreprocessor
    /// The status codes whose answers may be empty.
    public let emptyResponseCodes: Set<Int>
    /// The request methods whose answers may be empty.
    public let emptyRequestMethods: Set<HTTPMethod>
    /// The options `JSONSerialization` reads with.
    public let options: JSONSerialization.ReadingOptions

    /// Creates the serializer.
    ///
    /// - Parameters:
    ///   - dataPreprocessor:    What prepares the body; a ``PassthroughPreprocessor`` by default.
    ///   - emptyResponseCodes:  The status codes whose answers may be empty; `[204, 205]` by default.
    ///   - emptyRequestMethods: The methods whose answers may be empty; `[.head]` by default.
    ///   - options:             The reading options; `.allowFragments` by default.
    public init(
        dataPreprocessor: any DataPreprocessor = JSONResponseSerializer.defaultDataPreprocessor,
        emptyResponseCodes: Set<Int> = JSONResponseSerializer.defaultEmptyResponseCodes,
        emptyRequestMethods: Set<HTTPMethod> = JSONResponseSerializer.defaultEmptyRequestMethods,
        options: JSONSerialization.ReadingOptions = .allowFragments
    ) {
        self.dataPreprocessor = dataPreprocessor
        self.emptyResponseCodes = emptyResponseCodes
        self.emptyRequestMethods = emptyRequestMethods
        self.options = options
    }

    /// Parses the preprocessed body as JSON.
    ///
    /// - Parameters:
    ///   - request:  The request, or `nil`.
    ///   - response: The response, or `nil`.
    ///   - data:     The body, or `nil`.
    ///   - error:    The error so far, or `nil`.
    /// - Returns: The parsed JSON, or `NSNull()` for an allowed empty answer.
    /// - Throws: `error` unchanged when one was passed in;
    ///   ``AFError/ResponseSerializationFailureReason/inputDataNilOrZeroLength`` for an empty body
    ///   that is not allowed; whatever the preprocessor throws;
    ///   ``AFError/ResponseSerializationFailureReason/jsonSerializationFailed(error:)`` with
    ///   `JSONSerialization`'s error.
    public func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?) throws
        -> any Sendable
    {
        guard let body = try preprocessedBody(request: request, response: response, data: data, error: error) else {
            return NSNull()
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: body, options: options)
        } catch {
            throw AFError.responseSerializationFailed(reason: .jsonSerializationFailed(error: error))
        }
        return Self.sendable(parsed)
    }

    /// The same JSON value rebuilt from `Sendable` parts: Swift dictionaries and arrays of strings,
    /// numbers and nulls.
    ///
    /// - Parameter value: A value `JSONSerialization` produced.
    /// - Returns: The value with the same shape and leaves.
    private static func sendable(_ value: Any) -> any Sendable {
        switch value {
        case let object as [String: Any]: object.mapValues(sendable)
        case let array as [Any]: array.map(sendable)
        case let string as String: string
        case let number as NSNumber: number
        default: NSNull()
        }
    }
}
