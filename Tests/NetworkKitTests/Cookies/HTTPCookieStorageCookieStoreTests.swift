import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTPCookieStorageCookieStore: cookies shared with Foundation's HTTPCookieStorage")
struct HTTPCookieStorageCookieStoreTests {
    /// An empty storage of the test's own, in memory: an ephemeral session configuration's
    /// (swift-corelibs-foundation has no public initialiser, and keeps a file in the home folder
    /// for each group container's storage, rewritten on every change).
    static func makeStorage(_ test: String = #function) -> HTTPCookieStorage {
        URLSessionConfiguration.ephemeral.httpCookieStorage ?? HTTPCookieStorage.shared
    }

    static let cookies: [Cookie] = [
        Cookie(name: "session", value: "abc", domain: "example.com", isHTTPOnly: true),
        Cookie(
            name: "locale", value: "en", domain: "example.com", path: "/shop",
            expiresAt: Date(timeIntervalSince1970: 2_000_000_000), isHostOnly: false, isSecure: true),
    ]

    @Test("a cookie converted to HTTPCookie and back keeps its fields; a leading dot means subdomains")
    func conversions() throws {
        for cookie in Self.cookies {
            // Given a cookie
            // When it becomes an HTTPCookie and back
            let foundation = try #require(HTTPCookie(cookie))
            let back = try #require(Cookie(foundation))

            // Then Foundation's form uses its conventions and nothing is lost
            #expect(foundation.domain == (cookie.isHostOnly ? "example.com" : ".example.com"))
            #expect(foundation.isSessionOnly == cookie.isSession)
            #expect(foundation.isHTTPOnly == cookie.isHTTPOnly)
            #expect(foundation.isSecure == cookie.isSecure)
            #expect(CookieFileFields(back) == CookieFileFields(cookie))
        }
    }

    @Test("Foundation cookies it cannot describe are refused, not crashed on")
    func refusedConversions() throws {
        #expect(HTTPCookie(Cookie(name: "", value: "nameless", domain: "example.com")) == nil)
        let dotOnly = try #require(
            HTTPCookie(properties: [.name: "a", .value: "b", .domain: ".", .path: "/"]))
        #expect(Cookie(dotOnly) == nil)
    }

    @Test("insert, cookies, removeSessionCookies and removeAll work on the storage")
    func storeOperations() throws {
        // Given a store over an empty storage
        let storage = Self.makeStorage()
        defer { storage.cookies?.forEach(storage.deleteCookie) }
        let store = HTTPCookieStorageCookieStore(storage: storage)

        // When cookies are inserted, one twice under both spellings of its domain
        for cookie in Self.cookies { store.insert(cookie) }
        var subdomainSession = Self.cookies[0]
        subdomainSession.isHostOnly = false
        store.insert(subdomainSession)

        // Then the storage holds two cookies, the replaced one under its new spelling only
        #expect(storage.cookies?.count == 2)
        #expect(Set(storage.cookies?.map(\.domain) ?? []) == [".example.com"])
        #expect(Set(store.cookies.map(\.name)) == ["session", "locale"])

        // When session cookies are removed, then all
        store.removeSessionCookies()
        let afterSession = store.cookies.map(\.name)
        store.removeAll()

        // Then first only the lasting cookie is left, then none
        #expect(afterSession == ["locale"])
        #expect(storage.cookies?.isEmpty != false)
    }

    @Test(
        "cookieHeader asks a jar of all the storage's cookies, paths included")
    func cookieHeader() throws {
        // Given a storage with cookies on two paths, set through Foundation directly
        let storage = Self.makeStorage()
        defer { storage.cookies?.forEach(storage.deleteCookie) }
        for cookie in [
            Cookie(name: "root", value: "1", domain: "example.com"),
            Cookie(name: "shop", value: "2", domain: "example.com", path: "/shop"),
        ] {
            try storage.setCookie(#require(HTTPCookie(cookie)))
        }
        let store = HTTPCookieStorageCookieStore(storage: storage)

        // When headers are asked for two paths
        let shop = store.cookieHeader(for: try #require(URL(string: "http://example.com/shop/cart")))
        let root = store.cookieHeader(for: try #require(URL(string: "http://example.com/")))

        // Then each carries the cookies of its path, longer paths first
        #expect(shop == "shop=2; root=1")
        #expect(root == "root=1")
    }

    @Test(
        "store(_:from:) lets the jar decide and writes what it stored to the storage")
    func storeFields() throws {
        // Given an empty storage
        let storage = Self.makeStorage()
        defer { storage.cookies?.forEach(storage.deleteCookie) }
        let store = HTTPCookieStorageCookieStore(storage: storage)
        let url = try #require(URL(string: "http://www.example.com/login"))

        // When a response sets a cookie, one for another domain, and then expires the first
        let changes = store.store(["id=1; Path=/", "evil=1; Domain=other.com"], from: url)
        let stored = Set(storage.cookies?.map(\.name) ?? [])
        store.store(["id=; Path=/; Max-Age=0"], from: url)

        // Then the jar's decisions reached the storage
        #expect(changes.count == 2)
        #expect(stored == ["id"])
        #expect(storage.cookies?.isEmpty != false)
    }
}
