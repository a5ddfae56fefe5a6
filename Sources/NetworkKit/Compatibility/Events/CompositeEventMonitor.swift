public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Several monitors as one, as Alamofire's `CompositeEventMonitor`: a ``Session`` reports its
/// requests' events to this, which calls each monitor on that monitor's own ``EventMonitor/queue``,
/// in the order the monitors were given. NetworkKit's client events are passed on at once, on the
/// caller's thread, as the client calls them.
///
/// ```swift
/// let session = Session(eventMonitors: [logger, metrics])   // both told, each on its queue
/// ```
public final class CompositeEventMonitor: EventMonitor {
    /// The monitors, in the order they are told.
    public let monitors: [any EventMonitor]

    /// The queue of the composite itself (its monitors are each called on their own).
    public let queue = DispatchQueue(label: "org.alamofire.compositeEventMonitor")

    /// Creates a composite.
    ///
    /// - Parameter monitors: The monitors to tell.
    public init(monitors: [any EventMonitor]) {
        self.monitors = monitors
    }

    /// Tells every monitor `event`, each on its own queue.
    ///
    /// - Parameter event: The call to make on each monitor.
    func performEvent(_ event: @escaping @Sendable (any EventMonitor) -> Void) {
        for monitor in monitors {
            monitor.queue.async { event(monitor) }
        }
    }

    // MARK: NetworkKit's client events, passed on at once

    /// Tells every monitor.
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - attempt: 1 for the first attempt.
    public func requestWillStart(_ request: URLRequest, attempt: Int) {
        for monitor in monitors { monitor.requestWillStart(request, attempt: attempt) }
    }

    /// Tells every monitor.
    ///
    /// - Parameters:
    ///   - request: The request as it was sent.
    ///   - result: The response, or why it failed.
    ///   - attempt: 1 for the first attempt.
    public func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {
        for monitor in monitors { monitor.requestDidFinish(request, result: result, attempt: attempt) }
    }

    /// Tells every monitor.
    ///
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - delay: The wait before the next attempt.
    ///   - error: Why it failed.
    public func requestWillRetry(_ request: URLRequest, after delay: Duration, error: HTTPError) {
        for monitor in monitors { monitor.requestWillRetry(request, after: delay, error: error) }
    }

    /// Tells every monitor.
    ///
    /// - Parameters:
    ///   - transport: The transport in use.
    ///   - reason: Why the preferred one could not be used.
    public func transportDidFallBack(to transport: String, reason: String) {
        for monitor in monitors { monitor.transportDidFallBack(to: transport, reason: reason) }
    }

    /// Tells every monitor.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - changes: What became of each field.
    ///   - url: The URL of the hop the response answered.
    public func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL) {
        for monitor in monitors { monitor.requestDidReceiveCookies(request, changes: changes, from: url) }
    }

    // MARK: Alamofire's request events, each monitor on its queue

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: What its convertible made.
    public func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest) {
        performEvent { $0.request(request, didCreateInitialURLRequest: urlRequest) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - error: Why.
    public func request(_ request: Request, didFailToCreateURLRequestWithError error: AFError) {
        performEvent { $0.request(request, didFailToCreateURLRequestWithError: error) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - initialRequest: Before adapting.
    ///   - adaptedRequest: After.
    public func request(
        _ request: Request, didAdaptInitialRequest initialRequest: URLRequest, to adaptedRequest: URLRequest
    ) {
        performEvent { $0.request(request, didAdaptInitialRequest: initialRequest, to: adaptedRequest) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - initialRequest: The `URLRequest` it was given.
    ///   - error: Why.
    public func request(
        _ request: Request, didFailToAdaptURLRequest initialRequest: URLRequest, withError error: AFError
    ) {
        performEvent { $0.request(request, didFailToAdaptURLRequest: initialRequest, withError: error) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest`.
    public func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest) {
        performEvent { $0.request(request, didCreateURLRequest: urlRequest) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameter request: The request.
    public func requestIsRetrying(_ request: Request) {
        performEvent { $0.requestIsRetrying(request) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameter request: The request.
    public func requestDidFinish(_ request: Request) {
        performEvent { $0.requestDidFinish(request) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameter request: The request.
    public func requestDidResume(_ request: Request) {
        performEvent { $0.requestDidResume(request) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameter request: The request.
    public func requestDidSuspend(_ request: Request) {
        performEvent { $0.requestDidSuspend(request) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameter request: The request.
    public func requestDidCancel(_ request: Request) {
        performEvent { $0.requestDidCancel(request) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - data: The body.
    ///   - result: What the validation decided.
    public func request(
        _ request: DataRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse, data: Data?,
        withResult result: Request.ValidationResult
    ) {
        let outcome = Handoff(result)
        performEvent {
            $0.request(
                request, didValidateRequest: urlRequest, response: response, data: data, withResult: outcome.value)
        }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    public func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>) {
        performEvent { $0.request(request, didParseResponse: response) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    public func request<Value: Sendable>(
        _ request: DataRequest, didParseResponse response: DataResponse<Value, AFError>
    ) {
        performEvent { $0.request(request, didParseResponse: response) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - fileURL: Where the body is.
    ///   - result: What the validation decided.
    public func request(
        _ request: DownloadRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse,
        fileURL: URL?, withResult result: Request.ValidationResult
    ) {
        let outcome = Handoff(result)
        performEvent {
            $0.request(
                request, didValidateRequest: urlRequest, response: response, fileURL: fileURL,
                withResult: outcome.value)
        }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - url: The destination.
    public func request(_ request: DownloadRequest, didCreateDestinationURL url: URL) {
        performEvent { $0.request(request, didCreateDestinationURL: url) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    public func request(_ request: DownloadRequest, didParseResponse response: DownloadResponse<URL?, AFError>) {
        performEvent { $0.request(request, didParseResponse: response) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - response: The response.
    public func request<Value: Sendable>(
        _ request: DownloadRequest, didParseResponse response: DownloadResponse<Value, AFError>
    ) {
        performEvent { $0.request(request, didParseResponse: response) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - urlRequest: The `URLRequest` sent.
    ///   - response: The response.
    ///   - result: What the validation decided.
    public func request(
        _ request: DataStreamRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse,
        withResult result: Request.ValidationResult
    ) {
        let outcome = Handoff(result)
        performEvent {
            $0.request(request, didValidateRequest: urlRequest, response: response, withResult: outcome.value)
        }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - result: The value, or why the piece could not be read.
    public func request<Value: Sendable>(_ request: DataStreamRequest, didParseStream result: Result<Value, AFError>) {
        performEvent { $0.request(request, didParseStream: result) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - uploadable: The body.
    public func request(_ request: UploadRequest, didCreateUploadable uploadable: UploadRequest.Uploadable) {
        performEvent { $0.request(request, didCreateUploadable: uploadable) }
    }

    /// Tells every monitor, each on its queue.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - error: Why.
    public func request(_ request: UploadRequest, didFailToCreateUploadableWithError error: AFError) {
        performEvent { $0.request(request, didFailToCreateUploadableWithError: error) }
    }
}
