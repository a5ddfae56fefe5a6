import Foundation

/// The URL schemes of WebSocket (RFC 6455 §3) and their HTTP counterparts: `ws` is reached as
/// `http` (port 80), `wss` as `https` (port 443). Cookies, proxies and redirects treat a WebSocket's
/// URL as its HTTP counterpart, as browsers do.
enum WebSocketURL {
    /// `url` with `ws` as `http` and `wss` as `https` (an `http` or `https` URL as it is); nil for any
    /// other scheme or a URL without a host.
    ///
    /// - Parameter url: A WebSocket URL.
    /// - Returns: The URL's text with the HTTP scheme.
    static func httpEquivalent(of url: URL) -> String? {
        guard let host = url.host, !host.isEmpty, let scheme = url.scheme?.lowercased(),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return nil }
        switch scheme {
        case "ws", "http": components.scheme = "http"
        case "wss", "https": components.scheme = "https"
        default: return nil
        }
        components.fragment = nil
        return components.string
    }

    /// `url` with `http` as `ws` and `https` as `wss`, for a redirect's `Location`; nil for another
    /// scheme.
    ///
    /// - Parameter url: Where a redirect leads.
    /// - Returns: The WebSocket URL.
    static func webSocketEquivalent(of url: URL) -> URL? {
        guard let scheme = url.scheme?.lowercased(),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return nil }
        switch scheme {
        case "ws", "http": components.scheme = "ws"
        case "wss", "https": components.scheme = "wss"
        default: return nil
        }
        return components.url
    }

    /// Whether `url` is secure: `wss` or `https`.
    static func isSecure(_ url: URL?) -> Bool {
        let scheme = url?.scheme?.lowercased()
        return scheme == "wss" || scheme == "https"
    }
}
