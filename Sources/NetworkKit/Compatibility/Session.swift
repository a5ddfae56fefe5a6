import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `Session` as the Router-pattern article uses it (`Session.default`,
/// `request(_:)`), over an ``HTTPClient``.
///
/// Like Alamofire's, it accepts every status code until a ``DataRequest`` is validated. The client's
/// adapters, retriers, monitors, timeout and default headers apply to every request.
///
/// ```swift
/// var sessionManager: Session = Session.default
/// sessionManager.request(AuthHttpRouter.validate(token: token)).validate(statusCode: 200..<400)
/// ```
public final class Session: Sendable {
    /// The shared session, over a client that checks neither status codes nor content types.
    public static let `default` = Session()

    /// The client that sends the requests.
    public let client: HTTPClient

    /// Creates a session.
    ///
    /// - Parameter client: The client that sends the requests; by default one with
    ///   `validatesContentType` off, so that only ``DataRequest/validate()`` checks content types.
    public init(client: HTTPClient = HTTPClient { $0.validatesContentType = false }) {
        self.client = client
    }

    /// A request for a router or `URLRequest`, sent when its first response handler is added.
    ///
    /// - Parameter convertible: The router or request; an error it throws is delivered to the response
    ///   handlers.
    /// - Returns: The request.
    public func request(_ convertible: any URLRequestConvertible) -> DataRequest {
        let request: Result<URLRequest, HTTPError>
        do {
            request = .success(try convertible.asURLRequest())
        } catch let error as HTTPError {
            request = .failure(error)
        } catch {
            let reason = HTTPError.EncodingFailureReason.encodableFailed(
                type: "\(type(of: convertible))", reason: "\(error)")
            request = .failure(.encodingFailed(reason))
        }
        return DataRequest(client: client, request: request)
    }
}
