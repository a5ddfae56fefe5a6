public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Uploads

extension Session {
    /// An upload of bytes to a URL.
    ///
    /// ```swift
    /// AF.upload(Data("hello".utf8), to: "https://httpbin.org/post").responseData { _ in }
    /// ```
    ///
    /// - Parameters:
    ///   - data: The body.
    ///   - convertible: The URL.
    ///   - method: The method; `POST` by default.
    ///   - headers: Header fields.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - fileManager: The file manager of the upload's files.
    ///   - requestModifier: Changes the `URLRequest` before it is sent.
    /// - Returns: The request.
    public func upload(
        _ data: Data, to convertible: any URLConvertible, method: HTTPMethod = .post, headers: HTTPHeaders? = nil,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        fileManager: FileManager = .default, requestModifier: RequestModifier? = nil
    ) -> UploadRequest {
        upload(
            data, with: PlainRequest(url: convertible, method: method, headers: headers, modifier: requestModifier),
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, fileManager: fileManager)
    }

    /// An upload of bytes with a router or `URLRequest`.
    ///
    /// - Parameters:
    ///   - data: The body; it replaces the request's.
    ///   - convertible: The router or request.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - fileManager: The file manager of the upload's files.
    /// - Returns: The request.
    public func upload(
        _ data: Data, with convertible: any URLRequestConvertible, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, fileManager: FileManager = .default
    ) -> UploadRequest {
        upload(
            Upload(request: convertible, uploadable: UploadRequest.Uploadable.data(data)), interceptor: interceptor,
            shouldAutomaticallyResume: shouldAutomaticallyResume, fileManager: fileManager)
    }

    /// An upload of a file to a URL, streamed from disk.
    ///
    /// - Parameters:
    ///   - fileURL: The file.
    ///   - convertible: The URL.
    ///   - method: The method; `POST` by default.
    ///   - headers: Header fields.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - fileManager: The file manager that checks the file.
    ///   - requestModifier: Changes the `URLRequest` before it is sent.
    /// - Returns: The request; a missing file fails it with ``AFError/sessionTaskFailed(error:)``
    ///   holding `URLError(.fileDoesNotExist)`.
    public func upload(
        _ fileURL: URL, to convertible: any URLConvertible, method: HTTPMethod = .post, headers: HTTPHeaders? = nil,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        fileManager: FileManager = .default, requestModifier: RequestModifier? = nil
    ) -> UploadRequest {
        upload(
            fileURL, with: PlainRequest(url: convertible, method: method, headers: headers, modifier: requestModifier),
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, fileManager: fileManager)
    }

    /// An upload of a file with a router or `URLRequest`, streamed from disk.
    ///
    /// - Parameters:
    ///   - fileURL: The file; it replaces the request's body.
    ///   - convertible: The router or request.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - fileManager: The file manager that checks the file.
    /// - Returns: The request.
    public func upload(
        _ fileURL: URL, with convertible: any URLRequestConvertible, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, fileManager: FileManager = .default
    ) -> UploadRequest {
        upload(
            Upload(request: convertible, uploadable: UploadRequest.Uploadable.file(fileURL, shouldRemove: false)),
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, fileManager: fileManager)
    }

    /// An upload of a stream's bytes to a URL; the stream is read to its end into a temporary file
    /// before it is sent.
    ///
    /// - Parameters:
    ///   - stream: The body.
    ///   - convertible: The URL.
    ///   - method: The method; `POST` by default.
    ///   - headers: Header fields.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - fileManager: The file manager of the upload's files.
    ///   - requestModifier: Changes the `URLRequest` before it is sent.
    /// - Returns: The request.
    public func upload(
        _ stream: InputStream, to convertible: any URLConvertible, method: HTTPMethod = .post,
        headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil, fileManager: FileManager = .default,
        requestModifier: RequestModifier? = nil
    ) -> UploadRequest {
        upload(
            stream, with: PlainRequest(url: convertible, method: method, headers: headers, modifier: requestModifier),
            interceptor: interceptor, fileManager: fileManager)
    }

    /// An upload of a stream's bytes with a router or `URLRequest`; see
    /// ``upload(_:to:method:headers:interceptor:fileManager:requestModifier:)-(InputStream,_,_,_,_,_,_)``.
    ///
    /// - Parameters:
    ///   - stream: The body; it replaces the request's.
    ///   - convertible: The router or request.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - fileManager: The file manager of the upload's files.
    /// - Returns: The request.
    public func upload(
        _ stream: InputStream, with convertible: any URLRequestConvertible,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        fileManager: FileManager = .default
    ) -> UploadRequest {
        upload(
            Upload(request: convertible, uploadable: UploadRequest.Uploadable.stream(stream)), interceptor: interceptor,
            shouldAutomaticallyResume: shouldAutomaticallyResume, fileManager: fileManager)
    }

    /// An upload, from one of these methods or an ``UploadConvertible`` of the caller's.
    ///
    /// - Parameters:
    ///   - convertible: What makes the request and the body.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - fileManager: The file manager of the upload's files.
    /// - Returns: The request.
    public func upload(
        _ convertible: any UploadConvertible, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, fileManager: FileManager = .default
    ) -> UploadRequest {
        UploadRequest(
            id: .unique(), convertible: convertible, underlyingQueue: rootQueue, serializationQueue: serializationQueue,
            eventMonitor: eventMonitor, interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume,
            fileManager: fileManager, delegate: self)
    }
}

/// A URL, method and header fields made into a `URLRequest` when the request starts.
struct PlainRequest: URLRequestConvertible {
    let url: any URLConvertible
    let method: HTTPMethod
    let headers: HTTPHeaders?
    let modifier: Session.RequestModifier?

    func asURLRequest() throws -> URLRequest {
        var request = try URLRequest(url: url, method: method, headers: headers)
        try modifier?(&request)
        return request
    }
}
