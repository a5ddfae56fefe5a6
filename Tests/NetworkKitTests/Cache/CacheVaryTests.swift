import Foundation
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9111 §4.1: secondary keys.
@Suite("Vary (RFC 9111 §4.1)")
struct CacheVaryTests {
    let cache = CacheTesting.memoryCache()

    @Test("A stored response answers a request with the same values of the fields its Vary names")
    func match() {
        // Given a response varying on Accept-Language, stored for "en"
        CacheTesting.store(
            cache, CacheTesting.request([("Accept-Language", "en")]),
            [("Cache-Control", "max-age=60"), ("Vary", "Accept-Language")])
        // Then a request for "en" matches and one for "fr" or none does not
        #expect(cache.lookup(CacheTesting.request([("Accept-Language", "en")]), now: CacheTesting.now).isFresh)
        #expect(cache.lookup(CacheTesting.request([("Accept-Language", "fr")]), now: CacheTesting.now) == .miss)
        #expect(cache.lookup(CacheTesting.request(), now: CacheTesting.now) == .miss)
    }

    @Test("A field absent from both requests matches; present in one only, it does not")
    func absentFields() {
        CacheTesting.store(cache, CacheTesting.request(), [("Cache-Control", "max-age=60"), ("Vary", "X-Token")])
        #expect(cache.lookup(CacheTesting.request(), now: CacheTesting.now).isFresh)
        #expect(cache.lookup(CacheTesting.request([("X-Token", "")]), now: CacheTesting.now) == .miss)
    }

    @Test("Values are normalised: spaces around the value and its commas, and field-name case, do not matter")
    func normalisation() {
        CacheTesting.store(
            cache, CacheTesting.request([("accept-encoding", "gzip,br")]),
            [("Cache-Control", "max-age=60"), ("Vary", "ACCEPT-ENCODING")])
        let spaced = CacheTesting.request([("Accept-Encoding", "  gzip ,\tbr ")])
        #expect(cache.lookup(spaced, now: CacheTesting.now).isFresh)
        // Values compare case-sensitively
        #expect(cache.lookup(CacheTesting.request([("Accept-Encoding", "GZIP, BR")]), now: CacheTesting.now) == .miss)
        #expect(CacheVary.normalized("  gzip ,br,\tdeflate ") == "gzip, br, deflate")
    }

    @Test("Vary: * never matches, so such a response is not stored and replaces the variant it would")
    func star() {
        CacheTesting.store(cache, CacheTesting.request(), [("Cache-Control", "max-age=60")], body: "old")
        CacheTesting.store(cache, CacheTesting.request(), [("Cache-Control", "max-age=60"), ("Vary", "Accept, *")])
        #expect(cache.lookup(CacheTesting.request(), now: CacheTesting.now) == .miss)
        #expect(cache.currentBytes == 0)
    }

    @Test("Several variants of one URL are kept, and a new response replaces only the one it matches")
    func variants() {
        let vary: [(String, String)] = [("Cache-Control", "max-age=60"), ("Vary", "Accept")]
        CacheTesting.store(cache, CacheTesting.request([("Accept", "text/html")]), vary, body: "html")
        CacheTesting.store(cache, CacheTesting.request([("Accept", "application/json")]), vary, body: "json")
        CacheTesting.store(cache, CacheTesting.request([("Accept", "text/html")]), vary, body: "html 2")
        let html = cache.lookup(CacheTesting.request([("Accept", "text/html")]), now: CacheTesting.now)
        let json = cache.lookup(CacheTesting.request([("Accept", "application/json")]), now: CacheTesting.now)
        #expect(html.response?.body == Data("html 2".utf8))
        #expect(json.response?.body == Data("json".utf8))
    }

    @Test("A Vary of 1,000 fields is handled in linear time, and its values are all compared")
    func thousandFields() {
        // Given a response varying on 1,000 fields, one of them repeated, and a request with them all
        let names = (0..<1000).map { "X-Field-\($0)" }
        let fields = names.map { ($0, "value \($0)") }
        let vary = (names + ["x-field-0"]).joined(separator: ", ")
        CacheTesting.store(cache, CacheTesting.request(fields), [("Cache-Control", "max-age=60"), ("Vary", vary)])
        // Then the same request matches and one differing in the last field does not
        #expect(cache.lookup(CacheTesting.request(fields), now: CacheTesting.now).isFresh)
        var changed = fields
        changed[999].1 = "other"
        #expect(cache.lookup(CacheTesting.request(changed), now: CacheTesting.now) == .miss)
        #expect(CacheVary.fieldNames(in: CacheTesting.headers([("Vary", vary)]))?.count == 1000)
    }
}
