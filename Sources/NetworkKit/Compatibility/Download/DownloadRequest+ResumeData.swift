public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// MARK: - Cancelling with resume data

extension DownloadRequest {
    /// Cancels the download; with `shouldProduceResumeData`, the bytes so far stay on disk and
    /// ``resumeData`` describes them, when the server allows a resume.
    ///
    /// - Parameter shouldProduceResumeData: Whether to keep what a resume needs.
    /// - Returns: This request.
    @discardableResult
    public func cancel(producingResumeData shouldProduceResumeData: Bool) -> Self {
        downloadState.withLock { $0.keepsResumeData = shouldProduceResumeData }
        return cancel()
    }

    /// Cancels the download, keeping the bytes so far, and calls `completionHandler` with
    /// ``resumeData`` once the transfer has stopped: nil when the server does not allow a resume
    /// (it named the file with neither an `ETag` nor a `Last-Modified`) or nothing had arrived.
    ///
    /// ```swift
    /// request.cancel { resumeData in
    ///     guard let resumeData else { return }
    ///     AF.download(resumingWith: resumeData).responseURL { print($0.value?.path ?? "") }
    /// }
    /// ```
    ///
    /// - Parameter completionHandler: Called once, on the session's root queue; with nil at once when
    ///   the request had already finished.
    /// - Returns: This request.
    @discardableResult
    public func cancel(byProducingResumeData completionHandler: @escaping @Sendable (_ data: Data?) -> Void) -> Self {
        let cancellable = mutableState.withLock { $0.state.canTransitionTo(.cancelled) }
        guard cancellable else {
            underlyingQueue.async { completionHandler(nil) }
            return self
        }
        downloadState.withLock { state in
            state.keepsResumeData = true
            state.resumeDataHandlers.append(completionHandler)
        }
        return cancel()
    }

    /// Keeps or removes the bytes an unfinished download left, records ``resumeData``, and tells the
    /// handlers waiting for it.
    func settleResumeData(after outcome: RequestOutcome, temporaryURL: URL) {
        let partial = PartialDownload(destination: temporaryURL.standardizedFileURL)
        let (keeps, handlers) = downloadState.withLock { state in
            defer { state.resumeDataHandlers = [] }
            return (state.keepsResumeData, state.resumeDataHandlers)
        }
        var resumable: Data?
        // The request as built, so the interceptors adapt it again; the bytes belong to the last one sent.
        if case .failed(let error) = outcome, keeps || !error.isExplicitlyCancelledError, let url = lastRequest?.url,
            partial.resumable(for: url) != nil, let request = firstRequest
        {
            resumable = ResumeData(request: request, temporaryURL: temporaryURL).encoded
        }
        let data = resumable
        if data == nil { partial.remove() }
        downloadState.withLock { $0.resumeData = data }
        for handler in handlers { underlyingQueue.async { handler(data) } }
    }
}

// MARK: - The resume data's contents

/// What ``DownloadRequest/resumeData`` holds: the request to send again and where its bytes wait.
///
/// NetworkKit's own description of the bytes (validator, length) is kept beside them, in the
/// temporary file's `.partial.json`; this only points there.
struct ResumeData: Codable, Equatable {
    private static let kind = "NetworkKit.DownloadRequest.resumeData.1"

    private var kind: String
    var url: URL
    var method: String
    var headers: [String: String]
    var timeout: TimeInterval
    var temporaryPath: String

    init(request: URLRequest, temporaryURL: URL) {
        kind = Self.kind
        url = request.url ?? temporaryURL
        method = request.httpMethod ?? "GET"
        headers = request.allHTTPHeaderFields ?? [:]
        timeout = request.timeoutInterval
        temporaryPath = temporaryURL.path
    }

    /// Reads resume data; nil when it is not NetworkKit's.
    init?(_ data: Data) {
        guard let read = try? JSONDecoder().decode(Self.self, from: data), read.kind == Self.kind else { return nil }
        self = read
    }

    var encoded: Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try? encoder.encode(self)
    }

    /// The request to send again.
    var request: URLRequest {
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        request.allHTTPHeaderFields = headers
        return request
    }

    var temporaryURL: URL { URL(fileURLWithPath: temporaryPath) }
}
