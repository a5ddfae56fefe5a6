import Foundation
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9111 §4.3: conditional requests, 304 handling, and the directives that force or relax
/// validation (§5.2.2.2, §5.2.2.4, RFC 5861).
@Suite("Validation (RFC 9111 §4.3)")
struct CacheValidationTests {
    let cache = CacheTesting.memoryCache()

    @Test("§4.3.1: a stale response is validated with If-None-Match listing every stored variant's tag")
    func conditionalHeadersWithAllTags() {
        // Given two variants with entity tags, now stale
        let fields: [(String, String)] = [("Cache-Control", "max-age=10"), ("Vary", "Accept")]
        CacheTesting.store(cache, CacheTesting.request([("Accept", "a")]), fields + [("ETag", "\"a\"")])
        CacheTesting.store(
            cache, CacheTesting.request([("Accept", "b")]),
            fields + [("ETag", "W/\"b\""), ("Last-Modified", CacheTesting.httpDate(-100))])
        // When a request for "b" is looked up after they went stale
        let lookup = cache.lookup(CacheTesting.request([("Accept", "b")]), now: CacheTesting.at(20))
        // Then both tags are sent, and If-Modified-Since is not (several responses are validated)
        let headers = lookup.conditionalHeaders
        #expect(headers?["If-None-Match"] == "\"a\", W/\"b\"")
        #expect(headers?["If-Modified-Since"] == nil)
    }

    @Test("§4.3.1: a single stored response with Last-Modified is validated with If-Modified-Since too")
    func ifModifiedSince() {
        let modified = CacheTesting.httpDate(-100)
        CacheTesting.store(
            cache, CacheTesting.request(),
            [("Cache-Control", "max-age=10"), ("ETag", "\"x\""), ("Last-Modified", modified)])
        let headers = cache.lookup(CacheTesting.request(), now: CacheTesting.at(20)).conditionalHeaders
        #expect(headers?["If-None-Match"] == "\"x\"" && headers?["If-Modified-Since"] == modified)
        // Without validators the validation is a plain request
        let other = CacheTesting.request("https://example.com/other")
        CacheTesting.store(cache, other, [("Cache-Control", "max-age=10")])
        #expect(cache.lookup(other, now: CacheTesting.at(20)).conditionalHeaders?.isEmpty == true)
    }

