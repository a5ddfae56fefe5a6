#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// A serializer for both data requests and downloads, with the knobs every body-reading serializer
/// shares: Alamofire's protocol of this name.
///
/// An empty or missing body is an error unless the request's method is in ``emptyRequestMethods``
/// (`HEAD` by default) or the response's status is in ``emptyResponseCodes`` (204 and 205 by
/// default); ``emptyResponseAllowed(forRequest:response:)`` makes that decision. Bytes pass through
/// ``dataPreprocessor`` before they are read. Every requirement has a default, so an adopter
/// writes only `serialize`:
///
/// ```swift
/// final class ByteCountSerializer: ResponseSerializer {
///     func serialize(request: URLRequest?, response: HTTPURLResponse?, data: Data?, error: (any Error)?) throws -> Int {
///         if let error { throw error }
///         return data?.count ?? 0
///     }
/// }
/// ```
public protocol ResponseSerializer<SerializedObject>: DataResponseSerializerProtocol,
    DownloadResponseSerializerProtocol
{
    /// What prepares the body's bytes before they are read.
    var dataPreprocessor: any DataPreprocessor { get }
    /// The request methods for which an empty body is a valid answer.
    var emptyRequestMethods: Set<HTTPMethod> { get }
    /// The response status codes for which an empty body is a valid answer.
    var emptyResponseCodes: Set<Int> { get }
}

// MARK: - Defaults

extension ResponseSerializer {
    /// The preprocessor serializers use unless told otherwise: a ``PassthroughPreprocessor``.
    public static var defaultDataPreprocessor: any DataPreprocessor { PassthroughPreprocessor() }

    /// The methods whose answers may be empty unless told otherwise: `[.head]`.
    public static var defaultEmptyRequestMethods: Set<HTTPMethod> { EmptyAnswerDefaults.requestMethods }

    /// The status codes whose answers may be empty unless told otherwise: `[204, 205]`.
    public static var defaultEmptyResponseCodes: Set<Int> { EmptyAnswerDefaults.responseCodes }

    /// ``defaultDataPreprocessor``.
    public var dataPreprocessor: any DataPreprocessor { Self.defaultDataPreprocessor }

    /// ``defaultEmptyRequestMethods``.
    public var emptyRequestMethods: Set<HTTPMethod> { Self.defaultEmptyRequestMethods }

    /// ``defaultEmptyResponseCodes``.
    public var emptyResponseCodes: Set<Int> { Self.defaultEmptyResponseCodes }

    /// Whether the request's method lets its answer be empty.
    ///
    /// - Parameter request: The request, or `nil`.
    /// - Returns: Whether ``emptyRequestMethods`` holds the request's method (compared exactly, as
    ///   methods are case-sensitive), or `nil` when there is no request or it has no method.
    public func requestAllowsEmptyResponseData(_ request: URLRequest?) -> Bool? {
        guard let method = request?.httpMethod else { return nil }
        return emptyRequestMethods.contains(HTTPMethod(rawValue: method))
    }

    /// Whether the response's status code lets it be empty.
    ///
    /// - Parameter response: The response, or `nil`.
    /// - Returns: Whether ``emptyResponseCodes`` holds the status code, or `nil` when there is no
    ///   response.
    public func responseAllowsEmptyResponseData(_ response: HTTPURLResponse?) -> Bool? {
        guard let response else { return nil }
        return emptyResponseCodes.contains(response.statusCode)
    }

    /// Whether an empty or missing body is a valid answer: when the request's method or the
    /// response's status code allows it.
    ///
    /// ```swift
    /// DataResponseSerializer().emptyResponseAllowed(forRequest: headRequest, response: nil)  // true
    /// ```
    ///
    /// - Parameters:
    ///   - request:  The request, or `nil`.
    ///   - response: The response, or `nil`.
    /// - Returns: `true` when either allows an empty body; `false` otherwise, including when both
    ///   are `nil`.
    public func emptyResponseAllowed(forRequest request: URLRequest?, response: HTTPURLResponse?) -> Bool {
        requestAllowsEmptyResponseData(request) == true || responseAllowsEmptyResponseData(response) == true
    }
}

/// The default sets of ``ResponseSerializer``, made once: every response handler takes them as
/// default arguments, and building and hashing a set per request showed in its profile.
enum EmptyAnswerDefaults {
    /// `[.head]`.
    static let requestMethods: Set<HTTPMethod> = [.head]
    /// `[204, 205]`.
    static let responseCodes: Set<Int> = [204, 205]
}
