import Foundation

/// RFC 6265 §5.1.4: a request's default cookie path and path matching.
enum CookiePath {
    /// The request path a cookie path is matched against: the URL's path as sent, percent-encoding
    /// kept (`/` when it has none).
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The path.
    static func requestPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.isEmpty ? "/" : path
    }

    /// The default-path of §5.1.4: the request path up to, not including, its rightmost `/`; `/`
    /// when the path is empty, does not start with `/`, or holds only one `/`.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The default path.
    static func defaultPath(of url: URL) -> String {
        defaultPath(forRequestPath: url.path(percentEncoded: true))
    }

    /// The default-path of §5.1.4 for a request's uri-path.
    ///
    /// - Parameter uriPath: The path portion of the request's URI.
    /// - Returns: The default path.
    static func defaultPath(forRequestPath uriPath: String) -> String {
        let bytes = uriPath.utf8
        // Steps 2 and 3.
        guard bytes.first == UInt8(ascii: "/"), let slash = bytes.lastIndex(of: UInt8(ascii: "/")),
            slash != bytes.startIndex
        else { return "/" }
        // Step 4.
        return String(uriPath[..<slash])
    }

    /// Whether `requestPath` path-matches `cookiePath` (§5.1.4): they are identical, or the cookie
    /// path is a prefix of the request path that ends with `/` or is followed in it by `/`.
    ///
    /// - Parameters:
    ///   - requestPath: The request's path.
    ///   - cookiePath:  A cookie's path.
    /// - Returns: True when they match.
    static func pathMatches(_ requestPath: String, cookiePath: String) -> Bool {
        let request = requestPath.utf8
        let cookie = cookiePath.utf8
        guard request.starts(with: cookie) else { return false }
        if request.count == cookie.count { return true }
        if cookie.last == UInt8(ascii: "/") { return true }
        return request[request.index(request.startIndex, offsetBy: cookie.count)] == UInt8(ascii: "/")
    }
}
