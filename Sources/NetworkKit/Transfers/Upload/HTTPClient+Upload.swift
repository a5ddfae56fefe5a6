#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension HTTPClient {
    /// Sends `body` to the router's endpoint as the request body and returns the validated response.
    ///
    /// The router gives the URL, method, headers and query; its own body is replaced (so put
    /// parameters in the query). A file is streamed from disk, and a multipart form larger than
    /// ``UploadOptions/multipartMemoryThreshold`` is written to a temporary file in
    /// ``Configuration/temporaryDirectory``, streamed, and removed whatever happens (on Linux the
    /// form's parts are streamed chunked from their files instead). Adapters,
    /// retriers, the authenticator, validation and event monitors apply as for ``send(_:)``.
    ///
    /// ```swift
    /// var form = MultipartFormData()
    /// form.append("Ann", name: "user")
    /// try form.append(streamingFileAt: photo, name: "avatar")
    /// let response = try await client.upload(.multipart(form), to: UserAPI.avatar) { progress in
    ///     print(progress.fractionCompleted ?? 0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - body:     What to send.
    ///   - router:   The endpoint; its method must allow a body.
    ///   - options:  Framing and the multipart memory threshold.
    ///   - progress: Told the bytes sent so far, on an arbitrary thread.
    /// - Returns: The response, whose status is acceptable.
    /// - Throws: ``HTTPError``: as ``send(_:)`` does, ``HTTPError/encodingFailed(_:)`` when a file
    ///   cannot be read or changed while it was sent, ``HTTPError/transferFailed(_:)`` when the
    ///   temporary file cannot be written.
    public func upload(
        _ body: UploadBody, to router: any HTTPRouter, options: UploadOptions = UploadOptions(),
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(HTTPError) -> HTTPResponse {
        let request = try prepare(router)
        return try await runUpload(
            body, request: request, acceptableStatusCodes: router.acceptableStatusCodes, options: options,
            progress: progress)
    }

    /// Sends `body` with a prepared request; see ``upload(_:to:options:progress:)-(_,HTTPRouter,_,_)``.
    ///
    /// - Parameters:
    ///   - body:                  What to send.
    ///   - request:               The request; its body is replaced, default headers added when missing.
    ///   - acceptableStatusCodes: Codes that count as success; the configuration's when nil.
    ///   - options:               Framing and the multipart memory threshold.
    ///   - progress:              Told the bytes sent so far, on an arbitrary thread.
    /// - Returns: The response, whose status is acceptable.
    /// - Throws: ``HTTPError``, as the router form does.
    public func upload(
        _ body: UploadBody, with request: URLRequest, acceptableStatusCodes: Range<Int>? = nil,
        options: UploadOptions = UploadOptions(), progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(HTTPError) -> HTTPResponse {
        var base = request
        addDefaultHeaders(to: &base)
        return try await runUpload(
            body, request: base, acceptableStatusCodes: acceptableStatusCodes, options: options, progress: progress)
    }

    /// Runs an upload of a request that carries the default headers.
    private func runUpload(
        _ body: UploadBody, request: URLRequest, acceptableStatusCodes: Range<Int>?, options: UploadOptions,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(HTTPError) -> HTTPResponse {
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        guard !method.forbidsBody else { throw .encodingFailed(.bodyNotAllowed(method)) }
        try checkPins(request)  // before a multipart body is written out (each attempt checks again)
        let plan = try UploadPlan.make(
            body, options: options, temporaryDirectory: configuration.temporaryDirectory,
            preference: transport.requestBodyPreference)
        defer { plan.removeTemporaryFile() }
        var base = request
        base.httpBody = nil
        base.httpBodyStream = nil
        if let type = plan.contentType, case .multipart = body {
            base.setValue(type, forHTTPHeaderField: "Content-Type")
        } else if base.value(forHTTPHeaderField: "Content-Type") == nil {
            base.setValue(plan.contentType ?? "application/octet-stream", forHTTPHeaderField: "Content-Type")
        }
        let validation = ResponseValidation(
            acceptableStatusCodes: acceptableStatusCodes ?? configuration.acceptableStatusCodes,
            validatesContentType: configuration.validatesContentType)
        let reporter = ProgressReporter.make(progress)
        let length = plan.length
        reporter?.update(completed: 0, total: length)
        let response = try await RequestExecution(client: self, request: base).run { adapted, _ in
            let exchange = HTTPExchange(
                request: adapted, body: plan.transferBody, sink: MemorySink(),
                pins: self.configuration.publicKeyPins, sent: { reporter?.update(completed: $0, total: length) },
                followsRedirects: self.followsRedirectsNow, cookies: self.cookieHandling)
            let result = await exchange.run(on: self.transport)
            if case .failure = result, let changed = plan.fileFailure() { return .failure(changed) }
            // A successful upload makes what the cache holds for its URI out of date (RFC 9111 §4.4).
            if case .success(let response) = result, let cache = self.configuration.cache {
                cache.invalidate(after: adapted, status: response.statusCode, headers: response.headers)
            }
            return result.flatMap(validation.validate)
        }
        reporter?.finish(completed: length)
        return response
    }
}
