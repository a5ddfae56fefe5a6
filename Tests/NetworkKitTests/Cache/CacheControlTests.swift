import Foundation
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9111 §5.2: reading `Cache-Control`, tolerantly (§4.2.1, §1.2.2), and `Pragma` (§5.4).
@Suite("Cache-Control parsing (RFC 9111 §5.2)")
struct CacheControlTests {
    @Test("Every response directive is read, names in any case, across several lines")
    func responseDirectives() {
        // Given two field lines with all response directives in mixed case
        let directives = CacheControl(fieldValues: [
            "Max-Age=60, S-MAXAGE=30, NO-CACHE, no-store, Private, public, must-revalidate",
            "proxy-revalidate, must-understand, immutable, stale-while-revalidate=5, stale-if-error=7, no-transform",
        ])
        // Then each one is recorded
        #expect(directives.maxAge == 60 && directives.sharedMaxAge == 30)
        #expect(directives.noCache == .all && directives.noStore && directives.isPrivate && directives.isPublic)
        #expect(directives.mustRevalidate && directives.proxyRevalidate && directives.mustUnderstand)
        #expect(directives.isImmutable && directives.noTransform)
        #expect(directives.staleWhileRevalidate == 5 && directives.staleIfError == 7)
    }

    @Test("Request directives: max-stale with and without a value, min-fresh, only-if-cached")
    func requestDirectives() {
        let any = CacheControl(fieldValues: ["max-stale, min-fresh=10, only-if-cached, max-age=0, no-store"])
        #expect(any.maxStale == .any && any.minFresh == 10 && any.onlyIfCached && any.maxAge == 0 && any.noStore)
        #expect(CacheControl(fieldValues: ["max-stale=30"]).maxStale == .seconds(30))
        // An invalid max-stale value relaxes nothing
        #expect(CacheControl(fieldValues: ["max-stale=soon"]).maxStale == nil)
    }

    @Test("A quoted value is accepted, and spaces and empty members are skipped")
    func quotedAndSpaces() {
        let directives = CacheControl(fieldValues: [" , ,max-age = \"3\" ,, \tno-cache = \"Set-Cookie, X-Secret\" ,"])
        #expect(directives.maxAge == 3)
        #expect(directives.noCache == .fields(["set-cookie", "x-secret"]))
    }

    @Test("§4.2.1: a malformed max-age reads as 0, so the response is stale, never fresh")
    func malformedMaxAge() {
        for value in [
            "max-age=1.5", "max-age=", "max-age", "max-age=-1", "max-age=10s", "max-age=\"\"", "max-age=0x10",
        ] {
            #expect(CacheControl(fieldValues: [value]).maxAge == 0, "\(value)")
        }
    }

    @Test("§4.2.1: of duplicated directives the first wins; an unqualified no-cache beats a qualified one")
    func duplicates() {
        #expect(CacheControl(fieldValues: ["max-age=60, max-age=0"]).maxAge == 60)
        #expect(CacheControl(fieldValues: ["max-age=0", "max-age=60"]).maxAge == 0)
        #expect(CacheControl(fieldValues: ["no-cache=\"a\", no-cache"]).noCache == .all)
        #expect(CacheControl(fieldValues: ["no-cache=\"a\", no-cache=b"]).noCache == .fields(["a", "b"]))
    }

    @Test("§1.2.2: delta-seconds past 2^31 clamp to 2147483648 and never overflow")
    func hugeNumbers() {
        #expect(CacheControl(fieldValues: ["max-age=2147483648"]).maxAge == 2_147_483_648)
        #expect(CacheControl(fieldValues: ["max-age=2147483649"]).maxAge == 2_147_483_648)
        let digits = String(repeating: "9", count: 10_000)
        #expect(CacheControl(fieldValues: ["max-age=\(digits)"]).maxAge == 2_147_483_648)
        #expect(DeltaSeconds.clamped(.infinity) == 2_147_483_648 && DeltaSeconds.clamped(-.infinity) == 0)
        #expect(DeltaSeconds.clamped(.nan) == 0 && DeltaSeconds.clamped(12.9) == 12)
    }

    @Test("Unknown directives and garbage are ignored without failing")
    func garbage() {
        let directives = CacheControl(fieldValues: ["foo=\"unterminated, max-age=5", "=, ==,\"\",bar baz=1"])
        // The unterminated quote runs to the end, so max-age=5 is inside it
        #expect(directives.maxAge == nil && directives.isPresent)
        #expect(CacheControl(fieldValues: ["\u{0}\u{7F}é=☃, max-age=9"]).maxAge == 9)
    }

    @Test("§5.4: Pragma: no-cache counts as Cache-Control: no-cache only when there is no Cache-Control")
    func pragma() {
        let pragmaOnly = CacheTesting.request([("Pragma", "no-cache")])
        #expect(CacheControl(request: pragmaOnly).noCache == .all)
        let both = CacheTesting.request([("Pragma", "no-cache"), ("Cache-Control", "max-age=10")])
        #expect(CacheControl(request: both).noCache == nil)
    }
}
