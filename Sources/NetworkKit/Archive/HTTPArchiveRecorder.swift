public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// An ``EventMonitor`` that writes every exchange of a client to an HTTP Archive (HAR 1.2) file,
/// which MockServerKit can replay offline and browsers' devtools can open.
///
/// Each finished attempt that got an answer (any status, including those validation refused)
/// becomes an entry, appended as soon as it finishes: the file is valid HAR after every request,
/// so a crash loses at most the one in flight. Credentials are masked as ``RequestLogger`` masks
/// them (``Redaction/default``: `Authorization`, cookies, token query values); bodies are kept as
/// text when they are UTF-8 and as base64 otherwise; request bodies (`httpBody`) go in `postData`.
///
/// ```swift
/// let recorder = try HTTPArchiveRecorder(file: URL(fileURLWithPath: "api.har"))
/// let client = HTTPClient { $0.eventMonitors = [recorder] }
/// _ = try await client.send(API.items)
/// recorder.close()
/// ```
///
/// Bodies of downloads to a file and of streams are not kept (their entries have an empty body);
/// timings hold the whole duration as `wait`. A WebSocket opened with ``HTTPClient/webSocket(_:configuration:)-(URLRequest,_)``
/// is recorded as its handshake only: an entry with status `101` and `_resourceType: websocket`,
/// without `_webSocketMessages`, as monitors see requests and not the messages that follow. To
/// record the messages too, open the WebSocket through MockServerKit's recording proxy
/// (`MockServer.forward(to:recordingTo:)` or `service-utils record`), which writes them in the
/// format Chrome exports.
public final class HTTPArchiveRecorder: EventMonitor {
    /// What is masked.
    public let redaction: Redaction
    /// The file written.
    public var file: URL { archive.url }
    let archive: HTTPArchiveFile

    /// Creates the file (emptying one already there) and starts recording.
    ///
    /// - Parameters:
    ///   - file:      Where to write the archive.
    ///   - redaction: What is masked; ``Redaction/none`` keeps every credential.
    /// - Throws: ``HTTPError/archiveFailed(_:)`` when the file cannot be created.
    public init(file: URL, redaction: Redaction = .default) throws(HTTPError) {
        self.redaction = redaction
        archive = try HTTPArchiveFile(creating: file)
    }

    /// How many entries have been written.
    public var entryCount: Int { archive.count }

    /// The error of the last entry that could not be written (a full disk, say), if any; later
    /// entries are still attempted.
    public var lastFailure: HTTPError? { archive.lastFailure }

    /// Writes the attempt's exchange when it got an answer.
    ///
    /// - Parameters:
    ///   - request: The request as it was sent.
    ///   - result:  The response, or why it failed.
    ///   - attempt: The attempt number.
    public func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {
        guard let url = request.url else { return }
        let status: Int
        let headers: HTTPHeaders
        let body: Data
        let duration: Duration
        switch result {
        case .success(let response):
            (status, headers, body, duration) = (
                response.statusCode, response.headers, response.body, response.duration
            )
        case .failure(.unacceptableStatus(let failure)):
            (status, headers, body, duration) = (failure.statusCode, failure.headers, failure.body, .zero)
        case .failure:
            return
        }
        let exchange = HTTPArchive.Exchange(
            method: request.httpMethod ?? "GET", url: url,
            requestHeaders: request.headers.map { (name: $0.name, value: $0.value) }, requestBody: request.httpBody,
            status: status, responseHeaders: headers.map { (name: $0.name, value: $0.value) }, responseBody: body,
            started: Date(timeIntervalSinceNow: -duration.secondsValue), duration: duration)
        try? archive.append(HTTPArchive.Entry(exchange, redaction: redaction))
    }

    /// Writes `exchange` as an entry (the recording proxy's WebSocket conversations come this way).
    package func record(_ exchange: HTTPArchive.Exchange) {
        try? archive.append(HTTPArchive.Entry(exchange, redaction: redaction))
    }

    /// Flushes and closes the file; later exchanges are not recorded. Calling it again does nothing.
    public func close() {
        archive.close()
    }
}
