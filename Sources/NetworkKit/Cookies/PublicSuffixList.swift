import Foundation

/// The Public Suffix List (publicsuffix.org), compiled in from the rules that
/// `scripts/generate-public-suffix-list` writes: its ICANN and PRIVATE sections, as browsers use
/// them, to refuse cookies whose `Domain` is a public suffix (RFC 6265 §5.3 step 5).
///
/// The lookup is the list's algorithm: of the rules that match a domain label by label (`*` matching
/// any one label), an exception rule (`!`) prevails, else the one with most labels, else the
/// default rule `*`; the public suffix has the prevailing rule's labels (one fewer for an exception).
///
/// - Complexity: O(*n*) hash lookups for a domain of *n* labels; the rule sets are built once, on
///   first use.
package enum PublicSuffixList {
    /// The rules, split by kind, keyed without their `*.` or `!` marks.
    private struct Rules: Sendable {
        var plain: Set<Substring> = []
        var wildcards: Set<Substring> = []
        var exceptions: Set<Substring> = []

        init(_ texts: String...) {
            for text in texts {
                for rule in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                    if rule.hasPrefix("*.") {
                        wildcards.insert(rule.dropFirst(2))
                    } else if rule.hasPrefix("!") {
                        exceptions.insert(rule.dropFirst())
                    } else {
                        plain.insert(rule)
                    }
                }
            }
        }
    }

    private static let rules = Rules(icannRules, privateRules)

    /// Whether a domain is a public suffix: a name under which anyone may register (`com`, `co.uk`,
    /// `github.io`), including any single label the list does not know (the default rule `*`).
    ///
    /// - Parameter domain: A lowercase domain without a leading or trailing dot, as a cookie's
    ///   `Domain` attribute becomes after §5.2.3.
    /// - Returns: True when the domain's public suffix is the domain itself.
    package static func isPublicSuffix(_ domain: String) -> Bool {
        guard !domain.isEmpty else { return true }
        let labels = domain.utf8.count(where: { $0 == UInt8(ascii: ".") }) + 1
        return publicSuffixLabelCount(of: Substring(domain)) == labels
    }

    /// The number of labels of a domain's public suffix.
    ///
    /// - Parameter domain: A lowercase domain.
    /// - Returns: At least one.
    package static func publicSuffixLabelCount(of domain: Substring) -> Int {
        // The domain's suffixes that start at a label, longest first, with their label counts.
        var suffixes: [(suffix: Substring, labels: Int)] = [(domain, 0)]
        var index = domain.startIndex
        while let dot = domain[index...].firstIndex(of: ".") {
            index = domain.index(after: dot)
            suffixes.append((domain[index...], 0))
        }
        for position in suffixes.indices { suffixes[position].labels = suffixes.count - position }
        let rules = rules
        // An exception rule prevails over every other; its public suffix drops its leftmost label.
        for entry in suffixes where rules.exceptions.contains(entry.suffix) {
            return entry.labels - 1
        }
        // Else the matching rule with most labels: a plain rule equal to a suffix, or a wildcard
        // whose base is the suffix one label shorter.
        for position in suffixes.indices {
            let entry = suffixes[position]
            if rules.plain.contains(entry.suffix) { return entry.labels }
            if position + 1 < suffixes.count, rules.wildcards.contains(suffixes[position + 1].suffix) {
                return entry.labels
            }
        }
        return 1  // the default rule `*`
    }
}
