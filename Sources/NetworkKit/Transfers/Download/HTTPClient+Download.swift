public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension HTTPClient {
    /// Downloads the router's response body into a file, without holding it in memory.
    ///
    /// The body is written to `<destination>.partial` as it arrives and moved onto `destination` in
    /// one step at the end. Adapters, retriers, the authenticator, validation and event monitors
    /// apply as for ``send(_:)``; a response that fails validation leaves no file behind. A retry
    /// continues from the bytes on disk with `Range` and `If-Range` when the server gave a strong
    /// `ETag` or a `Last-Modified`, and a download that fails keeps them for a later call with
    /// ``DownloadOptions/resume`` (see ``DownloadedFile``).
    ///
    /// ```swift
    /// let file = try await client.download(Files.manual, to: documents.appendingPathComponent("manual.pdf"),
    ///                                      options: [.createFolders, .resume]) { progress in
    ///     print(progress.completedBytes, progress.totalBytes ?? -1)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - router:      The endpoint.
    ///   - destination: The file URL to create.
    ///   - options:     Replace an existing file, create folders, resume a partial file.
    ///   - progress:    Told the bytes written so far, on an arbitrary thread.
    /// - Returns: The file's URL, the response and how the bytes on disk were reused.
    /// - Throws: ``HTTPError``: as ``send(_:)`` does, and ``HTTPError/transferFailed(_:)`` when the
    ///   file cannot be written (``HTTPError/TransferFailureReason/diskFull(path:)`` among others),
    ///   the destination exists, or a resumed range does not fit the bytes on disk.
    public func download(
        _ router: any HTTPRouter, to destination: URL, options: DownloadOptions = [],
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(HTTPError) -> DownloadedFile {
        let request = try prepare(router)
        return try await runDownload(
            request, to: destination, options: options, acceptableStatusCodes: router.acceptableStatusCodes,
            progress: progress)
    }

    /// Downloads a prepared request's response body into a file; see
    /// ``download(_:to:options:progress:)-(HTTPRouter,_,_,_)``.
    ///
    /// - Parameters:
    ///   - request:               The request; the client's default headers are added when missing.
    ///   - destination:           The file URL to create.
    ///   - options:               Replace an existing file, create folders, resume a partial file.
    ///   - acceptableStatusCodes: Codes that count as success; the configuration's when nil.
    ///   - progress:              Told the bytes written so far, on an arbitrary thread.
    /// - Returns: The file's URL, the response and how the bytes on disk were reused.
    /// - Throws: ``HTTPError``, as the router form does.
    public func download(
        _ request: URLRequest, to destination: URL, options: DownloadOptions = [],
        acceptableStatusCodes: Range<Int>? = nil, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws(HTTPError) -> DownloadedFile {
        var base = request
        addDefaultHeaders(to: &base)
        return try await runDownload(
            base, to: destination, options: options, acceptableStatusCodes: acceptableStatusCodes, progress: progress)
    }

    /// Runs a download of a request that carries the default headers.
    private func runDownload(
        _ request: URLRequest, to destination: URL, options: DownloadOptions, acceptableStatusCodes: Range<Int>?,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws(HTTPError) -> DownloadedFile {
        guard let url = request.url else { throw .invalidURL(.missingURL) }
        try checkPins(request)  // before the partial file is made (each attempt checks again)
        var base = request
        // Bytes on disk must be the representation's own for ranges to continue them.
        if base.value(forHTTPHeaderField: "Accept-Encoding") == nil {
            base.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        }
        let validation = ResponseValidation(
            acceptableStatusCodes: acceptableStatusCodes ?? configuration.acceptableStatusCodes,
            validatesContentType: configuration.validatesContentType)
        let sink: DownloadSink
        do {
            sink = try DownloadSink(
                destination: destination, url: url, options: options, validation: validation,
                progress: ProgressReporter.make(progress))
        } catch {
            throw .transferFailed(
                HTTPError.TransferFailure(request: HTTPError.RequestSummary(base), reason: error.reason))
        }
        defer { sink.unlock() }  // now, not whenever the last reference to the sink goes
        let cached = configuration.cache.map { CachedDownload(cache: $0, handler: cachedResponseHandler) }
        let sent = Locked<(request: URLRequest, time: Date)?>(nil)
        let head = try await RequestExecution(client: self, request: base).run { adapted, _ in
            if let cached, let answer = cached.answer(adapted, sink: sink) { return answer }
            let request = cached == nil ? adapted : CachedAttempt.bypassingCaches(adapted)
            sent.withLock { $0 = (adapted, Date()) }
            let result = await self.downloadAttempt(request, sink: sink)
            guard case .success = result, sink.takeRestart() else { return result }
            return await self.downloadAttempt(request, sink: sink)
        }
        let download = sink.response(head)
        if let cached, let (request, time) = sent.value {
            await cached.store(
                head, for: request, file: download.fileURL, resumed: download.resumedFrom > 0, requestTime: time)
        }
        return download
    }

    /// One attempt: an exchange whose body the sink writes to the partial file.
    private func downloadAttempt(_ request: URLRequest, sink: DownloadSink) async -> Result<HTTPResponse, HTTPError> {
        let exchange = HTTPExchange(
            request: sink.ranged(request), sink: sink, pins: configuration.publicKeyPins, expectsLargeBody: true,
            followsRedirects: followsRedirectsNow, cookies: cookieHandling)
        return await exchange.run(on: transport)
    }
}
