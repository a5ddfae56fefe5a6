public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

// MARK: - Event streams

extension Request {
    /// The body's upload progress as it changes, until the request finishes.
    ///
    /// It replaces a handler given to ``uploadProgress(queue:closure:)``, as in Alamofire. Only
    /// requests that send a body (``UploadRequest``) report upload progress.
    ///
    /// ```swift
    /// for await progress in request.uploadProgress() { print(progress.fractionCompleted) }
    /// ```
    ///
    /// - Parameter bufferingPolicy: How many values are kept while none is awaited; all by default.
    /// - Returns: The stream.
    public func uploadProgress(bufferingPolicy: StreamOf<Progress>.BufferingPolicy = .unbounded) -> StreamOf<Progress> {
        stream(bufferingPolicy: bufferingPolicy) { [self] continuation in
            uploadProgress(queue: underlyingQueue) { continuation.yield($0) }
        }
    }

    /// The response's download progress as it changes, until the request finishes.
    ///
    /// It replaces a handler given to ``downloadProgress(queue:closure:)``, as in Alamofire.
    /// ``DownloadRequest`` and ``DataRequest`` report the bytes as they come; an ``UploadRequest``
    /// does not report its response's (its stream ends without values).
    ///
    /// - Parameter bufferingPolicy: How many values are kept while none is awaited; all by default.
    /// - Returns: The stream.
    public func downloadProgress(bufferingPolicy: StreamOf<Progress>.BufferingPolicy = .unbounded)
        -> StreamOf<Progress>
    {
        stream(bufferingPolicy: bufferingPolicy) { [self] continuation in
            downloadProgress(queue: underlyingQueue) { continuation.yield($0) }
        }
    }

    /// Each `URLRequest` made for the request (the first as built, then each adapted attempt), until
    /// the request finishes.
    ///
    /// - Parameter bufferingPolicy: How many values are kept while none is awaited; all by default.
    /// - Returns: The stream.
    public func urlRequests(bufferingPolicy: StreamOf<URLRequest>.BufferingPolicy = .unbounded)
        -> StreamOf<URLRequest>
    {
        stream(bufferingPolicy: bufferingPolicy) { [self] continuation in
            onURLRequestCreation(on: underlyingQueue) { continuation.yield($0) }
        }
    }

    /// The `curl` command line of the request, once it is made, until the request finishes.
    ///
    /// - Parameter bufferingPolicy: How many values are kept while none is awaited; all by default.
    /// - Returns: The stream.
    public func cURLDescriptions(bufferingPolicy: StreamOf<String>.BufferingPolicy = .unbounded) -> StreamOf<String> {
        stream(bufferingPolicy: bufferingPolicy) { [self] continuation in
            cURLDescription(on: underlyingQueue) { continuation.yield($0) }
        }
    }

    /// A stream fed by what `register` adds to the request, ended when the request finishes (on the
    /// root queue, after the values already sent there).
    private func stream<Element>(
        bufferingPolicy: StreamOf<Element>.BufferingPolicy,
        register: (StreamOf<Element>.Continuation) -> Void
    ) -> StreamOf<Element> {
        StreamOf(bufferingPolicy: bufferingPolicy) { continuation in
            register(continuation)
            let queue = underlyingQueue
            onFinish { queue.async { continuation.finish() } }
        }
    }

    /// Runs `body` once the request has finished, without starting it.
    func onFinish(_ body: @escaping @Sendable () -> Void) {
        switch self {
        case let request as DataRequest: request.onFinished(body)
        case let request as DownloadRequest: if !request.run.wait(body) { body() }
        case let request as DataStreamRequest: if !request.run.wait(body) { body() }
        default: if isFinished || isCancelled { body() }
        }
    }
}
