import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Opens the byte stream a WebSocket runs over: TCP (through a proxy, with TLS for `wss`) to the
/// URL's host, nothing sent yet. On Linux it is a libcurl connect-only connection
/// (``CurlWebSocketStream``), on Apple platforms a URLSession stream task (in `Apple/`).
protocol WebSocketConnector: Sendable {
    /// Connects to `url`'s host.
    ///
    /// - Parameters:
    ///   - url: The WebSocket's URL (`ws` or `wss`).
    ///   - timeout: The longest connecting may take.
    /// - Returns: The connection.
    /// - Throws: ``HTTPError`` saying why no connection was made.
    func connect(to url: URL, timeout: TimeInterval) async throws(HTTPError) -> any WebSocketByteStream

    /// Whether its connections check server trust, so that pinned hosts may be reached.
    var checksServerTrust: Bool { get }
}

#if os(Linux)
    /// The Linux connector: libcurl in connect-only mode, with the client's trust anchors and pins.
    struct CurlWebSocketConnector: WebSocketConnector {
        let settings: CurlWebSocketStream.Settings

        /// True where libcurl verifies TLS with OpenSSL, whose chain the pins are checked against.
        var checksServerTrust: Bool { CurlTrust.shared != nil }

        func connect(to url: URL, timeout: TimeInterval) async throws(HTTPError) -> any WebSocketByteStream {
            try await CurlWebSocketStream.connect(to: url, settings: settings, timeout: timeout)
        }
    }
#endif

extension HTTPClient {
    /// The connector for this client's WebSockets, the one place where a platform picks it.
    ///
    /// - Throws: ``HTTPError/transport(_:)`` when the platform has none (Linux without libcurl).
    func webSocketConnector(for request: URLRequest) throws(HTTPError) -> any WebSocketConnector {
        #if os(Linux)
            guard let library = Libcurl.shared else {
                throw .transport(
                    HTTPError.TransportFailure(
                        request: HTTPError.RequestSummary(request), code: .unsupportedURL,
                        reason: "WebSocket needs libcurl (libcurl.so.4, 7.68 or later), which could not be loaded"))
            }
            let bundle = configuration.trustAnchors.map { CurlTransport.caBundle(for: $0, library: library) }
            return CurlWebSocketConnector(
                settings: CurlWebSocketStream.Settings(
                    library: library, caBundle: bundle, pins: configuration.publicKeyPins))
        #elseif canImport(Darwin)
            return URLSessionWebSocketConnector(trustAnchors: configuration.trustAnchors, client: self)
        #else
            throw .transport(
                HTTPError.TransportFailure(
                    request: HTTPError.RequestSummary(request), code: .unsupportedURL,
                    reason: "WebSocket has no transport on this platform"))
        #endif
    }
}
