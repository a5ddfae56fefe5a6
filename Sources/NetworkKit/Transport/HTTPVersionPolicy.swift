/// Which HTTP versions a client may use.
///
/// ```swift
/// let client = HTTPClient { $0.httpVersion = .http1Only }  // as curl's --http1.1
/// ```
public enum HTTPVersionPolicy: Hashable, Sendable {
    /// HTTP/2 where the server offers it over TLS (ALPN), with concurrent requests to one host
    /// multiplexed on one connection; HTTP/1.1 otherwise. The default.
    case automatic
    /// HTTP/1.1 only, even where the server offers HTTP/2.
    case http1Only
}
