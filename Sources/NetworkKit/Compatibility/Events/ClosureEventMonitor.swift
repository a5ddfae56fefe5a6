public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A monitor made of closures, as Alamofire's `ClosureEventMonitor`: set the closures of the
/// events you want, and give the monitor to a ``Session``; each is called on ``queue``.
///
/// ```swift
/// let monitor = ClosureEventMonitor()
/// monitor.requestDidFinish = { request in print(request.cURLDescription()) }
/// let session = Session(eventMonitors: [monitor])
/// ```
///
/// URLSession's delegate events have no closures here: no URLSession runs the requests.
///
/// `@unchecked Sendable`, as Alamofire's: the closures are kept behind a lock (setting one while
/// events arrive is safe), and each is called on ``queue``; what a closure captures is the app's
/// to keep safe, as the closure types are Alamofire's, not `@Sendable`.
open class ClosureEventMonitor: EventMonitor, @unchecked Sendable {
    /// The closures, read and written under the lock.
    private struct Closures {
        var requestDidCreateInitialURLRequest: ((Request, URLRequest) -> Void)?
        var requestDidFailToCreateURLRequestWithError: ((Request, AFError) -> Void)?
        var requestDidAdaptInitialRequestToAdaptedRequest: ((Request, URLRequest, URLRequest) -> Void)?
        var requestDidFailToAdaptURLRequestWithError: ((Request, URLRequest, AFError) -> Void)?
        var requestDidCreateURLRequest: ((Request, URLRequest) -> Void)?
        var requestIsRetrying: ((Request) -> Void)?
        var requestDidFinish: ((Request) -> Void)?
        var requestDidResume: ((Request) -> Void)?
        var requestDidSuspend: ((Request) -> Void)?
        var requestDidCancel: ((Request) -> Void)?
        var requestDidValidateRequestResponseDataWithResult:
            ((DataRequest, URLRequest?, HTTPURLResponse, Data?, Request.ValidationResult) -> Void)?
        var requestDidParseResponse: ((DataRequest, DataResponse<Data?, AFError>) -> Void)?
        var requestDidValidateRequestResponseWithResult:
            ((DataStreamRequest, URLRequest?, HTTPURLResponse, Request.ValidationResult) -> Void)?
        var requestDidParseStream: ((DataStreamRequest, Result<any Sendable, AFError>) -> Void)?
        var requestDidCreateUploadable: ((UploadRequest, UploadRequest.Uploadable) -> Void)?
        var requestDidFailToCreateUploadableWithError: ((UploadRequest, AFError) -> Void)?
        var requestDidCreateDestinationURL: ((DownloadRequest, URL) -> Void)?
        var requestDidParseDownloadResponse: ((DownloadRequest, DownloadResponse<URL?, AFError>) -> Void)?
        var requestDidValidateRequestResponseFileURLWithResult:
            ((DownloadRequest, URLRequest?, HTTPURLResponse, URL?, Request.ValidationResult) -> Void)?
    }

    private let closures = Locked(Closures())

    /// The queue the closures are called on.
    public let queue: DispatchQueue

    /// Creates a monitor whose closures are called on `queue`.
    ///
    /// - Parameter queue: The queue; the main queue by default, as in Alamofire.
    public init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    /// Called for: the first `URLRequest` a request made.
    open var requestDidCreateInitialURLRequest: ((Request, URLRequest) -> Void)? {
        get { closures.withLock { $0.requestDidCreateInitialURLRequest } }
        set { closures.withLock { $0.requestDidCreateInitialURLRequest = newValue } }
    }

    /// Called for: a request that could not make its `URLRequest`.
    open var requestDidFailToCreateURLRequestWithError: ((Request, AFError) -> Void)? {
        get { closures.withLock { $0.requestDidFailToCreateURLRequestWithError } }
        set { closures.withLock { $0.requestDidFailToCreateURLRequestWithError = newValue } }
    }

    /// Called for: a `URLRequest` the interceptors adapted.
    open var requestDidAdaptInitialRequestToAdaptedRequest: ((Request, URLRequest, URLRequest) -> Void)? {
        get { closures.withLock { $0.requestDidAdaptInitialRequestToAdaptedRequest } }
        set { closures.withLock { $0.requestDidAdaptInitialRequestToAdaptedRequest = newValue } }
    }

    /// Called for: a `URLRequest` an interceptor failed to adapt.
    open var requestDidFailToAdaptURLRequestWithError: ((Request, URLRequest, AFError) -> Void)? {
        get { closures.withLock { $0.requestDidFailToAdaptURLRequestWithError } }
        set { closures.withLock { $0.requestDidFailToAdaptURLRequestWithError = newValue } }
    }