    @Test("§4.3.4, §3.2: a 304 updates the stored fields but not Content-Length, and the content is reused")
    func notModifiedUpdate() throws {
        // Given a stale stored response
        CacheTesting.store(
            cache, CacheTesting.request(),
            [("Cache-Control", "max-age=10"), ("ETag", "\"x\""), ("Content-Length", "7"), ("X-Version", "1")])
        // When a 304 with new freshness, a new X-Version and a wrong Content-Length arrives at 100 s
        let notModified = CacheTesting.headers([
            ("ETag", "\"x\""), ("Cache-Control", "max-age=3600"), ("X-Version", "2"), ("Content-Length", "0"),
            ("Date", CacheTesting.httpDate(100)), ("Connection", "close, X-Hop"), ("X-Hop", "1"),
        ])
        let response = try #require(
            cache.update(
                request: CacheTesting.request(), notModified: notModified, requestTime: CacheTesting.at(100),
                responseTime: CacheTesting.at(100)))
        // Then the response is the stored content with the new fields, Content-Length kept
        #expect(response.source == .revalidated && response.status == 200 && response.body == Data("content".utf8))
        #expect(response.headers["X-Version"] == "2" && response.headers["Content-Length"] == "7")
        #expect(response.headers["Cache-Control"] == "max-age=3600" && response.headers["X-Hop"] == nil)
        #expect(response.headers["Connection"] == nil)
        // And it is fresh again for later requests
        #expect(cache.lookup(CacheTesting.request(), now: CacheTesting.at(200)).isFresh)
    }

    @Test("§4.3.4: a strong tag in a 304 selects only responses with that strong tag")
    func strongTagSelection() {
        CacheTesting.store(cache, CacheTesting.request(), [("Cache-Control", "max-age=10"), ("ETag", "\"x\"")])
        let other = CacheTesting.headers([("ETag", "\"y\""), ("Cache-Control", "max-age=3600")])
        #expect(
            cache.update(
                request: CacheTesting.request(), notModified: other, requestTime: CacheTesting.at(20),
                responseTime: CacheTesting.at(20)) == nil)
        // A weak tag matches by weak comparison
        let weak = CacheTesting.headers([("ETag", "W/\"x\""), ("Cache-Control", "max-age=3600")])
        #expect(
            cache.update(
                request: CacheTesting.request(), notModified: weak, requestTime: CacheTesting.at(20),
                responseTime: CacheTesting.at(20)) != nil)
    }

    @Test("§4.3.3: a full 200 answer to a validation replaces the stored response")
    func fullResponseReplaces() {
        CacheTesting.store(
            cache, CacheTesting.request(), [("Cache-Control", "max-age=10"), ("ETag", "\"1\"")], body: "one")
        CacheTesting.store(
            cache, CacheTesting.request(), [("Cache-Control", "max-age=10"), ("ETag", "\"2\"")], body: "two",
            requestTime: CacheTesting.at(20))
        let lookup = cache.lookup(CacheTesting.request(), now: CacheTesting.at(25))
        #expect(lookup.response?.body == Data("two".utf8))
    }

    @Test("§5.2.2.2: must-revalidate forbids serving stale, even with max-stale or stale-if-error")
    func mustRevalidate() {
        CacheTesting.store(
            cache, CacheTesting.request(),
            [("Cache-Control", "max-age=10, must-revalidate, stale-if-error=600, stale-while-revalidate=600")])
        let request = CacheTesting.request([("Cache-Control", "max-stale")])
        #expect(cache.lookup(request, now: CacheTesting.at(20)).conditionalHeaders != nil)
        #expect(cache.responseAfterError(for: CacheTesting.request(), now: CacheTesting.at(20)) == nil)
        // While fresh it is served
        #expect(cache.lookup(CacheTesting.request(), now: CacheTesting.at(5)).isFresh)
    }

    @Test("§5.2.2.4: no-cache forces validation even while fresh")
    func noCache() {
        CacheTesting.store(
            cache, CacheTesting.request(), [("Cache-Control", "max-age=3600, no-cache"), ("ETag", "\"n\"")])
        #expect(
            cache.lookup(CacheTesting.request(), now: CacheTesting.now).conditionalHeaders?["If-None-Match"] == "\"n\"")
    }

    @Test("§5.2.2.4: no-cache with field names serves the fresh response without those fields until validated")
    func noCacheWithFields() throws {
        CacheTesting.store(
            cache, CacheTesting.request(),
            [("Cache-Control", "max-age=3600, no-cache=\"Set-Cookie\""), ("Set-Cookie", "a=1"), ("ETag", "\"f\"")])
        let response = try #require(cache.lookup(CacheTesting.request(), now: CacheTesting.now).response)
        #expect(response.headers["Set-Cookie"] == nil && response.headers["ETag"] == "\"f\"")
        let validated = try #require(
            cache.update(
                request: CacheTesting.request(), notModified: CacheTesting.headers([("ETag", "\"f\"")]),
                requestTime: CacheTesting.now, responseTime: CacheTesting.now))
        #expect(validated.headers["Set-Cookie"] == "a=1")
    }

    @Test("RFC 5861 §3: within stale-while-revalidate the stale response is served with a background validation")
    func staleWhileRevalidate() throws {
        CacheTesting.store(
            cache, CacheTesting.request(),
            [("Cache-Control", "max-age=10, stale-while-revalidate=30"), ("ETag", "\"s\"")])
        guard case .stale(let response, let validation) = cache.lookup(CacheTesting.request(), now: CacheTesting.at(35))
        else {
            Issue.record("expected a stale answer")
            return
        }
        #expect(response.source == .stale && response.age == 35)
        #expect(validation?.conditionalHeaders["If-None-Match"] == "\"s\"")
        // Past the window it is validated before use
        #expect(cache.lookup(CacheTesting.request(), now: CacheTesting.at(41)).conditionalHeaders != nil)
    }

    @Test("RFC 5861 §4: after an error, stale-if-error allows the stale response within its window")
    func staleIfError() throws {
        CacheTesting.store(cache, CacheTesting.request(), [("Cache-Control", "max-age=10, stale-if-error=60")])
        let stale = try #require(cache.responseAfterError(for: CacheTesting.request(), now: CacheTesting.at(70)))
        #expect(stale.source == .stale && stale.headers["Age"] == "70")
        #expect(cache.responseAfterError(for: CacheTesting.request(), now: CacheTesting.at(71)) == nil)
        // The request's own stale-if-error counts too
        let other = CacheTesting.request("https://example.com/other")
        CacheTesting.store(cache, other, [("Cache-Control", "max-age=10")])
        #expect(cache.responseAfterError(for: other, now: CacheTesting.at(20)) == nil)
        var asking = other
        asking.setValue("stale-if-error=100", forHTTPHeaderField: "Cache-Control")
        #expect(cache.responseAfterError(for: asking, now: CacheTesting.at(20)) != nil)
    }
}
