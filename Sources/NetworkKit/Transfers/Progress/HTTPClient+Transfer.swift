public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension HTTPClient {
    /// Starts downloading the router's response body into a file and returns at once; follow it
    /// through ``Transfer/progress``, await ``Transfer/value()``, or ``Transfer/cancel()`` it.
    ///
    /// It does what ``download(_:to:options:progress:)-(HTTPRouter,_,_,_)`` does.
    ///
    /// - Parameters:
    ///   - router:      The endpoint.
    ///   - destination: The file URL to create.
    ///   - options:     Replace an existing file, create folders, resume a partial file.
    /// - Returns: The running download.
    public func startDownload(_ router: any HTTPRouter, to destination: URL, options: DownloadOptions = [])
        -> Transfer<DownloadedFile>
    {
        Transfer { progress throws(HTTPError) in
            try await self.download(router, to: destination, options: options, progress: progress)
        }
    }

    /// Starts downloading a prepared request's response body into a file; see
    /// ``startDownload(_:to:options:)-(HTTPRouter,_,_)``.
    ///
    /// - Parameters:
    ///   - request:     The request; the client's default headers are added when missing.
    ///   - destination: The file URL to create.
    ///   - options:     Replace an existing file, create folders, resume a partial file.
    /// - Returns: The running download.
    public func startDownload(_ request: URLRequest, to destination: URL, options: DownloadOptions = [])
        -> Transfer<DownloadedFile>
    {
        Transfer { progress throws(HTTPError) in
            try await self.download(request, to: destination, options: options, progress: progress)
        }
    }

    /// Starts an upload and returns at once; see ``upload(_:to:options:progress:)-(_,HTTPRouter,_,_)``.
    ///
    /// - Parameters:
    ///   - body:    What to send.
    ///   - router:  The endpoint; its method must allow a body.
    ///   - options: Framing and the multipart memory threshold.
    /// - Returns: The running upload, whose value is the server's response.
    public func startUpload(_ body: UploadBody, to router: any HTTPRouter, options: UploadOptions = UploadOptions())
        -> Transfer<HTTPResponse>
    {
        Transfer { progress throws(HTTPError) in
            try await self.upload(body, to: router, options: options, progress: progress)
        }
    }

    /// Starts an upload with a prepared request and returns at once; see
    /// ``upload(_:with:acceptableStatusCodes:options:progress:)``.
    ///
    /// - Parameters:
    ///   - body:    What to send.
    ///   - request: The request; its body is replaced, default headers added when missing.
    ///   - options: Framing and the multipart memory threshold.
    /// - Returns: The running upload, whose value is the server's response.
    public func startUpload(_ body: UploadBody, with request: URLRequest, options: UploadOptions = UploadOptions())
        -> Transfer<HTTPResponse>
    {
        Transfer { progress throws(HTTPError) in
            try await self.upload(body, with: request, options: options, progress: progress)
        }
    }
}
