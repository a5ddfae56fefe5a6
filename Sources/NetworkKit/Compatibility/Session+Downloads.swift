public import Foundation

// MARK: - Downloads

extension Session {
    /// A download of a URL, with parameters encoded by `encoding`.
    ///
    /// ```swift
    /// AF.download("https://example.com/report.pdf", to: DownloadRequest.suggestedDownloadDestination())
    ///     .responseURL { print($0.value?.path ?? "") }
    /// ```
    ///
    /// - Parameters:
    ///   - convertible: The URL.
    ///   - method: The method; `GET` by default.
    ///   - parameters: The parameters.
    ///   - encoding: How the parameters are written; into the query for `GET`, `HEAD` and `DELETE`, the
    ///     body otherwise, by default.
    ///   - headers: Header fields.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - requestModifier: Changes the `URLRequest` before the parameters are encoded.
    ///   - destination: Where the file goes; beside the temporary file, prefixed `Alamofire_`, when nil.
    /// - Returns: The request.
    public func download(
        _ convertible: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
        encoding: any ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        requestModifier: RequestModifier? = nil, to destination: DownloadRequest.Destination? = nil
    ) -> DownloadRequest {
        download(
            RequestConvertible(
                url: convertible, method: method, parameters: parameters, encoding: encoding, headers: headers,
                requestModifier: requestModifier),
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, to: destination)
    }

    /// A download of a URL, with an `Encodable` value encoded by `encoder`.
    ///
    /// - Parameters:
    ///   - convertible: The URL.
    ///   - method: The method; `GET` by default.
    ///   - parameters: The value to encode.
    ///   - encoder: How it is written; a URL-encoded form (query or body by method) by default.
    ///   - headers: Header fields.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - requestModifier: Changes the `URLRequest` before the value is encoded.
    ///   - destination: Where the file goes; beside the temporary file, prefixed `Alamofire_`, when nil.
    /// - Returns: The request.
    public func download<Parameters: Encodable & Sendable>(
        _ convertible: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
        encoder: any ParameterEncoder = URLEncodedFormParameterEncoder.default, headers: HTTPHeaders? = nil,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        requestModifier: RequestModifier? = nil, to destination: DownloadRequest.Destination? = nil
    ) -> DownloadRequest {
        download(
            RequestConvertible(
                url: convertible, method: method, parameters: parameters, encoder: encoder, headers: headers,
                requestModifier: requestModifier),
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, to: destination)
    }

    /// A download of a router or `URLRequest`.
    ///
    /// - Parameters:
    ///   - convertible: The router or request; an error it throws fails the download.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - destination: Where the file goes; beside the temporary file, prefixed `Alamofire_`, when nil.
    /// - Returns: The request.
    public func download(
        _ convertible: any URLRequestConvertible, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, to destination: DownloadRequest.Destination? = nil
    ) -> DownloadRequest {
        DownloadRequest(
            id: .unique(), downloadable: .request(convertible), underlyingQueue: rootQueue,
            serializationQueue: serializationQueue,
            eventMonitor: eventMonitor, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume,
            delegate: self, destination: destination)
    }

    /// A download that continues where an earlier one stopped, from its
    /// ``DownloadRequest/resumeData``: only the missing bytes are asked for (`Range` and `If-Range`),
    /// and the whole file is fetched again if it changed on the server.
    ///
    /// Resume data that is not a ``DownloadRequest``'s fails the download with
    /// ``AFError/sessionTaskFailed(error:)`` holding `URLError(.cannotDecodeRawData)`.
    ///
    /// - Parameters:
    ///   - data: The resume data.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - destination: Where the file goes; beside the temporary file, prefixed `Alamofire_`, when nil.
    /// - Returns: The request.
    public func download(
        resumingWith data: Data, interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        to destination: DownloadRequest.Destination? = nil
    ) -> DownloadRequest {
        DownloadRequest(
            id: .unique(), downloadable: .resumeData(data), underlyingQueue: rootQueue,
            serializationQueue: serializationQueue,
            eventMonitor: eventMonitor, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume,
            delegate: self, destination: destination)
    }
}
