public import Foundation

// MARK: - Multipart uploads

extension Session {
    /// An upload of a multipart form that `multipartFormData` fills in, to a URL.
    ///
    /// A form with less than `encodingMemoryThreshold` bytes of content is encoded in memory; a
    /// larger one is written to a temporary file, streamed, and removed once the upload is over.
    ///
    /// ```swift
    /// AF.upload(multipartFormData: { form in
    ///     form.append(Data("Ann".utf8), withName: "user")
    ///     form.append(photoURL, withName: "photo")
    /// }, to: "https://httpbin.org/post").responseData { _ in }
    /// ```
    ///
    /// - Parameters:
    ///   - multipartFormData: Fills in the form.
    ///   - url: The URL.
    ///   - encodingMemoryThreshold: The most content bytes encoded in memory (10 MB by default).
    ///   - method: The method; `POST` by default.
    ///   - headers: Header fields; the form's `Content-Type` replaces theirs.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - fileManager: The file manager of the form's files.
    ///   - requestModifier: Changes the `URLRequest` before it is sent.
    /// - Returns: The request; a problem with the form fails it with
    ///   ``AFError/multipartEncodingFailed(reason:)``.
    public func upload(
        multipartFormData: @escaping (MultipartFormData) -> Void, to url: any URLConvertible,
        usingThreshold encodingMemoryThreshold: UInt64 = MultipartFormData.encodingMemoryThreshold,
        method: HTTPMethod = .post, headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
        fileManager: FileManager = .default, requestModifier: RequestModifier? = nil
    ) -> UploadRequest {
        let form = MultipartFormData(fileManager: fileManager)
        multipartFormData(form)
        return upload(
            multipartFormData: form, to: url, usingThreshold: encodingMemoryThreshold, method: method,
            headers: headers, interceptor: interceptor, fileManager: fileManager, requestModifier: requestModifier)
    }

    /// An upload of a multipart form that `multipartFormData` fills in, with a router or `URLRequest`.
    ///
    /// - Parameters:
    ///   - multipartFormData: Fills in the form.
    ///   - request: The router or request.
    ///   - encodingMemoryThreshold: The most content bytes encoded in memory (10 MB by default).
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - fileManager: The file manager of the form's files.
    /// - Returns: The request.
    public func upload(
        multipartFormData: @escaping (MultipartFormData) -> Void, with request: any URLRequestConvertible,
        usingThreshold encodingMemoryThreshold: UInt64 = MultipartFormData.encodingMemoryThreshold,
        interceptor: (any RequestInterceptor)? = nil, fileManager: FileManager = .default
    ) -> UploadRequest {
        let form = MultipartFormData(fileManager: fileManager)
        multipartFormData(form)
        return upload(
            multipartFormData: form, with: request, usingThreshold: encodingMemoryThreshold, interceptor: interceptor,
            fileManager: fileManager)
    }

    /// An upload of a multipart form to a URL.
    ///
    /// - Parameters:
    ///   - multipartFormData: The form.
    ///   - url: The URL.
    ///   - encodingMemoryThreshold: The most content bytes encoded in memory (10 MB by default).
    ///   - method: The method; `POST` by default.
    ///   - headers: Header fields; the form's `Content-Type` replaces theirs.
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - fileManager: The file manager of the encoded form's temporary file.
    ///   - requestModifier: Changes the `URLRequest` before it is sent.
    /// - Returns: The request.
    public func upload(
        multipartFormData: MultipartFormData, to url: any URLConvertible,
        usingThreshold encodingMemoryThreshold: UInt64 = MultipartFormData.encodingMemoryThreshold,
        method: HTTPMethod = .post, headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
        shouldAutomaticallyResume: Bool? = nil, fileManager: FileManager = .default,
        requestModifier: RequestModifier? = nil
    ) -> UploadRequest {
        upload(
            multipartFormData: multipartFormData,
            with: PlainRequest(url: url, method: method, headers: headers, modifier: requestModifier),
            usingThreshold: encodingMemoryThreshold, interceptor: interceptor,
            shouldAutomaticallyResume: shouldAutomaticallyResume, fileManager: fileManager)
    }

    /// An upload of a multipart form with a router or `URLRequest`.
    ///
    /// - Parameters:
    ///   - multipartFormData: The form.
    ///   - request: The router or request.
    ///   - encodingMemoryThreshold: The most content bytes encoded in memory (10 MB by default).
    ///   - interceptor: This request's own interceptor, run after the session's.
    ///   - shouldAutomaticallyResume: Whether it starts with its first response handler; nil to follow
    ///     ``startRequestsImmediately``.
    ///   - fileManager: The file manager of the encoded form's temporary file.
    /// - Returns: The request.
    public func upload(
        multipartFormData: MultipartFormData, with request: any URLRequestConvertible,
        usingThreshold encodingMemoryThreshold: UInt64 = MultipartFormData.encodingMemoryThreshold,
        interceptor: (any RequestInterceptor)? = nil, shouldAutomaticallyResume: Bool? = nil,
        fileManager: FileManager = .default
    ) -> UploadRequest {
        upload(
            MultipartUpload(
                encodingMemoryThreshold: encodingMemoryThreshold, request: request,
                multipartFormData: multipartFormData,
                fileManager: fileManager),
            interceptor: interceptor, shouldAutomaticallyResume: shouldAutomaticallyResume, fileManager: fileManager)
    }
}
