import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A download through the client's ``HTTPCache`` (RFC 9111 §4): a stored response that may answer
/// the request is written to the destination file as the network's body would be, and a response
/// the network gave is stored once on disk, when it fits ``HTTPCache/maximumEntryBytes``.
///
/// A stored response that must be validated first is not revalidated with a conditional download:
/// the request goes to the network whole, and its answer replaces the stored one. A response that
/// stale-while-revalidate allows is written without a background refresh.
struct CachedDownload: Sendable {
    let cache: HTTPCache
    /// Asked before a response is stored (see ``CachedResponseHandler``).
    let handler: (any CachedResponseHandler)?

    /// The attempt's answer from the cache, its body written through `sink`; nil when the request
    /// must go to the network.
    ///
    /// - Parameters:
    ///   - request: The attempt's request, adapted, without a `Range` of the sink's.
    ///   - sink:    The download's sink: validation, the partial file and the final move.
    /// - Returns: The answer (its body empty: it is in the file), or nil.
    func answer(_ request: URLRequest, sink: DownloadSink) -> Result<HTTPResponse, HTTPError>? {
        guard request.httpMethod ?? "GET" == "GET" else { return nil }
        let response: HTTPResponse
        switch cache.lookup(request, now: Date()) {
        case .fresh(let cached), .stale(let cached, _):
            response = CachedAttempt.response(cached, to: request)
        case .unsatisfiable:
            response = CachedAttempt.unsatisfiable(request)
        case .miss, .validate:
            return nil
        }
        _ = sink.ranged(request)  // the attempt's request, as validation reports it
        // The stored body is the one the caller gets whole: its length is what the file must hold.
        var fields = response.headers
        fields.remove(name: "Content-Length")
        fields.add(name: "Content-Length", value: String(response.body.count))
        let head = ResponseHead(
            statusCode: response.statusCode, url: request.url, fields: fields.map { ($0.name, $0.value) })
        let answered = HTTPResponse(
            request: request, statusCode: response.statusCode, headers: response.headers, body: Data(),
            url: request.url, duration: .zero, source: response.source)
        switch sink.begin(head) {
        case .accept:
            let failure = response.body.isEmpty ? nil : sink.write(response.body)
            return sink.end(failure).map { _ in answered }
        case .finish:
            return sink.end(nil).map { _ in answered }
        case .rejectStatus:
            let failure = HTTPError.unacceptableStatus(HTTPError.StatusFailure(response))
            return sink.end(failure).map { _ in answered }
        case .fail(let failure):
            return sink.end(failure).map { _ in answered }
        }
    }

    /// Stores the network's answer to a finished download, read back from `file`, when it fits;
    /// an answer too large to store still removes the stored response it replaces.
    ///
    /// - Parameters:
    ///   - response:    The download's response (its body is in `file`).
    ///   - request:     The request the caller made, adapted.
    ///   - file:        The downloaded file.
    ///   - resumed:     Whether the file was continued from bytes on disk (then it is not stored).
    ///   - requestTime: When the request was sent.
    func store(_ response: HTTPResponse, for request: URLRequest, file: URL, resumed: Bool, requestTime: Date) async {
        guard response.source == .network, !resumed else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue
        let body: Data?
        if let size, size <= cache.maximumEntryBytes {
            body = try? Data(contentsOf: file)
        } else {
            body = nil
        }
        guard let body else {
            // Not kept (too large, or unreadable now): the stored response it replaces is out of date.
            cache.store(
                request: request, status: response.statusCode, headers: response.headers, body: Data(),
                requestTime: requestTime, responseTime: Date(), allowed: false)
            return
        }
        await cache.store(
            request: request, status: response.statusCode, headers: response.headers, body: body,
            requestTime: requestTime, handler: handler)
    }
}
