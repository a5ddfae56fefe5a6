import Foundation
import FuzzSupport

@testable import NetworkKit

/// NetworkKit's joining of a router's base URL and path (`URLPath.join`), with bases of every shape
/// (path prefixes, trailing slashes, ports, user info, queries, IPv6 hosts, or any text a caller
/// configures) and any path.
///
/// A path with a control character must be refused with `invalidURL`; any other must give a URL on
/// the same scheme, host, port and query whose new segments decode to the path's non-empty segments
/// (valid `%XX` escapes kept, everything else outside `pchar` escaped once). The fast text route and
/// the `URLComponents` route must agree.
@main
enum URLPathFuzzer {
    static let bases = [
        "http://example.org", "https://example.org/", "http://example.org/api/v1", "http://example.org/api//",
        "HTTPS://Example.ORG:8443/base", "http://user:pass@example.org/a", "http://example.org/a?key=value",
        "http://example.org/a#part", "http://[::1]:8080/p", "http://127.0.0.1:5000", "http://example.org/%7Euser/",
        "https://xn--80ak6aa92e.com/путь",
    ]

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            URLPathFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        let baseText = input.flag() ? input.pick(bases) : input.text(upTo: 60)
        check(baseText: baseText, path: input.restText())
    }

    static func check(baseText: String, path: String) {
        guard let base = try? URLPath.baseURL(baseText) else { return }
        let hasControl = path.utf8.contains { $0 < 0x20 || $0 == 0x7F }
        let url: URL
        do {
            url = try URLPath.join(base: base, path: path)
        } catch {
            invariant(hasControl, "refused \(path.debugDescription) on \(base): \(error)")
            return
        }
        invariant(!hasControl, "accepted a control character in \(path.debugDescription)")
        // Split bytes, not characters: "/" followed by a combining mark is one Character.
        let segments = Array(path.utf8).split(separator: UInt8(ascii: "/")).map {
            decodingValidPercentEscapes(Array($0))
        }
        guard !segments.isEmpty else {
            invariant(url == base, "a path without segments changed the URL to \(url)")
            return
        }
        guard let joined = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let original = URLComponents(url: base, resolvingAgainstBaseURL: true)
        else {
            invariant(false, "\(url) or \(base) has no components")
            return
        }
        invariant(joined.scheme?.lowercased() == original.scheme?.lowercased(), "scheme of \(url)")
        invariant(joined.percentEncodedHost == original.percentEncodedHost, "host of \(url)")
        invariant(joined.port == original.port, "port of \(url)")
        invariant(joined.percentEncodedQuery == original.percentEncodedQuery, "query of \(url)")
        invariant(joined.percentEncodedUser == original.percentEncodedUser, "user of \(url)")
        var prefix = original.percentEncodedPath
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let joinedPath = joined.percentEncodedPath
        invariant(joinedPath.hasPrefix(prefix + "/"), "\(joinedPath) does not extend \(prefix)")
        var added = joinedPath.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        if path.utf8.last == UInt8(ascii: "/") {
            invariant(added.last == "", "the path's trailing slash was lost in \(joinedPath)")
            added.removeLast()
        }
        invariant(added.count == segments.count, "\(added.count) segments in \(joinedPath), \(segments.count) given")
        for (encoded, expected) in zip(added, segments) {
            invariant(encoded.utf8.allSatisfy(isPathCharacter), "unescaped byte in \(encoded)")
            invariant(
                decodingValidPercentEscapes(Array(encoded.utf8)) == expected,
                "\(encoded) does not decode to its segment")
        }
        // The URLComponents route (taken for a base with a query) must build the same path.
        if !baseText.contains("?"), !baseText.contains("#"), let queried = URL(string: base.absoluteString + "?q") {
            let other = try? URLPath.join(base: queried, path: path)
            let otherPath = other.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.percentEncodedPath }
            invariant(otherPath == joinedPath, "the two routes differ: \(joinedPath), \(String(describing: otherPath))")
        }
    }

    static func isPathCharacter(_ byte: UInt8) -> Bool {
        PercentEncoding.AllowedCharacters.pathSegment.contains(byte) || byte == UInt8(ascii: "%")
    }
}
