#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Parameters as SurfUtils and Alamofire routers give them: a dictionary of strings, numbers,
/// booleans, `NSNull`, arrays and nested dictionaries.
public typealias Parameters = [String: Any]

/// Puts a router's parameters into a request: in the URL's query, or as a body.
///
/// Adopters must leave the request unchanged when `parameters` is nil, must not replace a
/// `Content-Type` the request already has, and must throw ``HTTPError/encodingFailed(_:)`` (never
/// crash) for a value they cannot encode.
public protocol ParameterEncoding: Sendable {
    /// Returns `request` with `parameters` encoded into it.
    ///
    /// - Parameters:
    ///   - request:    The request built so far (URL, method, headers).
    ///   - parameters: The parameters, or nil for none.
    /// - Returns: The request with the parameters in its URL or body.
    /// - Throws: ``HTTPError`` when a value cannot be encoded or the request has no URL.
    func encode(_ request: URLRequest, with parameters: Parameters?) throws -> URLRequest
}
