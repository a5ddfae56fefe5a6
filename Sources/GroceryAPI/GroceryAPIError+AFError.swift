import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - From Alamofire's errors

extension GroceryAPIError {
    /// Classifies an error of the Alamofire façade as ``init(_:)`` classifies NetworkKit's: a
    /// ``GroceryAPIError`` that an interceptor failed the request with is kept, and any other error
    /// goes through the façade's `HTTPError(_:request:response:data:)` first.
    ///
    /// - Parameters:
    ///   - error:    The request's error.
    ///   - request:  The request sent, for the error's summary.
    ///   - response: Its response, if one came.
    ///   - data:     The response's body, for the API's error JSON.
    ///   - type:     The type a decoding serializer was asked for: an `AFError` holds only the
    ///     decoder's error, so the type's name is added here.
    init(
        _ error: AFError, request: URLRequest?, response: HTTPURLResponse?, data: Data?,
        decoding type: Any.Type? = nil
    ) {
        if let own = error.underlyingError as? GroceryAPIError {
            self = own
            return
        }
        var failure = HTTPError(error, request: request, response: response, data: data)
        if case .decodingFailed(let decoding) = failure, decoding.type.isEmpty, let type {
            failure = .decodingFailed(
                HTTPError.DecodingFailure(
                    request: decoding.request, type: "\(type)", codingPath: decoding.codingPath,
                    reason: decoding.reason, excerpt: decoding.excerpt))
        }
        self.init(failure)
    }
}
