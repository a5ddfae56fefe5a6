import Foundation
import Testing

@testable import NetworkKit

/// RFC 6265 §5.3, the storage model, step by step, with RFC 6265bis's secure-origin and prefix rules.
@Suite("Cookie storage model (RFC 6265 §5.3)")
struct CookieJarStorageTests {
    let now = CookieTesting.now

    /// The cookie a change stored or replaced, or nil.
    private func cookie(_ change: CookieChange) -> Cookie? {
        switch change {
        case .stored(let cookie), .replaced(let cookie): return cookie
        default: return nil
        }
    }

    private func rejected(_ change: CookieChange) -> CookieRejection.Reason? {
        guard case .rejected(let rejection) = change else { return nil }
        return rejection.reason
    }

    @Test("§5.3 step 2: a new cookie's creation and last-access times are now")
    func stepTwoTimes() throws {
        var jar = CookieJar()
        let stored = try #require(
            cookie(jar.store("a=1", from: try CookieTesting.url("https://example.com/"), at: now)))
        #expect(stored.createdAt == now && stored.lastAccessedAt == now)
        #expect(jar.cookies == [stored])
    }

    @Test("§5.3 step 3: Max-Age takes precedence over Expires, and either makes the cookie persistent")
    func stepThreeExpiry() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/")
        let both = try #require(
            cookie(jar.store("a=1; Max-Age=60; Expires=Wed, 21 Oct 2099 07:28:00 GMT", from: url, at: now))
        )
        #expect(both.expiresAt == now.addingTimeInterval(60))
        let expires = try #require(cookie(jar.store("b=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT", from: url, at: now)))
        #expect(expires.expiresAt == Date(timeIntervalSince1970: 4_096_250_880))
        let session = try #require(cookie(jar.store("c=1", from: url, at: now)))
        #expect(session.isSession && !both.isSession)
        // Max-Age=0 expires the cookie at once, even with a future Expires
        #expect(
            jar.store("a=1; Expires=Wed, 21 Oct 2099 07:28:00 GMT; Max-Age=0", from: url, at: now)
                == .expired(name: "a", domain: "example.com", path: "/")
        )
    }

    @Test("§5.3 steps 4 and 6: a Domain attribute the host domain-matches makes a domain cookie; none a host-only one")
    func stepsFourAndSixDomain() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://www.example.com/")
        let domain = try #require(cookie(jar.store("a=1; Domain=.EXAMPLE.com", from: url, at: now)))
        #expect(!domain.isHostOnly && domain.domain == "example.com")
        let hostOnly = try #require(cookie(jar.store("b=1", from: url, at: now)))
        #expect(hostOnly.isHostOnly && hostOnly.domain == "www.example.com")
        #expect(
            rejected(jar.store("c=1; Domain=other.com", from: url, at: now)) == .domainMismatch(domain: "other.com"))
        #expect(
            rejected(jar.store("c=1; Domain=shop.example.com", from: url, at: now))
                == .domainMismatch(domain: "shop.example.com")
        )
        #expect(
            rejected(jar.store("c=1; Domain=ample.com", from: url, at: now)) == .domainMismatch(domain: "ample.com"))
    }

    @Test("§5.3 step 6: an IP-address host gets only host cookies; a Domain attribute must equal the address")
    func stepSixIPAddresses() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("http://127.0.0.1:8080/")
        #expect(rejected(jar.store("a=1; Domain=0.0.1", from: url, at: now)) == .domainMismatch(domain: "0.0.1"))
        let same = try #require(cookie(jar.store("a=1; Domain=127.0.0.1", from: url, at: now)))
        #expect(same.domain == "127.0.0.1")
        let ipv6 = try #require(cookie(jar.store("b=1", from: try CookieTesting.url("http://[::1]:80/"), at: now)))
        #expect(ipv6.domain == "::1" && ipv6.isHostOnly)
        #expect(jar.cookieHeader(for: try CookieTesting.url("http://[::1]/"), at: now) == "b=1")
    }

    @Test("§5.3 step 7: without a valid Path attribute the cookie takes the request's default path")
    func stepSevenPath() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/account/login?next=/x")
        #expect(cookie(jar.store("a=1", from: url, at: now))?.path == "/account")
        #expect(cookie(jar.store("b=1; Path=relative", from: url, at: now))?.path == "/account")
        #expect(cookie(jar.store("c=1; Path=/", from: url, at: now))?.path == "/")
    }

    @Test("§5.3 steps 8 and 9: Secure and HttpOnly become the secure-only and http-only flags")
    func stepsEightAndNineFlags() throws {
        var jar = CookieJar()
        let stored = try #require(
            cookie(
                jar.store("a=1; Secure; HttpOnly; SameSite=Lax", from: try CookieTesting.url("https://a.com/"), at: now)
            )
        )
        #expect(stored.isSecure && stored.isHTTPOnly && stored.sameSite == .lax)
    }

    @Test("§5.3 step 11: a cookie with the same name, domain and path replaces the old one, keeping its creation time")
    func stepElevenReplacement() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/")
        _ = jar.store("a=1", from: url, at: now)
        let later = now.addingTimeInterval(100)
        let change = jar.store("a=2; HttpOnly", from: url, at: later)
        guard case .replaced(let replaced) = change else {
            Issue.record("expected a replacement, got \(change)")
            return
        }
        #expect(replaced.value == "2" && replaced.createdAt == now && replaced.lastAccessedAt == later)
        #expect(jar.cookies == [replaced])
        // A different path is a different cookie
        #expect(cookie(jar.store("a=3; Path=/x", from: url, at: later)) != nil)
        #expect(jar.cookies.count == 2)
    }

    @Test("§5.3: a cookie stored already expired removes the one it names (how servers delete cookies)")
    func expiredAtStore() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/")
        _ = jar.store("lang=en-US; Expires=Wed, 09 Jun 2100 10:18:14 GMT", from: url, at: now)
        let change = jar.store("lang=; Expires=Sun, 06 Nov 1994 08:49:37 GMT", from: url, at: now)
        #expect(change == .expired(name: "lang", domain: "example.com", path: "/"))
        #expect(jar.cookies.isEmpty)
        #expect(
            jar.store("x=1; Max-Age=-5", from: url, at: now) == .expired(name: "x", domain: "example.com", path: "/"))
        #expect(jar.cookies.isEmpty)
    }

    @Test("a URL without a host stores nothing")
    func noHost() throws {
        var jar = CookieJar()
        #expect(rejected(jar.store("a=1", from: try CookieTesting.url("file:///tmp/x"), at: now)) == .noHost)
        #expect(jar.cookies.isEmpty)
    }

    @Test("RFC 6265bis §5.7: Secure only from https or wss (http://localhost included in plain http)")
    func secureOrigins() throws {
        var jar = CookieJar()
        #expect(
            rejected(jar.store("a=1; Secure", from: try CookieTesting.url("http://example.com/"), at: now))
                == .insecureOrigin)
        #expect(
            rejected(jar.store("a=1; Secure", from: try CookieTesting.url("http://localhost/"), at: now))
                == .insecureOrigin)
        #expect(cookie(jar.store("a=1; Secure", from: try CookieTesting.url("HTTPS://example.com/"), at: now)) != nil)
        #expect(
            cookie(jar.store("b=1; Secure", from: try CookieTesting.url("wss://example.com/socket"), at: now)) != nil)
    }

    @Test("RFC 6265bis §5.7: plain http cannot overlay a secure cookie whose domain and path it matches")
    func noOverlayOfSecureCookies() throws {
        var jar = CookieJar()
        _ = jar.store(
            "id=secure; Secure; Domain=example.com; Path=/app", from: try CookieTesting.url("https://example.com/"),
            at: now)
        let http = try CookieTesting.url("http://www.example.com/")
        #expect(rejected(jar.store("id=x; Path=/app/deep", from: http, at: now)) == .insecureOrigin)
        #expect(
            rejected(jar.store("id=x; Path=/app", from: try CookieTesting.url("http://example.com/"), at: now))
                == .insecureOrigin)
        // A path that does not path-match the secure cookie's, or another name, is fine
        #expect(cookie(jar.store("id=x; Path=/", from: http, at: now)) != nil)
        #expect(cookie(jar.store("other=x; Path=/app", from: http, at: now)) != nil)
        // And https may replace it
        #expect(
            cookie(
                jar.store(
                    "id=new; Secure; Domain=example.com; Path=/app",
                    from: try CookieTesting.url("https://example.com/"), at: now)) != nil)
    }

    @Test(
        "RFC 6265bis §4.1.3: __Secure- needs Secure; __Host- needs Secure, no Domain and Path=/ (prefixes ignore case)")
    func prefixes() throws {
        var jar = CookieJar()
        let https = try CookieTesting.url("https://www.example.com/a/b")
        #expect(rejected(jar.store("__Secure-a=1", from: https, at: now)) == .prefixRequirements(prefix: "__Secure-"))
        #expect(cookie(jar.store("__Secure-a=1; Secure", from: https, at: now)) != nil)
        #expect(rejected(jar.store("__secure-b=1", from: https, at: now)) == .prefixRequirements(prefix: "__Secure-"))
        #expect(
            rejected(jar.store("__Secure-c=1; Secure", from: try CookieTesting.url("http://example.com/"), at: now))
                == .insecureOrigin)
        #expect(cookie(jar.store("__Host-d=1; Secure; Path=/", from: https, at: now))?.isHostOnly == true)
        #expect(
            rejected(jar.store("__Host-e=1; Secure", from: https, at: now)) == .prefixRequirements(prefix: "__Host-"))
        #expect(
            rejected(jar.store("__Host-e=1; Secure; Path=/a", from: https, at: now))
                == .prefixRequirements(prefix: "__Host-"))
        #expect(
            rejected(jar.store("__HOST-e=1; Secure; Path=/; Domain=example.com", from: https, at: now))
                == .prefixRequirements(prefix: "__Host-")
        )
        #expect(
            rejected(jar.store("__Host-e=1; Path=/", from: https, at: now)) == .prefixRequirements(prefix: "__Host-"))
        // A nameless cookie cannot smuggle a prefix in its value
        #expect(
            rejected(jar.store("__Host-f; Secure; Path=/", from: https, at: now))
                == .prefixRequirements(prefix: "__Host-"))
    }

    @Test("§5.3 eviction: past a domain's limit the least recently used cookie of that domain goes")
    func evictionPerDomain() throws {
        // Given a jar keeping three cookies per domain, holding a, b and c stored one second apart
        var limits = CookieJar.Limits()
        limits.cookiesPerDomain = 3
        var jar = CookieJar(limits: limits)
        for (offset, name) in ["a", "b", "c"].enumerated() {
            let url = try CookieTesting.url("https://example.com/\(name)/page")
            _ = jar.store("\(name)=1", from: url, at: now.addingTimeInterval(Double(offset)))
        }
        _ = jar.store("other=1", from: try CookieTesting.url("https://other.org/"), at: now)
        // When "a" is sent again, then d and e arrive
        #expect(
            jar.cookieHeader(for: try CookieTesting.url("https://example.com/a/x"), at: now.addingTimeInterval(10))
                == "a=1")
        _ = jar.store("d=1", from: try CookieTesting.url("https://example.com/"), at: now.addingTimeInterval(11))
        #expect(jar.cookies.map(\.name).sorted() == ["a", "c", "d", "other"])
        _ = jar.store("e=1", from: try CookieTesting.url("https://example.com/"), at: now.addingTimeInterval(12))
        // Then b and c, the least recently used, were evicted, and other domains kept theirs
        #expect(jar.cookies.map(\.name).sorted() == ["a", "d", "e", "other"])
    }

    @Test("§5.3 eviction: past the jar's limit expired cookies go first, then the least recently used of all")
    func evictionInTotal() throws {
        var limits = CookieJar.Limits()
        limits.cookies = 3
        var jar = CookieJar(limits: limits)
        _ = jar.store("x=1; Max-Age=50", from: try CookieTesting.url("https://one.com/"), at: now)
        _ = jar.store("y=1", from: try CookieTesting.url("https://two.com/"), at: now.addingTimeInterval(1))
        _ = jar.store("z=1", from: try CookieTesting.url("https://three.com/"), at: now.addingTimeInterval(2))
        // When a fourth arrives after x expired, x goes rather than y
        _ = jar.store("w=1", from: try CookieTesting.url("https://four.com/"), at: now.addingTimeInterval(100))
        #expect(jar.cookies.map(\.name).sorted() == ["w", "y", "z"])
        // When a fifth arrives, the least recently used (y) goes
        _ = jar.store("v=1", from: try CookieTesting.url("https://five.com/"), at: now.addingTimeInterval(101))
        #expect(jar.cookies.map(\.name).sorted() == ["v", "w", "z"])
    }
}

extension CookieJarStorageTests {
    @Test("a SetCookie made in code goes through the same storage model as a parsed one")
    func storeParsedValue() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://www.example.com/a/b")
        let field = SetCookie(name: "a", value: "1", maxAge: 60, domain: "example.com", isSecure: true)
        let change = jar.store(field, from: url, at: now)
        #expect(
            change
                == .stored(
                    Cookie(
                        name: "a", value: "1", domain: "example.com", path: "/a", expiresAt: now.addingTimeInterval(60),
                        createdAt: now, isHostOnly: false, isSecure: true))
        )
        #expect(try SetCookie(parsing: "a=1; Max-Age=60; Domain=example.com; Secure") == field)
    }
}
