/// The Router-pattern article's name for ``HTTPRouter``: an enum written as the article's
/// `AuthHttpRouter` (`baseUrlString`, `path`, `method`, dictionary-literal `headers`, `parameters`,
/// `body()`) adopts it unchanged.
public typealias HttpRouter = HTTPRouter

extension HTTPRouter {
    /// This endpoint's request made by an article-style service (the Router-pattern article's
    /// `request(usingHttpService:)`), answered through response handlers such as
    /// ``DataRequest/responseJSON(queue:dataPreprocessor:emptyResponseCodes:emptyRequestMethods:options:completionHandler:)``.
    ///
    /// For async code, `request(usingHttpService:)` with an ``HTTPClient`` returns the response itself.
    ///
    /// - Parameter service: The service that makes the request.
    /// - Returns: The request; it is sent when its first response handler is added.
    /// - Throws: ``HTTPError`` when the URL, parameters or body cannot be built.
    public func request(usingHttpService service: any HttpService) throws -> DataRequest {
        service.request(try asURLRequest())
    }
}
