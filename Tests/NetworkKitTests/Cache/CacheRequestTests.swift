import Foundation
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9111 §5.2.1 request directives, §5.4 Pragma, and `URLRequest.cachePolicy`.
@Suite("Request directives and cache policies (RFC 9111 §5.2.1)")
struct CacheRequestTests {
    let cache = CacheTesting.memoryCache()

    init() {
        // Given a response fresh for 100 s, with a validator
        CacheTesting.store(cache, CacheTesting.request(), [("Cache-Control", "max-age=100"), ("ETag", "\"r\"")])
    }

    private func lookup(
        _ fields: [(String, String)], at seconds: Double, policy: URLRequest.CachePolicy = .useProtocolCachePolicy
    )
        -> CacheLookup
    {
        cache.lookup(CacheTesting.request(fields, policy: policy), now: CacheTesting.at(seconds))
    }

    @Test("§5.2.1.4: no-cache, or Pragma: no-cache alone, validates a fresh response")
    func noCache() {
        #expect(lookup([("Cache-Control", "no-cache")], at: 1).conditionalHeaders?["If-None-Match"] == "\"r\"")
        #expect(lookup([("Pragma", "no-cache")], at: 1).conditionalHeaders != nil)
        #expect(lookup([("Pragma", "no-cache"), ("Cache-Control", "max-stale")], at: 1).isFresh)
    }

    @Test("§5.2.1.5: no-store keeps the response from being stored, and removes the variant it replaces")
    func noStore() {
        let request = CacheTesting.request([("Cache-Control", "no-store")])
        CacheTesting.store(cache, request, [("Cache-Control", "max-age=100")])
        #expect(lookup([], at: 1) == .miss)
    }

    @Test("§5.2.1.1: max-age accepts only responses no older than it")
    func maxAge() {
        #expect(lookup([("Cache-Control", "max-age=50")], at: 50).isFresh)
        #expect(lookup([("Cache-Control", "max-age=50")], at: 51).conditionalHeaders != nil)
        #expect(lookup([("Cache-Control", "max-age=0")], at: 0).conditionalHeaders != nil)
    }

    @Test("§5.2.1.2: max-stale accepts a stale response, up to its value when it has one")
    func maxStale() {
        #expect(lookup([("Cache-Control", "max-stale=30")], at: 130).response?.source == .stale)
        #expect(lookup([("Cache-Control", "max-stale=30")], at: 131).conditionalHeaders != nil)
        #expect(lookup([("Cache-Control", "max-stale")], at: 1_000_000).response?.source == .stale)
    }

    @Test("§5.2.1.3: min-fresh asks for a response fresh for at least that much longer")
    func minFresh() {
        #expect(lookup([("Cache-Control", "min-fresh=40")], at: 60).isFresh)
        #expect(lookup([("Cache-Control", "min-fresh=40")], at: 61).conditionalHeaders != nil)
    }

    @Test("§5.2.1.7: only-if-cached answers from the cache or is unsatisfiable (504)")
    func onlyIfCached() {
        #expect(lookup([("Cache-Control", "only-if-cached")], at: 1).isFresh)
        #expect(lookup([("Cache-Control", "only-if-cached")], at: 200) == .unsatisfiable)
        let missing = CacheTesting.request("https://example.com/none", [("Cache-Control", "only-if-cached")])
        #expect(cache.lookup(missing, now: CacheTesting.now) == .unsatisfiable)
    }

    @Test("Requests with their own preconditions or a Range, and other methods, pass through")
    func passThrough() {
        #expect(lookup([("If-None-Match", "\"z\"")], at: 1) == .miss)
        #expect(lookup([("Range", "bytes=0-1")], at: 1) == .miss)
        #expect(cache.lookup(CacheTesting.request(method: "POST"), now: CacheTesting.now) == .miss)
        // HEAD is answered from the stored GET response, without content
        let head = cache.lookup(CacheTesting.request(method: "HEAD"), now: CacheTesting.now)
        #expect(head.isFresh && head.response?.body.isEmpty == true)
    }

    @Test("cachePolicy: reloads skip the lookup but the response is still stored")
    func reloadPolicies() {
        #expect(lookup([], at: 1, policy: .reloadIgnoringLocalCacheData) == .miss)
        #expect(lookup([], at: 1, policy: .reloadIgnoringLocalAndRemoteCacheData) == .miss)
        let reload = CacheTesting.request(policy: .reloadIgnoringLocalCacheData)
        CacheTesting.store(cache, reload, [("Cache-Control", "max-age=100")], body: "new")
        #expect(lookup([], at: 1).response?.body == Data("new".utf8))
    }

    @Test("cachePolicy: reloadRevalidatingCacheData validates even a fresh response")
    func revalidatingPolicy() {
        #expect(lookup([], at: 1, policy: .reloadRevalidatingCacheData).conditionalHeaders?["If-None-Match"] == "\"r\"")
    }

    @Test("cachePolicy: returnCacheData… answers with any stored response, stale too")
    func returnCacheDataPolicies() {
        #expect(lookup([], at: 1_000, policy: .returnCacheDataElseLoad).response?.source == .stale)
        #expect(lookup([], at: 1, policy: .returnCacheDataDontLoad).isFresh)
        let missing = CacheTesting.request("https://example.com/none", policy: .returnCacheDataDontLoad)
        #expect(cache.lookup(missing, now: CacheTesting.now) == .unsatisfiable)
        let elseLoad = CacheTesting.request("https://example.com/none", policy: .returnCacheDataElseLoad)
        #expect(cache.lookup(elseLoad, now: CacheTesting.now) == .miss)
    }
}
