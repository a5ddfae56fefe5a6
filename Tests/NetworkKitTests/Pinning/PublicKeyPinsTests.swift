import Foundation
import NetworkKit
import Testing

@Suite("PublicKeyPins: per-host rules, backup pins, expiry, and chains checked against them")
struct PublicKeyPinsTests {
    /// Pins that belong to no certificate here.
    static let unrelated = "i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY="
    static let otherUnrelated = "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="

    @Test("an exact rule covers its host in any case, with or without a trailing dot, and nothing else")
    func exactHost() throws {
        // Given a rule for api.example.com
        var pins = PublicKeyPins()
        try pins.pin("API.Example.com", to: [Self.unrelated])

        // When hosts are looked up, Then only that host (however written) is pinned
        #expect(pins.rule(for: "api.example.com")?.host == "api.example.com")
        #expect(pins.rule(for: "API.EXAMPLE.COM.") != nil)
        #expect(pins.rule(for: "example.com") == nil)
        #expect(pins.rule(for: "v2.api.example.com") == nil)
        #expect(pins.rule(for: "xapi.example.com") == nil)
    }

    @Test("a *. rule covers one label below its host; with subdomains included, every depth")
    func wildcardsAndSubdomains() throws {
        // Given a wildcard rule and a rule with its subdomains
        var pins = PublicKeyPins()
        try pins.pin("*.cdn.example.com", to: [Self.unrelated])
        try pins.pin("example.org", to: [Self.otherUnrelated], subdomains: .included)

        // When hosts are looked up
        // Then the wildcard takes exactly one label, and the subdomain rule its host and all below
        #expect(pins.rule(for: "a.cdn.example.com")?.host == "*.cdn.example.com")
        #expect(pins.rule(for: "cdn.example.com") == nil)
        #expect(pins.rule(for: "a.b.cdn.example.com") == nil)
        #expect(pins.rule(for: "example.org")?.host == "example.org")
        #expect(pins.rule(for: "a.b.c.example.org")?.host == "example.org")
        #expect(pins.rule(for: "badexample.org") == nil)
    }

    @Test("the most specific rule wins: a longer host, then exact before wildcard before subdomains")
    func precedence() throws {
        // Given overlapping rules, each with its own pin
        let exact = try PublicKeyPin(base64: Self.unrelated)
        let wildcard = try PublicKeyPin(base64: Self.otherUnrelated)
        var pins = PublicKeyPins()
        try pins.pin("example.com", to: [Self.otherUnrelated], subdomains: .included)
        try pins.pin("*.example.com", to: [Self.otherUnrelated])
        try pins.pin("api.example.com", to: [Self.unrelated])

        // When hosts are looked up
        // Then api.example.com gets its own rule, other one-label names the wildcard, deeper ones the parent
        #expect(pins.rule(for: "api.example.com")?.pins == [exact])
        #expect(pins.rule(for: "www.example.com")?.host == "*.example.com")
        #expect(pins.rule(for: "www.example.com")?.pins == [wildcard])
        #expect(pins.rule(for: "a.b.example.com")?.host == "example.com")

        // And adding a rule for a host again replaces the first one
        try pins.pin("api.example.com", to: [Self.otherUnrelated])
        #expect(pins.rules.count == 3)
        #expect(pins.rule(for: "api.example.com")?.pins == [wildcard])
    }

    @Test("an expired rule no longer applies, and a broader rule takes over")
    func expiry() throws {
        // Given a rule that expired yesterday under a broader one that has not, and one expiring tomorrow
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var pins = PublicKeyPins()
        try pins.pin("example.com", to: [Self.unrelated], subdomains: .included)
        try pins.pin("api.example.com", to: [Self.otherUnrelated], expires: now.addingTimeInterval(-86_400))
        try pins.pin("example.net", to: [Self.otherUnrelated], expires: now.addingTimeInterval(86_400))

        // When hosts are looked up now, and the day after tomorrow
        // Then the expired rule is skipped for the broader one, and the later one applies until it expires
        #expect(pins.rule(for: "api.example.com", at: now)?.host == "example.com")
        #expect(pins.rule(for: "example.net", at: now)?.host == "example.net")
        #expect(pins.rule(for: "example.net", at: now.addingTimeInterval(2 * 86_400)) == nil)
    }

