public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

// Default implementations of Alamofire's request events: each does nothing, so a monitor
// implements only the events it wants.
extension EventMonitor {
    /// The main queue, as in Alamofire.
    public var queue: DispatchQueue { .main }

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - urlRequest: Unused.
    public func request(_ request: Request, didCreateInitialURLRequest urlRequest: URLRequest) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - error: Unused.
    public func request(_ request: Request, didFailToCreateURLRequestWithError error: AFError) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - initialRequest: Unused.
    ///   - adaptedRequest: Unused.
    public func request(
        _ request: Request, didAdaptInitialRequest initialRequest: URLRequest, to adaptedRequest: URLRequest
    ) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - initialRequest: Unused.
    ///   - error: Unused.
    public func request(
        _ request: Request, didFailToAdaptURLRequest initialRequest: URLRequest, withError error: AFError
    ) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - urlRequest: Unused.
    public func request(_ request: Request, didCreateURLRequest urlRequest: URLRequest) {}

    /// Does nothing.
    ///
    /// - Parameter request: Unused.
    public func requestIsRetrying(_ request: Request) {}

    /// Does nothing.
    ///
    /// - Parameter request: Unused.
    public func requestDidFinish(_ request: Request) {}

    /// Does nothing.
    ///
    /// - Parameter request: Unused.
    public func requestDidResume(_ request: Request) {}

    /// Does nothing.
    ///
    /// - Parameter request: Unused.
    public func requestDidSuspend(_ request: Request) {}

    /// Does nothing.
    ///
    /// - Parameter request: Unused.
    public func requestDidCancel(_ request: Request) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - urlRequest: Unused.
    ///   - response: Unused.
    ///   - data: Unused.
    ///   - result: Unused.
    public func request(
        _ request: DataRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse, data: Data?,
        withResult result: Request.ValidationResult
    ) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - response: Unused.
    public func request(_ request: DataRequest, didParseResponse response: DataResponse<Data?, AFError>) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - response: Unused.
    public func request<Value: Sendable>(
        _ request: DataRequest, didParseResponse response: DataResponse<Value, AFError>
    ) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - urlRequest: Unused.
    ///   - response: Unused.
    ///   - fileURL: Unused.
    ///   - result: Unused.
    public func request(
        _ request: DownloadRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse,
        fileURL: URL?, withResult result: Request.ValidationResult
    ) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - url: Unused.
    public func request(_ request: DownloadRequest, didCreateDestinationURL url: URL) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - response: Unused.
    public func request(_ request: DownloadRequest, didParseResponse response: DownloadResponse<URL?, AFError>) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - response: Unused.
    public func request<Value: Sendable>(
        _ request: DownloadRequest, didParseResponse response: DownloadResponse<Value, AFError>
    ) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - urlRequest: Unused.
    ///   - response: Unused.
    ///   - result: Unused.
    public func request(
        _ request: DataStreamRequest, didValidateRequest urlRequest: URLRequest?, response: HTTPURLResponse,
        withResult result: Request.ValidationResult
    ) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - result: Unused.
    public func request<Value: Sendable>(_ request: DataStreamRequest, didParseStream result: Result<Value, AFError>) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - uploadable: Unused.
    public func request(_ request: UploadRequest, didCreateUploadable uploadable: UploadRequest.Uploadable) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - error: Unused.
    public func request(_ request: UploadRequest, didFailToCreateUploadableWithError error: AFError) {}
}
