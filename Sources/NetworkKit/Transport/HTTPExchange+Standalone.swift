#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

// An exchange outside a client: how a transport written in another package (over SwiftNIO,
// AsyncHTTPClient, a test's sockets) is run and tested on its own, under the same rules as when a
// client sends it.

extension HTTPExchange {
    /// Makes an exchange for `request`, as a client with these pins and this redirect setting would,
    /// to send through a transport on its own with ``send(through:)``.
    ///
    /// The whole body is kept in memory whatever the status, and no adapter, validation, retry or
    /// event monitor applies: those are the client's. What the transport is told to follow (the
    /// redirect rules, the public-key pins, cancellation) is the same as under a client.
    ///
    /// ```swift
    /// var request = URLRequest(url: uploadURL)
    /// request.httpMethod = "PUT"
    /// let exchange = HTTPExchange(request: request, body: .data(payload)) { sent in
    ///     print("\(sent) of \(payload.count) bytes sent")
    /// }
    /// let response = try await exchange.send(through: MyNIOTransport())
    /// ```
    ///
    /// - Parameters:
    ///   - request:          The request to send; its `httpBody` is the body when `body` is `.none`.
    ///   - body:             The body to send.
    ///   - publicKeyPins:    The pins the transport's connections must satisfy; none by default.
    ///   - followsRedirects: Whether redirects are followed by the exchange's rules (true by
    ///                       default) or are the answer, as ``HTTPClient/Configuration/followsRedirects``.
    ///   - cookies:          A cookie store whose cookies every hop carries and which keeps every
    ///                       response's (a redirect's included); none by default.
    ///   - didSend:          Told each running total the transport reports with
    ///                       ``didSend(totalBytes:)``, on the transport's thread.
    public convenience init(
        request: URLRequest, body: Body = .none, publicKeyPins: PublicKeyPins = PublicKeyPins(),
        followsRedirects: Bool = true, cookies: (any CookieStore)? = nil,
        didSend: (@Sendable (_ totalBytes: Int64) -> Void)? = nil
    ) {
        self.init(
            request: request, body: body, sink: MemorySink(), pins: publicKeyPins, sent: didSend,
            followsRedirects: followsRedirects, cookies: cookies.map { CookieHandling(store: $0, monitors: []) })
    }

    /// Sends the exchange through `transport` and waits for the response, as a client's attempt
    /// does: a request to a pinned host that the transport cannot check, or over plain `http`, is
    /// refused before the transport sees it, and cancelling the calling task cancels the exchange.
    ///
    /// An exchange is sent once: a second call while the first is under way fails, and one after it
    /// returns the same outcome.
    ///
    /// ```swift
    /// let exchange = HTTPExchange(request: URLRequest(url: server.url("hello")))
    /// let response = try await exchange.send(through: transport)
    /// print(response.statusCode, response.text)
    /// ```
    ///
    /// - Parameter transport: The transport to send it through.
    /// - Returns: The response, with its whole body, whatever its status.
    /// - Throws: ``HTTPError``: the transport's failure mapped as for a client (``HTTPError/timedOut(_:)``,
    ///   ``HTTPError/cancelled(_:)``, ``HTTPError/transport(_:)``…), or the exchange's own refusal
    ///   (``HTTPError/pinningFailed(_:)``, a redirect it would not follow).
    public func send(through transport: any HTTPTransport) async throws(HTTPError) -> HTTPResponse {
        let checked = !pins.isEmpty && transport.checksServerTrust
        if let refusal = pins.refusal(of: request, for: request, checked: checked) {
            throw refusal
        }
        return try await run(on: transport).get()
    }
}
