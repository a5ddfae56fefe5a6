import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPClient {
    /// Fails a request that its host's pins forbid sending from here at all: on Linux any request
    /// to a pinned host, everywhere one over plain `http`. Every data request and transfer passes
    /// here before each attempt, before and after the adapters (which may change the URL).
    ///
    /// `checksServerTrust` overrides the transport's answer for a call that connects by other means
    /// (a WebSocket, whose connection is libcurl's on Linux whatever the HTTP transport).
    func checkPins(_ request: URLRequest, checksServerTrust: Bool? = nil) throws(HTTPError) {
        guard !configuration.publicKeyPins.isEmpty else { return }
        let checked = checksServerTrust ?? transport.checksServerTrust
        if let refusal = configuration.publicKeyPins.refusal(of: request, for: request, checked: checked) {
            throw refusal
        }
    }
}

extension PublicKeyPins {
    /// The error for sending `destination` (the request itself, or where a redirect leads it) when
    /// its host is pinned and its pins cannot be checked by the transport or over its scheme; nil
    /// when it may go (the transport checks the pins of an `https` request on each new connection).
    ///
    /// - Parameters:
    ///   - destination: The request about to be sent.
    ///   - original:    The request the caller made, named in the error.
    ///   - checked:     Whether the transport checks server trust (``HTTPTransport/checksServerTrust``).
    ///   - date:        The moment to judge the rules' expiration at.
    func refusal(of destination: URLRequest, for original: URLRequest?, checked: Bool, at date: Date = Date())
        -> HTTPError?
    {
        guard let url = destination.url, let host = url.host, rule(for: host, at: date) != nil else { return nil }
        let scheme = url.scheme?.lowercased() ?? ""
        let reason: HTTPError.PinningFailureReason
        if !checked {
            reason = .unsupportedPlatform
        } else if scheme != "https" && scheme != "wss" {
            reason = .insecureScheme(scheme)
        } else {
            return nil
        }
        let summary = HTTPError.RequestSummary(original ?? destination)
        return .pinningFailed(HTTPError.PinningFailure(request: summary, host: host, reason: reason))
    }
}
