import Foundation

/// Joins a router's base URL and path exactly.
///
/// `"validate/email"` stays two segments, a leading or trailing slash never makes `//`, a base URL's
/// own path and query are kept, and each character outside RFC 3986's `pchar` set is
/// percent-encoded once (existing `%XX` escapes are kept as they are).
enum URLPath {
    /// The URL of `path` under `base`.
    ///
    /// - Throws: ``HTTPError/invalidURL(_:)`` for a base that is not absolute http(s), or a path with
    ///   a control character such as NUL.
    static func join(base: URL, path: String) throws -> URL {
        if let url = try appendingToText(base: base, path: path) { return url }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { throw HTTPError.invalidURL(.malformedBaseURL(base.absoluteString)) }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw HTTPError.invalidURL(.invalidPath(path))
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { encodeSegment(String($0)) }
        guard !segments.isEmpty else { return base }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        let trailing = path.hasSuffix("/") ? "/" : ""
        components.percentEncodedPath = basePath + "/" + segments.joined(separator: "/") + trailing
        guard let url = components.url else { throw HTTPError.invalidURL(.invalidPath(path)) }
        return url
    }

    /// The common case without `URLComponents` (whose parsing and assembling cost more than the
    /// rest of a request's preparation): a base without query or fragment is scheme, authority and
    /// path as text, so the path's segments are appended to that text. Nil for any other base.
    private static func appendingToText(base: URL, path: String) throws -> URL? {
        let absolute = base.absoluteString
        guard !absolute.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
            let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = base.host, !host.isEmpty
        else { return nil }
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw HTTPError.invalidURL(.invalidPath(path))
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map { encodeSegment(String($0)) }
        guard !segments.isEmpty else { return base }
        var prefix = Substring(absolute)
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let trailing = path.hasSuffix("/") ? "/" : ""
        return URL(string: prefix + "/" + segments.joined(separator: "/") + trailing)
    }

    /// The base URL in `text`, which must be absolute http(s).
    static func baseURL(_ text: String) throws -> URL {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), url.host?.isEmpty == false,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw HTTPError.invalidURL(.malformedBaseURL(text)) }
        return url
    }

    /// Percent-encodes one segment, keeping valid `%XX` escapes.
    static func encodeSegment(_ segment: String) -> String {
        var output: [UInt8] = []
        let bytes = Array(segment.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) {
                output.append(contentsOf: bytes[index...(index + 2)])
                index += 3
                continue
            }
            if PercentEncoding.AllowedCharacters.pathSegment.contains(byte) {
                output.append(byte)
            } else {
                PercentEncoding.appendEscaped(byte, to: &output)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
