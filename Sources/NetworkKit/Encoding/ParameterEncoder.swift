#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Puts an `Encodable` value into a request, as Alamofire's protocol of this name: as a JSON body
/// (``JSONParameterEncoder``) or as URL-encoded form text in the query or the body
/// (``URLEncodedFormParameterEncoder``).
///
/// ```swift
/// struct Login: Encodable, Sendable { var user: String; var password: String }
/// let request = try JSONParameterEncoder.default.encode(Login(user: "ann", password: "…"), into: request)
/// let search = try ParameterEncoder.urlEncodedForm(destination: .queryString).encode(["q": "tea"], into: request)
/// ```
///
/// Adopters must return the request unchanged when `parameters` is nil, must not replace a
/// `Content-Type` the request already has, and must throw an ``AFError`` (never crash) for a value
/// they cannot encode or a request that lacks what they need.
public protocol ParameterEncoder: Sendable {
    /// Returns `request` with `parameters` encoded into it.
    ///
    /// - Parameters:
    ///   - parameters: The value to encode, or nil for none.
    ///   - request:    The request built so far (URL, method, headers).
    /// - Returns: The request with the parameters in its URL or body.
    /// - Throws: An ``AFError`` when the value cannot be encoded or the request lacks a URL or method.
    func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters?, into request: URLRequest) throws
        -> URLRequest
}
