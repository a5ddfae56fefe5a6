import Foundation
import Testing

@testable import NetworkKit

/// Hostile and broken `Set-Cookie` input: control characters, huge fields, floods, absurd dates.
@Suite("Cookies from bad input")
struct CookieBadInputTests {
    let now = CookieTesting.now

    @Test("fields with NULs or other control characters are rejected and store nothing")
    func controlCharacters() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/")
        for field in ["a=\u{0}", "\u{0}", "a=b;\u{0}Secure", "a=b\u{1B}[31m", "a=b\nSet-Cookie: admin=1", "a\u{7F}=b"] {
            guard case .rejected(let rejection) = jar.store(field, from: url, at: now) else {
                Issue.record("stored \(field.debugDescription)")
                continue
            }
            #expect(rejection.reason == .controlCharacter)
        }
        #expect(jar.cookies.isEmpty)
    }

    @Test("a 1 MiB field: a huge value is rejected, huge attributes are ignored, the cookie itself kept")
    func oneMebibyteField() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/dir/page")
        let mebibyte = String(repeating: "x", count: 1 << 20)
        #expect(
            jar.store("a=" + mebibyte, from: url, at: now)
                == .rejected(CookieRejection(name: "a", reason: .tooLarge(limit: 4096))))
        let change = jar.store("b=1; Path=/" + mebibyte + "; Domain=" + mebibyte, from: url, at: now)
        guard case .stored(let cookie) = change else {
            Issue.record("expected b to be stored, got \(change)")
            return
        }
        #expect(cookie.path == "/dir" && cookie.isHostOnly)
        // And a mebibyte of empty attributes is only slow to walk, not a reason to refuse
        let semicolons = jar.store("c=1" + String(repeating: ";", count: 1 << 20), from: url, at: now)
        #expect(
            semicolons == .stored(Cookie(name: "c", value: "1", domain: "example.com", path: "/dir", createdAt: now)))
        #expect(jar.cookies.count == 2)
        #expect(SetCookie.split(combined: String(repeating: "a=1, ", count: 1000)).count == 1000)
    }

    @Test("10,000 Set-Cookie fields from one response stay within the limits and cost other domains nothing")
    func flood() throws {
        // Given a store holding cookies of other sites, used earlier
        var limits = CookieJar.Limits()
        limits.cookiesPerDomain = 50
        limits.cookies = 200
        var jar = CookieJar(limits: limits)
        for site in 0..<20 {
            _ = jar.store("keep=\(site)", from: try CookieTesting.url("https://site\(site).example/"), at: now)
        }
        let before = jar.cookies.sorted { $0.domain < $1.domain }
        // When one response sets 10,000 cookies, then 10,000 broken ones
        let url = try CookieTesting.url("https://flood.example/")
        let later = now.addingTimeInterval(60)
        let fields = (0..<10_000).map { "f\($0)=\(String(repeating: "v", count: 100)); Path=/" }
        let changes = fields.map { jar.store($0, from: url, at: later) }
        let broken = (0..<10_000).map { jar.store("g\($0)=\u{0}", from: url, at: later) }
        // Then every valid field was stored in turn, the newest 50 are kept, and nothing else was lost
        #expect(changes.allSatisfy { if case .stored = $0 { true } else { false } })
        #expect(broken.allSatisfy { if case .rejected = $0 { true } else { false } })
        let flooded = jar.cookies.filter { $0.domain == "flood.example" }
        #expect(flooded.count == 50)
        #expect(Set(flooded.map(\.name)) == Set((9950..<10_000).map { "f\($0)" }))
        #expect(jar.cookies.filter { $0.domain != "flood.example" }.sorted { $0.domain < $1.domain } == before)
        #expect(jar.cookies.count <= limits.cookies)
    }

    @Test("dates far outside the range: huge years are ignored, huge Max-Ages clamp, nothing traps")
    func farDates() throws {
        var jar = CookieJar()
        let url = try CookieTesting.url("https://example.com/")
        let year99999 = try SetCookie(parsing: "a=1; Expires=Wed, 21 Oct 99999 07:28:00 GMT")
        #expect(year99999.expires == nil)
        let latest = jar.store("b=1; Expires=Fri, 31 Dec 9999 23:59:59 GMT", from: url, at: now)
        #expect(
            latest
                == .stored(
                    Cookie(name: "b", value: "1", domain: "example.com", expiresAt: .distantFuture, createdAt: now)))
        let huge = jar.store("c=1; Max-Age=999999999999999999999999999999", from: url, at: now)
        guard case .stored(let hugeCookie) = huge else {
            Issue.record("expected c to be stored, got \(huge)")
            return
        }
        #expect(hugeCookie.expiresAt == .distantFuture)
        let large = jar.store("d=1; Max-Age=9223372036854775807", from: url, at: now)
        if case .stored(let cookie) = large {
            #expect(cookie.expiresAt == .distantFuture)
        } else {
            Issue.record("\(large)")
        }
        #expect(
            jar.store("e=1; Max-Age=-9223372036854775808", from: url, at: now)
                == .expired(name: "e", domain: "example.com", path: "/"))
        #expect(
            jar.store("f=1; Expires=1 Jan 1601 00:00:00", from: url, at: now)
                == .expired(name: "f", domain: "example.com", path: "/"))
        #expect(try SetCookie(parsing: "g=1; Expires=31 Dec 1600 23:59:59").expires == nil)
        #expect(jar.cookies.count == 3)
    }
}