    /// Called for: the `URLRequest` of an attempt.
    open var requestDidCreateURLRequest: ((Request, URLRequest) -> Void)? {
        get { closures.withLock { $0.requestDidCreateURLRequest } }
        set { closures.withLock { $0.requestDidCreateURLRequest = newValue } }
    }

    /// Called for: a request about to be sent again.
    open var requestIsRetrying: ((Request) -> Void)? {
        get { closures.withLock { $0.requestIsRetrying } }
        set { closures.withLock { $0.requestIsRetrying = newValue } }
    }

    /// Called for: a request that finished.
    open var requestDidFinish: ((Request) -> Void)? {
        get { closures.withLock { $0.requestDidFinish } }
        set { closures.withLock { $0.requestDidFinish = newValue } }
    }

    /// Called for: a request that was resumed.
    open var requestDidResume: ((Request) -> Void)? {
        get { closures.withLock { $0.requestDidResume } }
        set { closures.withLock { $0.requestDidResume = newValue } }
    }

    /// Called for: a request that was suspended.
    open var requestDidSuspend: ((Request) -> Void)? {
        get { closures.withLock { $0.requestDidSuspend } }
        set { closures.withLock { $0.requestDidSuspend = newValue } }
    }

    /// Called for: a request that was cancelled.
    open var requestDidCancel: ((Request) -> Void)? {
        get { closures.withLock { $0.requestDidCancel } }
        set { closures.withLock { $0.requestDidCancel = newValue } }
    }

    /// Called for: a validation a data request ran.
    open var requestDidValidateRequestResponseDataWithResult:
        ((DataRequest, URLRequest?, HTTPURLResponse, Data?, Request.ValidationResult) -> Void)?
    {
        get { closures.withLock { $0.requestDidValidateRequestResponseDataWithResult } }
        set { closures.withLock { $0.requestDidValidateRequestResponseDataWithResult = newValue } }
    }

    /// Called for: the unserialized response a data request handed to a handler.
    open var requestDidParseResponse: ((DataRequest, DataResponse<Data?, AFError>) -> Void)? {
        get { closures.withLock { $0.requestDidParseResponse } }
        set { closures.withLock { $0.requestDidParseResponse = newValue } }
    }

    /// Called for: a validation a stream request ran.
    open var requestDidValidateRequestResponseWithResult:
        ((DataStreamRequest, URLRequest?, HTTPURLResponse, Request.ValidationResult) -> Void)?
    {
        get { closures.withLock { $0.requestDidValidateRequestResponseWithResult } }
        set { closures.withLock { $0.requestDidValidateRequestResponseWithResult = newValue } }
    }

    /// Called for: a value a stream request's serializer made of a piece of the body, or its
    /// failure.
    ///
    /// Alamofire's monitor has no closure for this generic event; here the value comes as
    /// `any Sendable`, to be cast to the type the handler serializes.
    open var requestDidParseStream: ((DataStreamRequest, Result<any Sendable, AFError>) -> Void)? {
        get { closures.withLock { $0.requestDidParseStream } }
        set { closures.withLock { $0.requestDidParseStream = newValue } }
    }

    /// Called for: the body an upload request made for an attempt.
    open var requestDidCreateUploadable: ((UploadRequest, UploadRequest.Uploadable) -> Void)? {
        get { closures.withLock { $0.requestDidCreateUploadable } }
        set { closures.withLock { $0.requestDidCreateUploadable = newValue } }
    }

    /// Called for: an upload request that could not make its body.
    open var requestDidFailToCreateUploadableWithError: ((UploadRequest, AFError) -> Void)? {
        get { closures.withLock { $0.requestDidFailToCreateUploadableWithError } }
        set { closures.withLock { $0.requestDidFailToCreateUploadableWithError = newValue } }
    }

    /// Called for: a validation a download request ran.
    open var requestDidValidateRequestResponseFileURLWithResult:
        ((DownloadRequest, URLRequest?, HTTPURLResponse, URL?, Request.ValidationResult) -> Void)?
    {
        get { closures.withLock { $0.requestDidValidateRequestResponseFileURLWithResult } }
        set { closures.withLock { $0.requestDidValidateRequestResponseFileURLWithResult = newValue } }
    }

    /// Called for: the destination a download request chose.
    open var requestDidCreateDestinationURL: ((DownloadRequest, URL) -> Void)? {
        get { closures.withLock { $0.requestDidCreateDestinationURL } }
        set { closures.withLock { $0.requestDidCreateDestinationURL = newValue } }
    }

    /// Called for: the unserialized response a download request handed to a handler.
    open var requestDidParseDownloadResponse: ((DownloadRequest, DownloadResponse<URL?, AFError>) -> Void)? {
        get { closures.withLock { $0.requestDidParseDownloadResponse } }
        set { closures.withLock { $0.requestDidParseDownloadResponse = newValue } }
    }

