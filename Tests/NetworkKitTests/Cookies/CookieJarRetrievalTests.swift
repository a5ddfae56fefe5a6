import Foundation
import Testing

@testable import NetworkKit

/// RFC 6265 §5.4, the cookies of a request, and the RFC's own examples (§3.1).
@Suite("Cookie header of a request (RFC 6265 §5.4, §3.1)")
struct CookieJarRetrievalTests {
    let now = CookieTesting.now

    @Test("§3.1 example 1: a host-only session cookie comes back to its host")
    func exampleOne() throws {
        var jar = CookieJar()
        _ = jar.store("SID=31d4d96e407aad42", from: try CookieTesting.url("http://www.example.com/"), at: now)
        #expect(
            jar.cookieHeader(for: try CookieTesting.url("http://www.example.com/"), at: now) == "SID=31d4d96e407aad42")
        #expect(jar.cookieHeader(for: try CookieTesting.url("http://example.com/"), at: now) == nil)
    }

    @Test("§3.1 example 2: Path=/ and Domain=example.com reach every path of every subdomain")
    func exampleTwo() throws {
        var jar = CookieJar()
        _ = jar.store(
            "SID=31d4d96e407aad42; Path=/; Domain=example.com", from: try CookieTesting.url("http://www.example.com/"),
            at: now)
        for url in ["http://example.com/", "http://www.example.com/any/where", "http://a.b.example.com/"] {
            #expect(jar.cookieHeader(for: try CookieTesting.url(url), at: now) == "SID=31d4d96e407aad42")
        }
        #expect(jar.cookieHeader(for: try CookieTesting.url("http://notexample.com/"), at: now) == nil)
    }

    @Test("§3.1 example 3: a Secure HttpOnly cookie and a domain cookie are sent together over https")
    func exampleThree() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://www.example.com/")
        _ = jar.store("SID=31d4d96e407aad42; Path=/; Secure; HttpOnly", from: url, at: now)
        _ = jar.store("lang=en-US; Path=/; Domain=example.com", from: url, at: now.addingTimeInterval(1))
        #expect(jar.cookieHeader(for: url, at: now.addingTimeInterval(2)) == "SID=31d4d96e407aad42; lang=en-US")
        // And over plain http only the non-secure one goes
        #expect(jar.cookieHeader(for: try CookieTesting.url("http://www.example.com/"), at: now) == "lang=en-US")
    }

    @Test("§3.1 example 4: Expires makes a persistent cookie, and an expiry in the past removes it")
    func exampleFour() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://www.example.com/")
        let setAt = Date(timeIntervalSince1970: 1_600_000_000)  // before 9 June 2021
        _ = jar.store("lang=en-US; Expires=Wed, 09 Jun 2021 10:18:14 GMT", from: url, at: setAt)
        #expect(jar.cookies.first?.expiresAt == Date(timeIntervalSince1970: 1_623_233_894))
        #expect(jar.cookieHeader(for: url, at: setAt) == "lang=en-US")
        #expect(jar.cookieHeader(for: url, at: Date(timeIntervalSince1970: 1_623_233_894)) == nil)
        _ = jar.store("lang=en-US; Expires=Wed, 09 Jun 2021 10:18:14 GMT", from: url, at: setAt)
        _ = jar.store("lang=; Expires=Sun, 06 Nov 1994 08:49:37 GMT", from: url, at: setAt)
        #expect(jar.cookies.isEmpty)
    }

    @Test("§5.4 step 1: host-only cookies go to their host only, domain cookies to subdomains too")
    func stepOneDomains() throws {
        var jar = CookieJar()
        _ = jar.store("host=1", from: try CookieTesting.url("https://example.com/"), at: now)
        let url = try CookieTesting.url("https://example.com/")
        _ = jar.store("dom=1; Domain=example.com", from: url, at: now.addingTimeInterval(1))
        #expect(jar.cookieHeader(for: try CookieTesting.url("https://EXAMPLE.com/"), at: now) == "host=1; dom=1")
        #expect(jar.cookieHeader(for: try CookieTesting.url("https://api.example.com/"), at: now) == "dom=1")
        #expect(jar.cookieHeader(for: try CookieTesting.url("https://example.org/"), at: now) == nil)
    }

    @Test("§5.4 step 1: the request path must path-match the cookie's")
    func stepOnePaths() throws {
        var jar = CookieJar()
        _ = jar.store("a=1; Path=/docs", from: try CookieTesting.url("https://example.com/"), at: now)
        #expect(jar.cookieHeader(for: try CookieTesting.url("https://example.com/docs"), at: now) == "a=1")
        #expect(jar.cookieHeader(for: try CookieTesting.url("https://example.com/docs/x"), at: now) == "a=1")
        #expect(jar.cookieHeader(for: try CookieTesting.url("https://example.com/docsx"), at: now) == nil)
        #expect(jar.cookieHeader(for: try CookieTesting.url("https://example.com/"), at: now) == nil)
    }

    @Test("§5.4 step 1: secure-only cookies go only over https and wss; expired cookies never, and are removed")
    func stepOneSecureAndExpired() throws {
        var jar = CookieJar()
        _ = jar.store("s=1; Secure", from: try CookieTesting.url("https://example.com/"), at: now)
        _ = jar.store("t=1; Max-Age=10", from: try CookieTesting.url("https://example.com/"), at: now)
        #expect(jar.cookieHeader(for: try CookieTesting.url("wss://example.com/"), at: now) == "s=1; t=1")
        #expect(jar.cookieHeader(for: try CookieTesting.url("ws://example.com/"), at: now) == "t=1")
        #expect(
            jar.cookieHeader(for: try CookieTesting.url("https://example.com/"), at: now.addingTimeInterval(10))
                == "s=1")
        #expect(jar.cookies.map(\.name) == ["s"])
    }

    @Test("§5.4 step 2: longer paths first, then earlier creation times")
    func stepTwoOrder() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/")
        _ = jar.store("late=1; Path=/", from: url, at: now.addingTimeInterval(5))
        _ = jar.store("deep=1; Path=/a/b", from: url, at: now.addingTimeInterval(6))
        _ = jar.store("early=1; Domain=example.com; Path=/", from: url, at: now)
        _ = jar.store("mid=1; Path=/a", from: url, at: now.addingTimeInterval(7))
        #expect(
            jar.cookieHeader(for: try CookieTesting.url("https://example.com/a/b/c"), at: now)
                == "deep=1; mid=1; early=1; late=1")
    }

    @Test("§5.4 step 3: sending a cookie updates its last-access time, not its creation time")
    func stepThreeLastAccess() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/")
        _ = jar.store("a=1", from: url, at: now)
        let later = now.addingTimeInterval(30)
        let sent = jar.cookies(for: url, at: later)
        #expect(sent.map(\.lastAccessedAt) == [later])
        #expect(jar.cookies.map(\.lastAccessedAt) == [later])
        #expect(jar.cookies.map(\.createdAt) == [now])
    }

    @Test("§5.4 step 4: the header joins name=value with \"; \", a nameless cookie is its value alone")
    func stepFourHeader() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/")
        _ = jar.store("a=1", from: url, at: now)
        _ = jar.store("bare", from: url, at: now.addingTimeInterval(1))
        _ = jar.store("=also", from: url, at: now.addingTimeInterval(2))
        // "bare" and "=also" are both the nameless cookie, so the second replaces the first
        #expect(jar.cookieHeader(for: url, at: now) == "a=1; also")
    }

    @Test("insert keeps an imported cookie as it is, lowercasing its domain and dropping a leading dot")
    func insertImported() throws {
        var jar = CookieJar()
        jar.insert(Cookie(name: "a", value: "1", domain: ".Example.com", createdAt: now, isHostOnly: false))
        jar.insert(Cookie(name: "a", value: "2", domain: "example.com", createdAt: now, isHostOnly: false))
        #expect(jar.cookies.map(\.value) == ["2"])
        #expect(jar.cookieHeader(for: try CookieTesting.url("http://www.example.com/"), at: now) == "a=2")
        jar.insert(Cookie(name: "s", value: "1", domain: "example.com", createdAt: now))
        jar.removeSessionCookies()
        #expect(jar.cookies.isEmpty)
    }
}
