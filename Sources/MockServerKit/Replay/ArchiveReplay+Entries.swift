import Foundation
import NetworkKit

extension ArchiveReplay {
    /// The entry ready to serve, or nil for one that is skipped (aborted, informational).
    ///
    /// - Throws: ``MockServerError/invalidArchive(_:)`` for a URL that cannot be read or a body that
    ///   cannot be decoded.
    static func recorded(_ entry: HTTPArchive.Entry, index: Int, options: MockServer.ReplayOptions)
        throws(MockServerError) -> Recorded?
    {
        let status = entry.response.status
        guard (200...999).contains(status) || entry.isWebSocket else { return nil }
        guard let url = ArchiveURL(entry.request.url) else {
            throw .invalidArchive(
                .init(entry: index, field: "request.url", reason: .invalidValue("not an absolute URL")))
        }
        let limit = options.limits.maximumBodyBytes
        let body: Data
        let requestBody: Data
        do {
            body = try entry.response.content.body(entry: index, limit: limit)
            requestBody = try entry.request.postData?.body(entry: index, limit: limit) ?? Data()
        } catch {
            guard case .archiveFailed(let failure) = error else { return nil }
            throw .invalidArchive(failure)
        }
        let conversation = entry.isWebSocket ? try ReplayConversation(entry, index: index, limits: options.limits) : nil
        let key = key(
            method: entry.request.method, target: url.target,
            body: options.bodyMatching == .exact ? requestBody : nil, upgrade: conversation != nil)
        return Recorded(
            index: index, method: entry.request.method, authority: url.authority, url: entry.request.url,
            key: key, response: response(entry.response, body: body), conversation: conversation)
    }

    /// Fields the server writes itself or that belong to one connection.
    private static let droppedHeaders: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "date", "proxy-connection", "upgrade",
    ]

    /// The response to serve: the recorded status, headers and body, without fields that would
    /// misdescribe the body as it is now.
    static func response(_ recorded: HTTPArchive.Response, body: Data) -> MockResponse {
        let isGzip = body.count >= 2 && body[body.startIndex] == 0x1F && body[body.startIndex + 1] == 0x8B
        var headers = MockHeaders()
        for field in recorded.headers {
            let name = field.name.lowercased()
            if name.hasPrefix(":") || droppedHeaders.contains(name) { continue }
            if name == "content-encoding" {
                let coding = field.value.lowercased().trimmingCharacters(in: .whitespaces)
                guard isGzip, coding == "gzip" || coding == "x-gzip" else { continue }
            }
            headers.add(field.name, field.value)
        }
        if !recorded.redirectURL.isEmpty, !headers.contains("Location") {
            headers.add("Location", recorded.redirectURL)
        }
        return MockResponse(status: recorded.status, headers: headers, body: body)
    }
}
