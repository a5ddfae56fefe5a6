public import Foundation

/// Public-key pins per host: which keys a server must present, somewhere in its certificate chain,
/// for a client to talk to it.
///
/// Each rule names a host (`api.example.com`), or a `*.` wildcard over one label
/// (`*.example.com` covers `a.example.com`, not `example.com` nor `a.b.example.com`), optionally
/// with all its subdomains, and lists the pins of the keys it accepts: the one in use and at least
/// one backup, kept offline, so that a lost or rotated key does not lock the app out. A host with
/// no rule is not pinned.
///
/// ```swift
/// var pins = PublicKeyPins()
/// try pins.pin(
///     "api.example.com",
///     to: ["i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY=", "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="],
///     expires: Date(timeIntervalSinceNow: 180 * 86_400))
/// let client = HTTPClient { $0.publicKeyPins = pins }
/// ```
///
/// On Apple platforms ``HTTPClient`` checks the pins in its session's server-trust challenge,
/// after the system has trusted the chain. FoundationNetworking (Linux) exposes no server trust,
/// so there a client refuses every request to a pinned host with
/// ``HTTPError/PinningFailureReason/unsupportedPlatform``; it never sends one unpinned.
public struct PublicKeyPins: Hashable, Sendable {
    /// Whether a rule also covers the names below its host.
    public enum Subdomains: Hashable, Sendable {
        /// Only the host itself (or, for a `*.` rule, only the names one label below).
        case excluded
        /// The host and every name below it, at any depth (HPKP's `includeSubDomains`).
        case included
    }

    /// The pins of one host.
    public struct Rule: Hashable, Sendable {
        /// The host as given, lowercased, without a trailing dot or IPv6 brackets; it starts with
        /// `*.` for a wildcard rule.
        public let host: String
        /// The accepted pins, the one in use and the backups alike.
        public let pins: Set<PublicKeyPin>
        /// Whether the rule covers the names below its host.
        public let subdomains: Subdomains
        /// When the rule stops applying, if it does: after that the host is no longer pinned (an
        /// app that was not updated keeps working), as HPKP's `max-age` did.
        public let expiration: Date?
        /// The host without its `*.`.
        let base: String
        /// Whether the host starts with `*.`.
        let isWildcard: Bool

        /// Creates a rule.
        ///
        /// - Parameters:
        ///   - host:       A host name, an IP address or a `*.` wildcard over one label; letters
        ///                 in any case, international names in their ASCII (`xn--`) form.
        ///   - pins:       The accepted pins: at least one, and a backup is strongly advised.
        ///   - subdomains: Whether names below the host are covered too (not by default).
        ///   - expiration: When the rule stops applying; never by default.
        /// - Throws: ``HTTPError/invalidPinning(_:)``: an unusable host or no pins.
        public init(
            host: String, pins: some Sequence<PublicKeyPin>, subdomains: Subdomains = .excluded,
            expiration: Date? = nil
        ) throws(HTTPError) {
            let normalized = try HostPattern.normalize(host)
            self.pins = Set(pins)
            guard !self.pins.isEmpty else { throw .invalidPinning(.noPins(host: normalized)) }
            self.host = normalized
            self.subdomains = subdomains
            self.expiration = expiration
            isWildcard = normalized.hasPrefix("*.")
            base = isWildcard ? String(normalized.dropFirst(2)) : normalized
        }
    }

    /// The rules, in the order they were added.
    public private(set) var rules: [Rule]

    /// Creates pins from rules; a later rule for the same host replaces an earlier one.
    ///
    /// - Parameter rules: The rules; none by default, which pins nothing.
    public init(_ rules: [Rule] = []) {
        self.rules = []
        for rule in rules { add(rule) }
    }

    /// Whether no host is pinned.
    public var isEmpty: Bool { rules.isEmpty }

    /// Adds a rule, replacing the rule of the same host if there is one.
    ///
    /// - Parameter rule: The rule.
    public mutating func add(_ rule: Rule) {
        if let index = rules.firstIndex(where: { $0.host == rule.host }) {
            rules[index] = rule
        } else {
            rules.append(rule)
        }
    }

    /// Pins a host to pins written in base64, replacing its earlier rule if there is one.
    ///
    /// - Parameters:
    ///   - host:       A host name, an IP address or a `*.` wildcard over one label.
    ///   - pins:       The accepted pins in base64: the key in use and at least one backup.
    ///   - subdomains: Whether names below the host are covered too (not by default).
    ///   - expiration: When the rule stops applying; never by default.
    /// - Throws: ``HTTPError/invalidPinning(_:)``: a pin that is not base64 of 32 bytes, an unusable
    ///   host, or no pins.
    public mutating func pin(
        _ host: String, to pins: [String], subdomains: Subdomains = .excluded, expires expiration: Date? = nil
    ) throws(HTTPError) {
        var parsed: [PublicKeyPin] = []
        for pin in pins { parsed.append(try PublicKeyPin(base64: pin)) }
        add(try Rule(host: host, pins: parsed, subdomains: subdomains, expiration: expiration))
    }

    /// The rule that applies to `host` at `date`: among the rules that cover it and have not
    /// expired, the one of the longest host, and for equal hosts the exact one before a wildcard.
    ///
    /// - Parameters:
    ///   - host: A host as a URL names it, in any case.
    ///   - date: The moment to judge expiration at; now by default.
    /// - Returns: The rule, or nil when the host is not pinned.
    public func rule(for host: String, at date: Date = Date()) -> Rule? {
        guard !rules.isEmpty else { return nil }
        let name = HostPattern.normalizeName(host)
        var best: (rule: Rule, rank: Int)?
        for rule in rules {
            if let expiration = rule.expiration, expiration <= date { continue }
            guard let rank = HostPattern.rank(of: rule, for: name) else { continue }
            if rank > (best?.rank ?? -1) { best = (rule, rank) }
        }
        return best?.rule
    }

    /// Checks a server's certificate chain against the pins of `host`: it passes when the host is
    /// not pinned, or when the key of any certificate in the chain (leaf, intermediate or root)
    /// has one of the rule's pins.
    ///
    /// This is the portable half of pinning, which ``HTTPClient`` runs on Apple platforms after
    /// the system has trusted the chain; call it from a delegate of your own in the same place.
    ///
    /// - Parameters:
    ///   - certificateChain: The DER encodings of the chain's certificates; unreadable ones count
    ///                       as not matching.
    ///   - host:             The server's host.
    ///   - date:             The moment to judge expiration at; now by default.
    /// - Throws: ``HTTPError/pinningFailed(_:)`` with
    ///   ``HTTPError/PinningFailureReason/noMatchingPin(presented:)``.
    public func validate(certificateChain: [Data], host: String, at date: Date = Date()) throws(HTTPError) {
        guard let reason = evaluate(certificateChain: certificateChain, host: host, at: date) else { return }
        throw .pinningFailed(HTTPError.PinningFailure(request: nil, host: host, reason: reason))
    }

    /// Why the chain fails the host's pins, or nil when it passes.
    func evaluate(certificateChain: [Data], host: String, at date: Date) -> HTTPError.PinningFailureReason? {
        guard let rule = rule(for: host, at: date) else { return nil }
        var presented: [PublicKeyPin] = []
        for certificate in certificateChain {
            guard let pin = try? PublicKeyPin(certificate: certificate) else { continue }
            if rule.pins.contains(pin) { return nil }
            presented.append(pin)
        }
        return .noMatchingPin(presented: presented)
    }
}
