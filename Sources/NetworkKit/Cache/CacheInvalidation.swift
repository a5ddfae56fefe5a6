import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Invalidation (RFC 9111 §4.4): which stored responses a response to an unsafe request makes
/// obsolete.
enum CacheInvalidation {
    /// The methods RFC 9110 §9.2.1 defines as safe; any other, known or not, is unsafe. Methods are
    /// case-sensitive, so `get` is unsafe.
    static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE"]

    /// The keys to invalidate after a response to `request`: none unless the method is unsafe and
    /// the status is not an error (2xx or 3xx); then the target URI, and the URIs in `Location` and
    /// `Content-Location` (resolved against it) when they have the target's origin.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - status: The response's status.
    ///   - headers: The response's fields.
    /// - Returns: The keys, the target's first.
    static func invalidatedKeys(request: URLRequest, status: Int, headers: HTTPHeaders) -> [CacheKey] {
        guard let url = request.url, !safeMethods.contains(request.httpMethod ?? "GET"), (200..<400).contains(status)
        else { return [] }
        var keys = [CacheKey(url: url)]
        for name in ["Location", "Content-Location"] {
            guard let value = headers.value(for: name).map(FieldValue.trimmed), !value.isEmpty,
                let target = URL(string: value, relativeTo: url)?.absoluteURL, let origin = origin(of: target),
                origin == self.origin(of: url)
            else { continue }
            keys.append(CacheKey(url: target))
        }
        return keys
    }

    /// A URL's origin (RFC 6454): lowercased scheme and host, and the port, the scheme's default when
    /// the URL names none; nil without a scheme or host.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(host):\(port)"
    }
}
