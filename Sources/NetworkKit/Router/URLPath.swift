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
        var encodedPath: [UInt8] = []
        guard try appendEncodedPath(path, to: &encodedPath) else { return base }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + String(decoding: encodedPath, as: UTF8.self)
        guard let url = components.url else { throw HTTPError.invalidURL(.invalidPath(path)) }
        return url
    }

    /// The common case without `URLComponents` (whose parsing and assembling cost more than the
    /// rest of a request's preparation): a base without user info, query or fragment is scheme,
    /// authority and path as text, so the path's segments are appended to that text, byte by byte.
    /// Nil for any other base.
    private static func appendingToText(base: URL, path: String) throws -> URL? {
        var output: [UInt8] = []
        guard appendPlainBase(base.absoluteString, to: &output) else { return nil }
        guard try appendEncodedPath(path, to: &output) else { return base }
        return URL(string: String(decoding: output, as: UTF8.self))
    }

    /// Appends `absolute` without its trailing slashes when it is `http://` or `https://`, a host
    /// without user info, and a path without query or fragment; false, with nothing appended,
    /// otherwise.
    private static func appendPlainBase(_ absolute: String, to output: inout [UInt8]) -> Bool {
        var text = absolute
        return text.withUTF8 { bytes in
            guard let schemeLength = plainSchemeLength(bytes) else { return false }
            var inAuthority = true
            var hostLength = 0
            for byte in bytes[schemeLength...] {
                switch byte {
                case UInt8(ascii: "?"), UInt8(ascii: "#"): return false
                case UInt8(ascii: "@") where inAuthority: return false
                case UInt8(ascii: "/"): inAuthority = false
                case UInt8(ascii: ":") where inAuthority && hostLength == 0: return false
                default: if inAuthority { hostLength += 1 }
                }
            }
            guard hostLength > 0 else { return false }
            var end = bytes.count
            while end > schemeLength, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            output.reserveCapacity(end + 32)
            output.append(contentsOf: bytes[..<end])
            return true
        }
    }

    /// 7 for `http://`, 8 for `https://` (letters in any case), nil otherwise.
    private static func plainSchemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for scheme in ["https://", "http://"] where bytes.count >= scheme.utf8.count {
            // A letter matches in either case (an ASCII letter OR 0x20 is its lowercase); ':' and '/' exactly
            let matches = zip(bytes, scheme.utf8).allSatisfy { byte, expected in
                byte == expected || (expected >= UInt8(ascii: "a") && byte | 0x20 == expected)
            }
            if matches { return scheme.utf8.count }
        }
        return nil
    }

    /// Appends `/segment` for each non-empty segment of `path`, percent-encoded, then the path's own
    /// trailing slash; false, with nothing appended, when there is no segment. Throws for a control
    /// character (in UTF-8 every byte of a multi-byte character is ≥ 0x80).
    private static func appendEncodedPath(_ path: String, to output: inout [UInt8]) throws -> Bool {
        var path = path
        return try path.withUTF8 { bytes in
            var any = false
            var start = 0
            for index in 0...bytes.count {
                if index < bytes.count {
                    let byte = bytes[index]
                    guard byte >= 0x20, byte != 0x7F else {
                        throw HTTPError.invalidURL(.invalidPath(String(decoding: bytes, as: UTF8.self)))
                    }
                    guard byte == UInt8(ascii: "/") else { continue }
                }
                if index > start {
                    output.append(UInt8(ascii: "/"))
                    appendEncoded(UnsafeBufferPointer(rebasing: bytes[start..<index]), to: &output)
                    any = true
                }
                start = index + 1
            }
            if any, bytes.last == UInt8(ascii: "/") { output.append(UInt8(ascii: "/")) }
            return any
        }
    }

    /// The base URL in `text`, which must be absolute http(s).
    static func baseURL(_ text: String) throws -> URL {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), url.host?.isEmpty == false,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw HTTPError.invalidURL(.malformedBaseURL(text)) }
        return url
    }

    /// Appends `bytes` with each byte outside `pchar` percent-encoded, keeping valid `%XX` escapes.
    private static func appendEncoded(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
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
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
