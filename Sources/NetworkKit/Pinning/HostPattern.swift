import Foundation

/// The host names of pinning rules: how they are written down and which names they cover.
enum HostPattern {
    /// `pattern` in the form rules keep: lowercased, without a trailing dot or IPv6 brackets.
    ///
    /// - Throws: ``HTTPError/invalidPinning(_:)`` with
    ///   ``HTTPError/InvalidPinningReason/invalidHost(_:problem:)``.
    static func normalize(_ pattern: String) throws(HTTPError) -> String {
        let name = normalizeName(pattern)
        func invalid(_ problem: String) -> HTTPError { .invalidPinning(.invalidHost(pattern, problem: problem)) }
        guard !name.isEmpty else { throw invalid("it is empty") }
        guard name.unicodeScalars.allSatisfy(\.isASCII) else {
            throw invalid("write an international name in its ASCII (xn--) form")
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.:*")
        guard name.allSatisfy(allowed.contains) else {
            throw invalid("only letters, digits, '-', '_', '.', ':' and a leading '*.' may appear")
        }
        let base = name.hasPrefix("*.") ? name.dropFirst(2) : Substring(name)
        guard !base.contains("*") else { throw invalid("'*' may only be the whole first label, as in *.example.com") }
        guard !(base.contains(":") && base.count < name.count) else {
            throw invalid("an IP address cannot have a wildcard")
        }
        guard !base.isEmpty, !base.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        else {
            throw invalid("a label is empty")
        }
        return name
    }

    /// A host as URLs and challenges name it, in the form rules keep.
    static func normalizeName(_ host: String) -> String {
        var name = Substring(host.lowercased())
        if name.hasPrefix("["), name.hasSuffix("]") { name = name.dropFirst().dropLast() }
        if name.hasSuffix(".") { name = name.dropLast() }
        return String(name)
    }

    /// How closely `rule` covers `name` (already normalized), or nil when it does not: a longer
    /// host ranks higher, and for the same host the exact name, then a `*.` label, then subdomains.
    static func rank(of rule: PublicKeyPins.Rule, for name: String) -> Int? {
        let weight = rule.base.utf8.count * 4
        if !rule.isWildcard, name == rule.base { return weight + 3 }
        guard name.hasSuffix(rule.base), name.utf8.count > rule.base.utf8.count + 1 else { return nil }
        let prefix = name.utf8.dropLast(rule.base.utf8.count)
        guard prefix.last == UInt8(ascii: ".") else { return nil }
        if rule.isWildcard, !prefix.dropLast().contains(UInt8(ascii: ".")) { return weight + 2 }
        return rule.subdomains == .included ? weight + 1 : nil
    }
}
