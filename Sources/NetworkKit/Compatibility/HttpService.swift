/// The Router-pattern article's service: something holding a ``Session`` that turns requests into
/// ``DataRequest``s, such as the article's `AuthHttpService`, which adds status validation.
///
/// Not `Sendable`: the article's services are plain classes with a mutable `sessionManager`. For
/// async code send routers with ``HTTPClient`` directly (this name was its alias before).
///
/// ```swift
/// final class AuthHttpService: HttpService {
///     var sessionManager: Session = Session.default
///     func request(_ urlRequest: URLRequestConvertible) -> DataRequest {
///         sessionManager.request(urlRequest).validate(statusCode: 200..<400)
///     }
/// }
/// try AuthHttpRouter.validate(token: token).request(usingHttpService: AuthHttpService()).responseJSON { response in
///     print(response.response?.statusCode ?? 0)
/// }
/// ```
public protocol HttpService {
    /// The session requests are made with.
    var sessionManager: Session { get set }

    /// A request made with ``sessionManager``, with whatever validation this service adds.
    ///
    /// - Parameter urlRequest: The router or request.
    /// - Returns: The request; it is sent when its first response handler is added.
    func request(_ urlRequest: any URLRequestConvertible) -> DataRequest
}

extension HttpService {
    /// The request made by ``sessionManager``, without extra validation.
    ///
    /// - Parameter urlRequest: The router or request.
    /// - Returns: The request.
    public func request(_ urlRequest: any URLRequestConvertible) -> DataRequest {
        sessionManager.request(urlRequest)
    }
}
