import Foundation
import Testing

@testable import NetworkKit

/// The compiled-in Public Suffix List against publicsuffix.org's test vectors (test_psl.txt's
/// `checkPublicSuffix` cases), and what it means for a cookie's `Domain` attribute.
@Suite("Public Suffix List")
struct PublicSuffixListTests {
    /// checkPublicSuffix(domain, registrable) cases, lowercased: a null registrable domain means the
    /// domain itself is a public suffix.
    static let vectors: [(domain: String, isPublicSuffix: Bool)] = [
        ("com", true), ("example.com", false), ("b.example.com", false),
        ("uk.com", true), ("example.uk.com", false),  // PRIVATE section
        ("jp", true), ("test.jp", false), ("ac.jp", true), ("kyoto.jp", true), ("test.kyoto.jp", false),
        ("ide.kyoto.jp", true), ("b.ide.kyoto.jp", false),
        ("c.kobe.jp", true), ("b.c.kobe.jp", false),  // wildcard *.kobe.jp
        ("city.kobe.jp", false), ("www.city.kobe.jp", false),  // exception !city.kobe.jp
        ("ck", true), ("test.ck", true), ("b.test.ck", false), ("www.ck", false),  // *.ck, !www.ck
        ("us", true), ("test.us", false), ("ak.us", true), ("k12.ak.us", true), ("test.k12.ak.us", false),
        ("test", true), ("example.test", false),  // an unlisted TLD: the default rule *
        ("xn--85x722f.com.cn", false), ("xn--55qx5d.cn", true), ("xn--fiqs8s", true),
        ("shishi.xn--fiqs8s", false),  // IDN rules as A-labels
        ("公司.cn", true), ("食狮.公司.cn", false),  // and as written
    ]

    @Test("isPublicSuffix agrees with the list's checkPublicSuffix vectors", arguments: vectors)
    func vector(domain: String, isPublicSuffix: Bool) {
        #expect(PublicSuffixList.isPublicSuffix(domain) == isPublicSuffix)
    }

    @Test("§5.3 step 5: a Domain attribute naming a public suffix is rejected unless it is the host itself")
    func domainAttributes() throws {
        // Given requests from hosts under public suffixes
        var jar = CookieJar()
        let now = CookieTesting.now
        // When cookies name a public suffix as their Domain
        let com = jar.store("a=1; Domain=com", from: try CookieTesting.url("https://example.com/"), at: now)
        let kobe = jar.store("a=1; Domain=c.kobe.jp", from: try CookieTesting.url("https://b.c.kobe.jp/"), at: now)
        let ukCom = jar.store("a=1; Domain=uk.com", from: try CookieTesting.url("https://shop.uk.com/"), at: now)
        // Then they are rejected
        #expect(com == .rejected(CookieRejection(name: "a", reason: .publicSuffix(domain: "com"))))
        #expect(kobe == .rejected(CookieRejection(name: "a", reason: .publicSuffix(domain: "c.kobe.jp"))))
        #expect(ukCom == .rejected(CookieRejection(name: "a", reason: .publicSuffix(domain: "uk.com"))))
        // And a registrable domain, an exception rule's domain, and the host itself are accepted
        let example = jar.store(
            "b=1; Domain=example.com", from: try CookieTesting.url("https://www.example.com/"), at: now)
        let city = jar.store(
            "c=1; Domain=city.kobe.jp", from: try CookieTesting.url("https://www.city.kobe.jp/"), at: now)
        let io = jar.store("d=1; Domain=github.io", from: try CookieTesting.url("https://github.io/"), at: now)
        guard case .stored(let exampleCookie) = example, case .stored(let cityCookie) = city,
            case .stored(let ioCookie) = io
        else {
            Issue.record("expected three stored cookies, got \(example), \(city), \(io)")
            return
        }
        #expect(!exampleCookie.isHostOnly && exampleCookie.domain == "example.com")
        #expect(!cityCookie.isHostOnly && cityCookie.domain == "city.kobe.jp")
        // A public suffix equal to the host makes a host-only cookie
        #expect(ioCookie.isHostOnly && ioCookie.domain == "github.io")
        #expect(jar.cookies(for: try CookieTesting.url("https://user.github.io/"), at: now).isEmpty)
    }

    @Test("the generated rules carry both sections and the list's version")
    func generatedData() {
        #expect(PublicSuffixList.sourceVersion.contains("publicsuffix"))
        #expect(PublicSuffixList.icannRules.contains("*.kobe.jp"))
        #expect(PublicSuffixList.privateRules.contains("github.io"))
    }
}
