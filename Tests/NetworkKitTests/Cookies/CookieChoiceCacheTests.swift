import Foundation
import Testing

@testable import NetworkKit

/// The headers an in-memory store reuses: never one the store's changes or a cookie's expiry made
/// wrong.
@Suite("Reused Cookie headers")
struct CookieChoiceCacheTests {
    let now = CookieTesting.now
    let key = "https://example.com/cart"

    @Test("a choice holds for a second, then is made again")
    func holdsForResolution() {
        // Given a header remembered at `now` from a session cookie
        var cache = CookieChoiceCache()
        let session = Cookie(name: "a", value: "1", domain: "example.com", createdAt: now)
        cache.remember("a=1", of: [session], for: key, at: now)

        // Then it is reused within the resolution, and not at its end nor for another URL
        #expect(cache.header(for: key, at: now) == .some("a=1"))
        let almost = now.addingTimeInterval(CookieChoiceCache.accessResolution / 2)
        #expect(cache.header(for: key, at: almost) == .some("a=1"))
        #expect(cache.header(for: key, at: now.addingTimeInterval(CookieChoiceCache.accessResolution)) == nil)
        #expect(cache.header(for: "https://example.com/other", at: now) == nil)
    }

    @Test("a choice ends when the first of its cookies expires")
    func endsAtExpiry() {
        // Given a header of two cookies, one expiring a tenth of a second from now
        var cache = CookieChoiceCache()
        let lasting = Cookie(name: "a", value: "1", domain: "example.com", createdAt: now)
        let expiring = Cookie(
            name: "b", value: "2", domain: "example.com", expiresAt: now.addingTimeInterval(0.1), createdAt: now)
        cache.remember("a=1; b=2", of: [lasting, expiring], for: key, at: now)

        // Then it holds before the expiry and not from it on
        #expect(cache.header(for: key, at: now.addingTimeInterval(0.05)) == .some("a=1; b=2"))
        #expect(cache.header(for: key, at: now.addingTimeInterval(0.1)) == nil)
    }

    @Test("no cookie for a URL is remembered too, and a full cache starts again")
    func noneAndCapacity() {
        // Given a URL that got no cookie, then as many other URLs as the cache holds
        var cache = CookieChoiceCache()
        cache.remember(nil, of: [], for: key, at: now)
        #expect(cache.header(for: key, at: now) == .some(nil))
        for number in 0..<CookieChoiceCache.capacity {
            cache.remember("n=\(number)", of: [], for: "https://example.com/\(number)", at: now)
        }

        // Then the first was forgotten, the last is kept, and removeAll forgets all
        #expect(cache.header(for: key, at: now) == nil)
        let last = "https://example.com/\(CookieChoiceCache.capacity - 1)"
        #expect(cache.header(for: last, at: now) == .some("n=\(CookieChoiceCache.capacity - 1)"))
        cache.removeAll()
        #expect(cache.header(for: last, at: now) == nil)
    }

    @Test("every change to a store shows in the next header at once")
    func storeChangesShow() throws {
        // Given a store whose header for a URL was just chosen
        let store = InMemoryCookieStore()
        let url = try CookieTesting.url("https://example.com/cart")
        store.insert(Cookie(name: "a", value: "1", domain: "example.com"))
        #expect(store.cookieHeader(for: url) == "a=1")

        // When a response sets another cookie, Then the next header has it
        _ = store.store(["b=2; Max-Age=3600"], from: url)
        #expect(store.cookieHeader(for: url) == "a=1; b=2")
        // When a cookie is inserted or replaced, Then it shows
        store.insert(Cookie(name: "a", value: "changed", domain: "example.com"))
        #expect(store.cookieHeader(for: url)?.components(separatedBy: "; ").sorted() == ["a=changed", "b=2"])
        // When a response deletes one, Then it is gone
        _ = store.store(["b=; Max-Age=0"], from: url)
        #expect(store.cookieHeader(for: url) == "a=changed")
        // When session cookies are removed, Then only persistent ones stay
        _ = store.store(["c=3; Max-Age=3600"], from: url)
        #expect(store.cookieHeader(for: url)?.contains("c=3") == true)
        store.removeSessionCookies()
        #expect(store.cookieHeader(for: url) == "c=3")
        // When everything is removed, Then no header
        store.removeAll()
        #expect(store.cookieHeader(for: url) == nil)
    }
}
