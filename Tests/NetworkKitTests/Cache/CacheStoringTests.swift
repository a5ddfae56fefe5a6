import Foundation
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9111 §3 (storing), §4.4 (invalidation) and §4.3.5 (freshening with HEAD).
@Suite("Storing, invalidation and HEAD (RFC 9111 §3, §4.4, §4.3.5)")
struct CacheStoringTests {
    let cache = CacheTesting.memoryCache()
    let request = CacheTesting.request()

    private func isStorable(_ status: Int, _ fields: [(String, String)], request: URLRequest? = nil) -> Bool {
        CacheStorability.isStorable(
            status: status, headers: CacheTesting.headers(fields), request: request ?? self.request)
    }

    @Test("§3: a response needs public, private, Expires, max-age or a heuristically cacheable status")
    func explicitOrHeuristic() {
        #expect(isStorable(200, []) && isStorable(404, []))
        #expect(!isStorable(201, []) && !isStorable(302, []) && !isStorable(500, []))
        #expect(isStorable(302, [("Cache-Control", "max-age=5")]) && isStorable(500, [("Expires", "0")]))
        #expect(isStorable(307, [("Cache-Control", "private")]) && isStorable(303, [("Cache-Control", "public")]))
        // s-maxage is for shared caches only
        #expect(!isStorable(302, [("Cache-Control", "s-maxage=5")]))
    }

    @Test("§3: no-store in the response or the request, non-final, 206 and 304 statuses are not stored")
    func notStored() {
        #expect(!isStorable(200, [("Cache-Control", "max-age=5, no-store")]))
        #expect(!isStorable(200, [], request: CacheTesting.request([("Cache-Control", "no-store")])))
        #expect(!isStorable(100, []) && !isStorable(206, [("Cache-Control", "max-age=5")]))
        #expect(!isStorable(304, [("Cache-Control", "max-age=5")]))
    }

    @Test("§5.2.2.3: must-understand stores an understood status despite no-store, and nothing else")
    func mustUnderstand() {
        #expect(isStorable(200, [("Cache-Control", "max-age=5, no-store, must-understand")]))
        #expect(!isStorable(299, [("Cache-Control", "max-age=5, must-understand")]))
    }

    @Test("§3.5 is for shared caches: a private cache stores responses to requests with Authorization")
    func authorization() {
        #expect(
            isStorable(
                200, [("Cache-Control", "max-age=5")], request: CacheTesting.request([("Authorization", "Bearer t")])))
    }

    @Test("§3.1: hop-by-hop fields and those Connection names are not stored")
    func storedFields() {
        let stored = CacheStorability.storedFields(
            of: CacheTesting.headers([
                ("Connection", "X-Private"), ("X-Private", "1"), ("Keep-Alive", "5"), ("Set-Cookie", "a=1"),
                ("Set-Cookie", "b=2"), ("Proxy-Authenticate", "Basic"),
            ]))
        #expect(stored == CacheTesting.headers([("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")]))
    }

    @Test("§4.4: a non-error response to an unsafe method invalidates the target and same-origin Location URIs")
    func invalidation() {
        // Given three stored URLs on one origin and one on another
        let urls = ["https://example.com/a", "https://example.com/b", "https://example.com/c", "https://other.com/d"]
        for url in urls { CacheTesting.store(cache, CacheTesting.request(url), [("Cache-Control", "max-age=100")]) }
        // When a POST to /a answers 201 with Location /b and Content-Location https://other.com/d
        cache.store(
            request: CacheTesting.request("https://example.com/a", method: "POST"), status: 201,
            headers: CacheTesting.headers([("Location", "/b"), ("Content-Location", "https://other.com/d")]),
            body: Data(), requestTime: CacheTesting.now, responseTime: CacheTesting.now)
        // Then /a and /b are gone, and /c and the other origin's /d are kept
        let results = urls.map { cache.lookup(CacheTesting.request($0), now: CacheTesting.now).isFresh }
        #expect(results == [false, false, true, true])
    }

    @Test("§4.4: an error response or a safe method invalidates nothing")
    func noInvalidation() {
        CacheTesting.store(cache, request, [("Cache-Control", "max-age=100")])
        for (method, status) in [("DELETE", 500), ("DELETE", 404), ("OPTIONS", 200)] {
            cache.store(
                request: CacheTesting.request(method: method), status: status, headers: HTTPHeaders(), body: Data(),
                requestTime: CacheTesting.now, responseTime: CacheTesting.now)
        }
        #expect(cache.lookup(request, now: CacheTesting.now).isFresh)
        // A method the cache does not know is unsafe
        cache.store(
            request: CacheTesting.request(method: "PURGE"), status: 200, headers: HTTPHeaders(), body: Data(),
            requestTime: CacheTesting.now, responseTime: CacheTesting.now)
        #expect(cache.lookup(request, now: CacheTesting.now) == .miss)
    }

    @Test("§4.3.5: a HEAD 200 with matching validators freshens the stored GET response")
    func headFreshens() throws {
        CacheTesting.store(
            cache, request, [("Cache-Control", "max-age=10"), ("ETag", "\"h\""), ("Content-Length", "7")])
        cache.store(
            request: CacheTesting.request(method: "HEAD"), status: 200,
            headers: CacheTesting.headers([
                ("Cache-Control", "max-age=3600"), ("ETag", "\"h\""), ("Content-Length", "7"),
                ("Date", CacheTesting.httpDate(100)), ("X-New", "1"),
            ]),
            body: Data(), requestTime: CacheTesting.at(100), responseTime: CacheTesting.at(100))
        let response = try #require(cache.lookup(request, now: CacheTesting.at(200)).response)
        #expect(response.headers["X-New"] == "1" && response.body == Data("content".utf8))
    }

    @Test("§4.3.5: a HEAD 200 whose ETag or Content-Length differs makes the stored response unusable")
    func headInvalidates() {
        CacheTesting.store(cache, request, [("Cache-Control", "max-age=1000"), ("ETag", "\"h\"")])
        cache.store(
            request: CacheTesting.request(method: "HEAD"), status: 200,
            headers: CacheTesting.headers([("ETag", "\"other\"")]), body: Data(), requestTime: CacheTesting.now,
            responseTime: CacheTesting.now)
        #expect(cache.lookup(request, now: CacheTesting.now) == .miss)
        CacheTesting.store(cache, request, [("Cache-Control", "max-age=1000")])
        cache.store(
            request: CacheTesting.request(method: "HEAD"), status: 200,
            headers: CacheTesting.headers([("Content-Length", "99")]), body: Data(), requestTime: CacheTesting.now,
            responseTime: CacheTesting.now)
        #expect(cache.lookup(request, now: CacheTesting.now) == .miss)
    }

    @Test("A 5xx answer keeps the stored response for stale-if-error; a non-storable 200 replaces it")
    func replacement() {
        CacheTesting.store(cache, request, [("Cache-Control", "max-age=10, stale-if-error=100")])
        CacheTesting.store(cache, request, status: 503, [])
        #expect(cache.responseAfterError(for: request, now: CacheTesting.at(20)) != nil)
        CacheTesting.store(cache, request, [("Cache-Control", "no-store")])
        #expect(cache.responseAfterError(for: request, now: CacheTesting.at(20)) == nil)
    }
}