    // MARK: The events, passed to the closures

    /// Calls ``requestDidCreateInitialURLRequest``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: What its convertible made.
    open func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest) {
        requestDidCreateInitialURLRequest?(request, urlRequest)
    }

    /// Calls ``requestDidFailToCreateURLRequestWithError``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - error: Why.
    open func request(_ request: Request, didFailToCreateURLRequestWithError error: AFError) {
        requestDidFailToCreateURLRequestWithError?(request, error)
    }

    /// Calls ``requestDidAdaptInitialRequestToAdaptedRequest``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - initialRequest: Before adapting.
    ///   - adaptedRequest: After.
    open func request(
        _ request: Request, didAdaptInitialRequest initialRequest: URLRequest, to adaptedRequest: URLRequest
    ) {
        requestDidAdaptInitialRequestToAdaptedRequest?(request, initialRequest, adaptedRequest)
    }

    /// Calls ``requestDidFailToAdaptURLRequestWithError``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - initialRequest: The `URLRequest` it was given.
    ///   - error: Why.
    open func request(_ request: Request, didFailToAdaptURLRequest initialRequest: URLRequest, withError error: AFError)
    {
        requestDidFailToAdaptURLRequestWithError?(request, initialRequest, error)
    }

    /// Calls ``requestDidCreateURLRequest``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest`.
    open func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest) {
        requestDidCreateURLRequest?(request, urlRequest)
    }

    /// Calls ``requestIsRetrying``.
    ///
    /// - Parameter request: The request.
    open func requestIsRetrying(_ request: Request) {
        requestIsRetrying?(request)
    }

    /// Calls ``requestDidFinish``.
    ///
    /// - Parameter request: The request.
    open func requestDidFinish(_ request: Request) {
        requestDidFinish?(request)
    }

    /// Calls ``requestDidResume``.
    ///
    /// - Parameter request: The request.
    open func requestDidResume(_ request: Request) {
        requestDidResume?(request)
    }

    /// Calls ``requestDidSuspend``.
    ///
    /// - Parameter request: The request.
    open func requestDidSuspend(_ request: Request) {
        requestDidSuspend?(request)
    }

    /// Calls ``requestDidCancel``.
    ///
    /// - Parameter request: The request.
    open func requestDidCancel(_ request: Request) {
        requestDidCancel?(request)
    }

    /// Calls ``requestDidValidateRequestResponseDataWithResult``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - data: The body.
    ///   - result: What the validation decided.
    open func request(
        _ request: DataRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse, data: Data?,
        withResult result: Request.ValidationResult
    ) {
        requestDidValidateRequestResponseDataWithResult?(request, urlRequest, response, data, result)
    }

    /// Calls ``requestDidParseResponse``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    open func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>) {
        requestDidParseResponse?(request, response)
    }

    /// Calls ``requestDidValidateRequestResponseWithResult``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - result: What the validation decided.
    open func request(
        _ request: DataStreamRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse,
        withResult result: Request.ValidationResult
    ) {
        requestDidValidateRequestResponseWithResult?(request, urlRequest, response, result)
    }

    /// Calls ``requestDidValidateRequestResponseFileURLWithResult``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - fileURL: Where the body is.
    ///   - result: What the validation decided.
    open func request(
        _ request: DownloadRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse,
        fileURL: URL?, withResult result: Request.ValidationResult
    ) {
        requestDidValidateRequestResponseFileURLWithResult?(request, urlRequest, response, fileURL, result)
    }

    /// Calls ``requestDidCreateDestinationURL``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - url: The destination.
    open func request(_ request: DownloadRequest, didCreateDestinationURL url: URL) {
        requestDidCreateDestinationURL?(request, url)
    }

    /// Calls ``requestDidParseDownloadResponse``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    open func request(_ request: DownloadRequest, didParseResponse response: DownloadResponse<URL?, AFError>) {
        requestDidParseDownloadResponse?(request, response)
    }

    /// Calls ``requestDidParseStream``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - result: The value, or why the piece could not be read.
    open func request<Value: Sendable>(_ request: DataStreamRequest, didParseStream result: Result<Value, AFError>) {
        requestDidParseStream?(request, result.map { $0 })
    }

    /// Calls ``requestDidCreateUploadable``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - uploadable: The body.
    open func request(_ request: UploadRequest, didCreateUploadable uploadable: UploadRequest.Uploadable) {
        requestDidCreateUploadable?(request, uploadable)
    }

    /// Calls ``requestDidFailToCreateUploadableWithError``.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - error: Why.
    open func request(_ request: UploadRequest, didFailToCreateUploadableWithError error: AFError) {
        requestDidFailToCreateUploadableWithError?(request, error)
    }
}
