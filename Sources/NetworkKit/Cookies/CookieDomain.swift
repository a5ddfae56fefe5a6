import Foundation

/// RFC 6265 §5.1.2 and §5.1.3: canonical host names and domain matching.
enum CookieDomain {
    /// `text` without its first byte when that byte is `byte` (an ASCII character), and whether it
    /// was: by bytes, not characters, since a `.` followed by a combining mark is one `Character`.
    static func droppingLeading(_ byte: UInt8, of text: String) -> (text: String, dropped: Bool) {
        guard text.utf8.first == byte else { return (text, false) }
        return (String(decoding: text.utf8.dropFirst(), as: UTF8.self), true)
    }

    /// Whether `text` ends with `suffix`, byte for byte.
    static func hasSuffix(_ text: String, _ suffix: String) -> Bool {
        text.utf8.count >= suffix.utf8.count && text.utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }

    /// The canonicalized host name of a request (§5.1.2): its host, ASCII-lowercased, without the
    /// brackets of an IPv6 literal; nil when the URL has no host.
    ///
    /// URL hosts reach this engine in ASCII (an internationalised name already as its `xn--` A-labels),
    /// so lowercasing is the whole of step 2's conversion.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The canonical host.
    static func canonicalHost(of url: URL) -> String? {
        guard var host = url.host(percentEncoded: true), !host.isEmpty else { return nil }
        if host.utf8.first == UInt8(ascii: "["), host.utf8.last == UInt8(ascii: "]") {
            host = String(decoding: host.utf8.dropFirst().dropLast(), as: UTF8.self)
        }
        return asciiLowercased(host)
    }

    /// A string with `A`–`Z` lowercased and every other character kept.
    ///
    /// - Parameter string: The string.
    /// - Returns: The lowercased string (the same storage when nothing changes).
    static func asciiLowercased(_ string: String) -> String {
        guard string.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return string }
        return String(decoding: string.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether a canonical host is an IP address (an IPv4 dotted quad or an IPv6 literal), which
    /// only matches itself.
    ///
    /// - Parameter host: A canonical host.
    /// - Returns: True for an IP address.
    static func isIPAddress(_ host: String) -> Bool {
        if host.utf8.contains(UInt8(ascii: ":")) { return true }
        var labels = 0
        var digits = 0
        var value = 0
        for byte in host.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0 else { return false }
                labels += 1
                digits = 0
                value = 0
            } else if byte >= 0x30, byte <= 0x39 {
                digits += 1
                value = value * 10 + Int(byte - 0x30)
                guard digits <= 3, value <= 255 else { return false }
            } else {
                return false
            }
        }
        return digits > 0 && labels == 3
    }

    /// Whether `string` domain-matches `domain` (§5.1.3): they are identical, or `domain` is a suffix
    /// of `string` that starts right after a dot and `string` is a host name, not an IP address.
    ///
    /// - Parameters:
    ///   - string: A canonical host.
    ///   - domain: A cookie's domain.
    /// - Returns: True when they match.
    static func domainMatches(_ string: String, domain: String) -> Bool {
        if string == domain { return true }
        let host = string.utf8
        let suffix = domain.utf8
        guard !suffix.isEmpty, host.count > suffix.count, host.reversed().starts(with: suffix.reversed()) else {
            return false
        }
        let dot = host.index(host.endIndex, offsetBy: -suffix.count - 1)
        return host[dot] == UInt8(ascii: ".") && !isIPAddress(string)
    }

    /// The domains a request to `host` may find cookies under: the host itself and, unless it is an
    /// IP address, every suffix of it that starts after a dot (the keys of ``CookieJar``'s index).
    ///
    /// - Parameter host: A canonical host.
    /// - Returns: The host, then ever shorter suffixes.
    static func candidateDomains(of host: String) -> [Substring] {
        var domains: [Substring] = [Substring(host)]
        guard !isIPAddress(host) else { return domains }
        var index = host.startIndex
        while let dot = host[index...].firstIndex(of: ".") {
            index = host.index(after: dot)
            if index < host.endIndex { domains.append(host[index...]) }
        }
        return domains
    }
}
