public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Observes what a client does; every event has a no-op default, so a monitor implements only what
/// it needs.
///
/// Monitors are called on the task sending the request, in the order configured; they must return
/// quickly and must not throw or block.
public protocol EventMonitor: Sendable {
    /// An attempt is about to be sent (after adapters).
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - attempt: 1 for the first attempt.
    func requestWillStart(_ request: URLRequest, attempt: Int)

    /// An attempt finished, successfully or not (after validation).
    ///
    /// - Parameters:
    ///   - request: The request as it was sent.
    ///   - result:  The response, or why it failed.
    ///   - attempt: 1 for the first attempt.
    func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int)

    /// A failed attempt will be retried after `delay`.
    ///
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - delay:   The wait before the next attempt.
    ///   - error:   Why it failed.
    func requestWillRetry(_ request: URLRequest, after delay: Duration, error: HTTPError)

    /// The client could not use the transport it would have chosen and uses `transport` instead
    /// (libcurl missing on Linux, say); told once, when the client is made.
    ///
    /// - Parameters:
    ///   - transport: The name of the transport in use, such as `"URLSession"`.
    ///   - reason:    Why the preferred one could not be used.
    func transportDidFallBack(to transport: String, reason: String)

    /// A response carried `Set-Cookie` fields, and the client's ``CookieStore`` stored, replaced,
    /// removed or rejected each one (a redirect's response included); called on the transport's
    /// thread as the response's head arrives.
    ///
    /// ```swift
    /// func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL) {
    ///     for case .rejected(let why) in changes { logger.warning("\(why)") }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request as the client sent it (its first hop).
    ///   - changes: What became of each field, in order.
    ///   - url:     The URL of the hop the response answered.
    func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL)

    // MARK: Alamofire's request events

    // The events of the Alamofire façade's requests (``Session``, ``Request`` and its subclasses),
    // with Alamofire's names and default implementations (EventMonitor+Alamofire.swift), so a
    // monitor written for Alamofire compiles and is told the same; each is called on ``queue``.
    // URLSession's delegate events and those naming a `URLSessionTask` have no counterpart: no
    // URLSession runs the requests.

    /// The queue the façade's request events are called on; the main queue by default, as in
    /// Alamofire.
    var queue: DispatchQueue { get }

    /// A request made its first `URLRequest`, before adapters.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: What its convertible made.
    func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest)

    /// A request's convertible could not make a `URLRequest`.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - error: Why.
    func request(_ request: Request, didFailToCreateURLRequestWithError error: AFError)

    /// The interceptors adapted a request's `URLRequest`.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - initialRequest: Before adapting.
    ///   - adaptedRequest: After.
    func request(_ request: Request, didAdaptInitialRequest initialRequest: URLRequest, to adaptedRequest: URLRequest)

    /// An interceptor failed to adapt a request's `URLRequest`.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - initialRequest: The `URLRequest` it was given.
    ///   - error: Why.
    func request(_ request: Request, didFailToAdaptURLRequest initialRequest: URLRequest, withError error: AFError)

    /// A request made the `URLRequest` an attempt sends.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest`.
    func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest)

    /// A request will be sent again, as its retrier decided.
    ///
    /// - Parameter request: The request.
    func requestIsRetrying(_ request: Request)

    /// A request finished: its outcome is handed to its response handlers.
    ///
    /// - Parameter request: The request.
    func requestDidFinish(_ request: Request)

    /// A request was resumed.
    ///
    /// - Parameter request: The request.
    func requestDidResume(_ request: Request)

    /// A request was suspended.
    ///
    /// - Parameter request: The request.
    func requestDidSuspend(_ request: Request)

    /// A request was cancelled.
    ///
    /// - Parameter request: The request.
    func requestDidCancel(_ request: Request)

    /// A data request ran one of its validations.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - data: The body.
    ///   - result: What the validation decided.
    func request(
        _ request: DataRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse, data: Data?,
        withResult result: Request.ValidationResult)

    /// A data request handed its unserialized response to a handler.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>)

    /// A data request's serializer made a response.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    func request<Value: Sendable>(_ request: DataRequest, didParseResponse response: DataResponse<Value, AFError>)

    /// A download request ran one of its validations.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - fileURL: Where the body is.
    ///   - result: What the validation decided.
    func request(
        _ request: DownloadRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse,
        fileURL: URL?, withResult result: Request.ValidationResult)

    /// A download request chose where its file goes.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - url: The destination.
    func request(_ request: DownloadRequest, didCreateDestinationURL url: URL)

    /// A download request handed its unserialized response to a handler.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    func request(_ request: DownloadRequest, didParseResponse response: DownloadResponse<URL?, AFError>)

    /// A download request's serializer made a response.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    func request<Value: Sendable>(
        _ request: DownloadRequest, didParseResponse response: DownloadResponse<Value, AFError>)

    /// A stream request ran one of its validations.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - result: What the validation decided.
    func request(
        _ request: DataStreamRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse,
        withResult result: Request.ValidationResult)

    /// A stream request's serializer made a value of a piece of the body, or failed to; told for
    /// the handlers that serialize (a serializer's, a decodable's, a string's), before the handler
    /// gets the piece.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - result: The value, or why the piece could not be read.
    func request<Value: Sendable>(_ request: DataStreamRequest, didParseStream result: Result<Value, AFError>)

    /// An upload request made the body of an attempt, before the attempt is sent; told for each
    /// attempt.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - uploadable: The body.
    func request(_ request: UploadRequest, didCreateUploadable uploadable: UploadRequest.Uploadable)

    /// An upload request could not make the body of an attempt, which is then not sent; its
    /// retrier decides whether another attempt is made.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - error: Why.
    func request(_ request: UploadRequest, didFailToCreateUploadableWithError error: AFError)
}

extension EventMonitor {
    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - attempt: Unused.
    public func requestWillStart(_ request: URLRequest, attempt: Int) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - result:  Unused.
    ///   - attempt: Unused.
    public func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - delay:   Unused.
    ///   - error:   Unused.
    public func requestWillRetry(_ request: URLRequest, after delay: Duration, error: HTTPError) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - transport: Unused.
    ///   - reason:    Unused.
    public func transportDidFallBack(to transport: String, reason: String) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - changes: Unused.
    ///   - url:     Unused.
    public func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL) {}
}
