/// An absolute URL as an HTTP Archive writes it, split by hand: browsers record characters RFC 3986
/// does not allow (`[`, `{`, `|`, raw UTF-8), which Foundation's parsers either refuse or escape
/// again, `%2F` turning into `%252F`.
///
/// Only the parts replay needs are read: scheme, host and port, and the rest (path, query and
/// fragment) exactly as written.
struct ArchiveURL {
    /// The scheme, lowercased, such as `https`.
    let scheme: String
    /// The host, lowercased; an IPv6 literal keeps its brackets.
    let host: String
    /// The port written in the URL; nil when there is none.
    let port: Int?
    /// Everything after the authority, as written: path, query and fragment (possibly empty).
    let rest: Substring

    /// `host` or `host:port`, as a `Host` header names it.
    var authority: String { port.map { "\(host):\($0)" } ?? host }

    /// The port in use: the written one, or the scheme's default (80, 443); nil for another scheme
    /// without one.
    var effectivePort: Int? { port ?? Self.defaultPorts[scheme] }

    /// The request target the URL names: path and query, without the fragment.
    var target: Substring { rest.prefix { $0 != "#" } }

    private static let defaultPorts = ["http": 80, "https": 443, "ws": 80, "wss": 443]

    /// Splits `text`; nil when it is not `scheme://host…` with a valid scheme, a host and a
    /// numeric port (if any).
    init?(_ text: String) {
        guard let separator = text.firstRange(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        // RFC 3986 §3.1: a letter, then letters, digits, "+", "-" and ".".
        guard let first = scheme.utf8.first, Self.isLetter(first),
            scheme.utf8.allSatisfy({ Self.isLetter($0) || ASCII.isDigit($0) || "+-.".utf8.contains($0) })
        else { return nil }
        let afterScheme = text[separator.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        var hostAndPort = afterScheme[..<authorityEnd]
        if let at = hostAndPort.lastIndex(of: "@") { hostAndPort = hostAndPort[hostAndPort.index(after: at)...] }
        let hostEnd: Substring.Index
        if hostAndPort.hasPrefix("[") {
            guard let close = hostAndPort.firstIndex(of: "]") else { return nil }
            hostEnd = hostAndPort.index(after: close)
        } else {
            hostEnd = hostAndPort.firstIndex(of: ":") ?? hostAndPort.endIndex
        }
        let host = hostAndPort[..<hostEnd]
        var portText = hostAndPort[hostEnd...]
        guard !host.isEmpty, portText.isEmpty || portText.first == ":" else { return nil }
        portText = portText.dropFirst()
        guard portText.utf8.allSatisfy(ASCII.isDigit), portText.count <= 5 else { return nil }
        let port = portText.isEmpty ? nil : Int(portText)
        guard port.map({ $0 <= 65_535 }) ?? true else { return nil }
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port
        self.rest = afterScheme[authorityEnd...]
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether `other` names the same origin: scheme, host and port in use.
    func hasSameOrigin(as other: ArchiveURL) -> Bool {
        scheme == other.scheme && host == other.host && effectivePort == other.effectivePort
    }
}
