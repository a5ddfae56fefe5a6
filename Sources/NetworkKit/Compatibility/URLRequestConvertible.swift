#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// A value that can make a `URLRequest`: Alamofire's protocol of this name, which the Router-pattern
/// article's `HttpRouter` and `HttpService` are written against.
///
/// Every ``HTTPRouter`` adopts it, and so does `URLRequest` itself. As in Alamofire 5.10, adopters are
/// `Sendable`.
public protocol URLRequestConvertible: Sendable {
    /// The request this value describes.
    ///
    /// - Returns: The request.
    /// - Throws: Whatever stops the request from being built, such as an invalid URL.
    func asURLRequest() throws -> URLRequest
}

extension URLRequest: URLRequestConvertible {
    /// This request.
    ///
    /// - Returns: `self`.
    public func asURLRequest() throws -> URLRequest { self }
}
