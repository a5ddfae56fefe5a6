public import Foundation
import InternalServiceUtilities
public import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension MockServer {
    /// Makes this server a recording reverse proxy: each request no stub answers is forwarded to
    /// `upstream` through NetworkKit's `HTTPClient`, answered with what came back, and appended
    /// to the HAR file `file` as soon as it completes, so a crash loses at most the exchange in flight.
    ///
    /// Record an API once, then run the tests offline with ``replay(archiveAt:options:)``:
    ///
    /// ```swift
    /// let proxy = try MockServer()
    /// let recorder = try proxy.forward(to: URL(string: "https://api.example.com")!, recordingTo: harFile)
    /// // point the app at proxy.baseURL and use it …
    /// proxy.stop()
    /// recorder.close()
    /// ```
    ///
    /// The request target is appended to `upstream`'s path, and the file records the upstream's URLs:
    /// a replay answers at the upstream's paths (record through `https://api.example.com/` and ask
    /// for `/v2/items`, rather than through `…/v2` and ask for `/items`, to replay with the same paths).
    /// The method, headers (but `Host`,
    /// `Accept-Encoding` and hop-by-hop fields) and body go as they came. The answer is the
    /// upstream's status, headers and body as the client received it (decompressed, so without
    /// `Content-Encoding`). A redirect is passed on as the upstream sent it and recorded as such, its
    /// `Location` pointed back at this server when it names the upstream (as nginx's
    /// `proxy_redirect default` does), so the app follows it through the proxy. When the upstream
    /// cannot be reached the answer is 502 and nothing is recorded.
    ///
    /// A WebSocket upgrade (`Upgrade: websocket`) is passed through: the proxy accepts it, opens the
    /// same path on the upstream with NetworkKit's client (offering the client's first subprotocol
    /// and its other fields but the handshake's own), and relays every message both ways, the
    /// first close frame with its code and reason. When the conversation ends, it is appended to
    /// the file as Chrome records one: the upstream's `101` answer, `_resourceType: websocket` and
    /// `_webSocketMessages` (text as it is, binary in base64, the close as opcode 8), which
    /// ``replay(archiveAt:options:)`` plays back. Compression is agreed on each side on its own.
    /// An upstream that refuses the upgrade or fails closes the client with 1014 (bad gateway);
    /// a refusal is not recorded. At most 100,000 frames and 64 MiB of a conversation are recorded
    /// (`HTTPArchiveLimits`' defaults, so the file can be replayed); the rest is relayed only.
    ///
    /// - Parameters:
    ///   - upstream:  The server to forward to, such as `https://api.example.com/v2`.
    ///   - file:      Where to write the archive (an existing file is replaced).
    ///   - redaction: What the recording masks; NetworkKit's `Redaction.default` masks credentials.
    ///   - monitors:  More monitors for the forwarding client, such as a `RequestLogger`.
    /// - Returns: The recorder writing `file`: its `entryCount` grows as
    ///   exchanges complete.
    /// - Throws: ``MockServerError/invalidArchive(_:)`` when the file cannot be created.
    @discardableResult
    public func forward(
        to upstream: URL, recordingTo file: URL, redaction: Redaction = .default, monitors: [any EventMonitor] = []
    ) throws(MockServerError) -> HTTPArchiveRecorder {
        let recorder: HTTPArchiveRecorder
        do {
            recorder = try HTTPArchiveRecorder(file: file, redaction: redaction)
        } catch {
            guard case .archiveFailed(let failure) = error else {
                throw .invalidArchive(
                    .init(entry: nil, field: "", reason: .fileUnavailable(path: file.path, detail: "\(error)")))
            }
            throw .invalidArchive(failure)
        }
        let client = HTTPClient { configuration in
            configuration.eventMonitors = [recorder] + monitors
            configuration.acceptableStatusCodes = 100..<1000
            configuration.validatesContentType = false
            configuration.followsRedirects = false
        }
        // WebSocket handshakes go through a client of their own, so the recorder writes each
        // conversation once, whole, rather than also its bare `101`.
        let webSocketClient = HTTPClient { configuration in
            configuration.eventMonitors = monitors
            configuration.followsRedirects = false
        }
        let base = Self.withoutTrailingSlash(upstream)
        let proxy = Self.withoutTrailingSlash(baseURL)
        let forward: MockRouter.Handler = .async { request in
            await Self.forward(request, to: base, through: client, answeringAs: proxy)
        }
        core.router.setFallback(choosing: { request in
            guard ArchiveReplay.isWebSocketUpgrade(request) else { return forward }
            return .webSocket(Self.relayRoute(for: request, to: base, through: webSocketClient, recorder: recorder))
        })
        return recorder
    }

    /// Fields that belong to one connection or that the client sets itself.
    private static let unforwardedRequestHeaders: Set<String> = [
        "host", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "content-length", "expect",
        "upgrade", "te", "accept-encoding",
    ]

    /// Fields of the upstream's answer that no longer describe the body the proxy sends.
    private static let unforwardedResponseHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "content-length", "content-encoding",
        "date", "upgrade",
    ]

    private static func forward(
        _ request: MockRequest, to base: String, through client: HTTPClient, answeringAs proxy: String
    ) async -> MockResponse {
        guard let url = URL(string: base + request.target) else {
            return .text("The request target \(request.target) cannot be forwarded\n", status: 400)
        }
        var outgoing = URLRequest(url: url)
        outgoing.httpMethod = request.method.rawValue
        for field in request.headers where !unforwardedRequestHeaders.contains(field.name.lowercased()) {
            outgoing.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if !request.body.isEmpty { outgoing.httpBody = request.body }
        do {
            let response = try await client.send(outgoing)
            var headers = MockHeaders()
            for field in response.headers where !unforwardedResponseHeaders.contains(field.name.lowercased()) {
                let isLocation = FieldName.same(field.name, "Location")
                headers.add(field.name, isLocation ? pointedBack(field.value, from: base, to: proxy) : field.value)
            }
            return MockResponse(status: response.statusCode, headers: headers, body: response.body)
        } catch {
            return .text("The upstream did not answer: \(error)\n", status: 502)
        }
    }

    /// `url` as text without its final `/`, so that a request target (which starts with one) can
    /// follow it.
    static func withoutTrailingSlash(_ url: URL) -> String {
        let text = url.absoluteString
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// `location` with the upstream's base replaced by the proxy's, when it starts with it (and a
    /// path, query or nothing follows), or, for a path on the upstream's host (`/api/new`), with the
    /// upstream's path taken off (`/new`, as the proxy serves it); any other location as it is.
    static func pointedBack(_ location: String, from upstream: String, to proxy: String) -> String {
        func remainder(of text: String, after prefix: String) -> Substring? {
            guard text.hasPrefix(prefix) else { return nil }
            let rest = text.dropFirst(prefix.count)
            return rest.isEmpty || rest.first == "/" || rest.first == "?" || rest.first == "#" ? rest : nil
        }
        if let rest = remainder(of: location, after: upstream) { return proxy + rest }
        guard location.hasPrefix("/"), !location.hasPrefix("//") else { return location }
        let upstreamPath = URL(string: upstream)?.path ?? ""
        guard !upstreamPath.isEmpty, upstreamPath != "/" else { return location }
        guard let rest = remainder(of: location, after: upstreamPath) else { return location }
        return rest.hasPrefix("/") ? String(rest) : "/" + rest
    }
}