    @Test(
        "a host that cannot be pinned is refused with a typed error",
        arguments: [
            "", "exa mple.com", "*", "*.", "a.*.example.com", "**.example.com", "bücher.de", "a..b",
            ".example.com", "*.[::1]", "example.com/path", "user@example.com",
        ])
    func invalidHosts(host: String) {
        // Given a host that is not a name, an address or a *. wildcard
        // When it is pinned
        let error = #expect(throws: HTTPError.self) {
            try PublicKeyPins.Rule(host: host, pins: [try PublicKeyPin(base64: Self.unrelated)])
        }
        // Then the error names it
        guard case .invalidPinning(.invalidHost(let named, _))? = error else {
            Issue.record("\(host.debugDescription): \(String(describing: error))")
            return
        }
        #expect(named == host)
    }

    @Test("IPv6 addresses are pinned with or without brackets; a rule needs pins; pins must be base64")
    func addressesAndEmptyRules() throws {
        // Given a rule for an IPv6 address
        var pins = PublicKeyPins()
        try pins.pin("[::1]", to: [Self.unrelated])

        // When it is looked up either way, Then it applies
        #expect(pins.rule(for: "::1")?.host == "::1")
        #expect(pins.rule(for: "[::1]") != nil)

        // And a rule without pins, or with a pin that is not base64, is refused
        let empty = #expect(throws: HTTPError.self) { try pins.pin("example.com", to: []) }
        #expect(empty == .invalidPinning(.noPins(host: "example.com")))
        let garbled = #expect(throws: HTTPError.self) { try pins.pin("example.com", to: ["pin?"]) }
        #expect(garbled == .invalidPinning(.pinNotBase64("pin?")))
        #expect(pins.rules.count == 1)
    }

    @Test("a chain passes when any of its keys is pinned: the leaf's, the authority's, or a backup")
    func chainsThatPass() async throws {
        // Given a leaf and the authority that signed it, and rules pinning each in turn
        let certificates = try await OpenSSLCertificates.shared.value
        let chain = [certificates.leaf.der, certificates.authority.der]
        let host = "api.example.com"
        let rules: [[String]] = [
            [certificates.leaf.pin],
            [certificates.authority.pin],
            [Self.unrelated, certificates.leaf.pin],  // the key in use was replaced by its backup
        ]
        for pinned in rules {
            var pins = PublicKeyPins()
            try pins.pin(host, to: pinned)
            // When the chain is checked, Then it passes
            #expect(throws: Never.self) { try pins.validate(certificateChain: chain, host: host) }
            // And an unreadable certificate in the chain is skipped, not fatal
            #expect(throws: Never.self) {
                try pins.validate(certificateChain: [Data([0x30, 0x00])] + chain, host: host)
            }
        }
        // And a host without a rule is not pinned at all
        var pins = PublicKeyPins()
        try pins.pin("other.example.com", to: [Self.unrelated])
        #expect(throws: Never.self) { try pins.validate(certificateChain: [], host: host) }
    }

    @Test("a chain with no pinned key fails, listing the pins it presented")
    func chainsThatFail() async throws {
        // Given a rule pinning the Ed25519 key, and a chain of the leaf and its authority
        let certificates = try await OpenSSLCertificates.shared.value
        var pins = PublicKeyPins()
        try pins.pin("api.example.com", to: [certificates.ed25519.pin, Self.unrelated])

        // When the chain, and a chain of nothing readable, are checked
        let wrongKeys = #expect(throws: HTTPError.self) {
            try pins.validate(
                certificateChain: [certificates.leaf.der, certificates.authority.der], host: "api.example.com")
        }
        let unreadable = #expect(throws: HTTPError.self) {
            try pins.validate(certificateChain: [Data("not DER".utf8)], host: "api.example.com")
        }

        // Then both fail naming the host, the first with the chain's pins, leaf first
        let presented = [
            try PublicKeyPin(base64: certificates.leaf.pin), try PublicKeyPin(base64: certificates.authority.pin),
        ]
        #expect(
            wrongKeys
                == .pinningFailed(
                    HTTPError.PinningFailure(
                        request: nil, host: "api.example.com", reason: .noMatchingPin(presented: presented))))
        #expect(unreadable?.pinningFailure?.reason == .noMatchingPin(presented: []))
        #expect(wrongKeys?.description.contains(certificates.leaf.pin) == true)

        // And once the rule has expired the same chain passes
        var expiring = PublicKeyPins()
        try expiring.pin("api.example.com", to: [certificates.ed25519.pin], expires: Date(timeIntervalSince1970: 0))
        #expect(throws: Never.self) {
            try expiring.validate(certificateChain: [certificates.leaf.der], host: "api.example.com")
        }
    }
}
