#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

// MARK: - Alamofire-compatible front door

extension HTTPURLResponse {
    /// The response's header fields as ``HTTPHeaders``, sorted by name, as Alamofire's
    /// `HTTPURLResponse.headers`; the same list ``HTTPResponse/headers`` gives.
    public var headers: HTTPHeaders {
        ResponseHeaderSource.platform(self).headers
    }
}
