import Foundation
import Testing

@testable import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9111 §3.2 and §4.3.4: a 304 updates the stored fields, and the values the cache reads from
/// them (directives, dates, validators, `Age`) are read again only where the 304 changed their
/// lines. Whatever it reuses must equal what reading the updated fields afresh gives.
@Suite("304 updates: freshness read again only where the fields changed (RFC 9111 §3.2, §4.3.4)")
struct CacheNotModifiedUpdateTests {
    /// A stored response of nginx's shape: validators, max-age, a Date of `now`.
    let stored = CacheTesting.entry([
        ("Server", "nginx"), ("Date", CacheTesting.httpDate()), ("Content-Type", "application/json"),
        ("Content-Length", "7"), ("Last-Modified", CacheTesting.httpDate(-3600)), ("Connection", "keep-alive"),
        ("ETag", "\"v1\""), ("Cache-Control", "max-age=60"), ("Accept-Ranges", "bytes"),
    ])

    /// `entry` updated by a 304 with `fields` (repeated names kept) that arrived at `seconds`.
    func updated(_ entry: CachedEntry, _ fields: [(String, String)], at seconds: Double) -> CachedEntry {
        CacheRevalidation.updated(
            entry, with: HTTPHeaders(keepingRepeats: fields.map { HTTPHeader(name: $0.0, value: $0.1) }),
            requestTime: CacheTesting.at(seconds), responseTime: CacheTesting.at(seconds))
    }

    /// What reading `entry`'s fields afresh gives.
    func readAfresh(_ entry: CachedEntry) -> CachedEntry.Derived {
        CachedEntry.Derived(entry.headers, responseTime: entry.responseTime)
    }

    @Test("a 304 repeating every stored field keeps the values, and they equal a fresh reading")
    func unchangedFields() {
        // Given a 304 that repeats the stored validators, Cache-Control and Date
        let entry = updated(
            stored,
            [
                ("Server", "nginx"), ("Date", CacheTesting.httpDate()), ("Last-Modified", CacheTesting.httpDate(-3600)),
                ("Connection", "keep-alive"), ("ETag", "\"v1\""), ("Cache-Control", "max-age=60"),
            ], at: 0)
        // Then the fields and the values read from them are unchanged
        #expect(entry.headers == stored.headers)
        #expect(entry.derived == stored.derived)
        #expect(entry.derived == readAfresh(entry))
    }

    @Test("a 304 arriving later with the same fields moves the arrival time, and with it a missing Date's stand-in")
    func unchangedFieldsLater() {
        // Given a stored response without Date (date_value is its arrival)
        let noDate = CacheTesting.entry([("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")])
        // When a 304 without Date arrives 100 s later
        let entry = updated(noDate, [("ETag", "\"v1\""), ("Cache-Control", "max-age=60")], at: 100)
        // Then date_value is the new arrival, and the response is fresh again
        #expect(entry.dateValue == CacheTesting.at(100))
        #expect(entry.derived == readAfresh(entry))
        #expect(CacheFreshness(of: entry, at: CacheTesting.at(150)).isFresh)
    }

    @Test("a 304 changing Cache-Control changes the lifetime")
    func changedCacheControl() {
        let entry = updated(stored, [("ETag", "\"v1\""), ("Cache-Control", "max-age=3600, must-revalidate")], at: 100)
        #expect(entry.directives.maxAge == 3600 && entry.directives.mustRevalidate)
        #expect(entry.derived == readAfresh(entry))
        #expect(CacheFreshness(of: entry, at: CacheTesting.at(200)).lifetime == 3600)
    }

    @Test("a 304 changing Expires and Date changes an Expires lifetime")
    func changedExpiresAndDate() {
        // Given a response fresh by Expires for 100 s
        let byExpires = CacheTesting.entry([
            ("Date", CacheTesting.httpDate()), ("Expires", CacheTesting.httpDate(100)), ("ETag", "\"e\""),
        ])
        #expect(CacheFreshness(of: byExpires, at: CacheTesting.now).lifetime == 100)
        // When a 304 at 200 s gives a new Date and an Expires 300 s after it
        let entry = updated(
            byExpires,
            [("ETag", "\"e\""), ("Date", CacheTesting.httpDate(200)), ("Expires", CacheTesting.httpDate(500))],
            at: 200)
        // Then the lifetime is the new Expires minus the new Date, and it is fresh again
        #expect(entry.dateValue == CacheTesting.at(200))
        #expect(CacheFreshness(of: entry, at: CacheTesting.at(250)).lifetime == 300)
        #expect(CacheFreshness(of: entry, at: CacheTesting.at(250)).isFresh)
        #expect(entry.derived == readAfresh(entry))
        // And a 304 changing only Date shortens it
        let later = updated(entry, [("Date", CacheTesting.httpDate(400))], at: 400)
        #expect(CacheFreshness(of: later, at: CacheTesting.at(400)).lifetime == 100)
        #expect(later.derived == readAfresh(later))
    }

    @Test("a 304 adding an invalid Expires makes the response stale")
    func invalidExpires() {
        let byExpires = CacheTesting.entry([("Date", CacheTesting.httpDate()), ("Expires", CacheTesting.httpDate(100))])
        let entry = updated(byExpires, [("Expires", "0")], at: 10)
        #expect(entry.derived.hasExpires && entry.derived.expires == nil)
        #expect(!CacheFreshness(of: entry, at: CacheTesting.at(10)).isFresh)
        #expect(entry.derived == readAfresh(entry))
    }

    @Test("a 304 changing Last-Modified, ETag or Age changes the validators, the heuristic and the age")
    func changedValidatorsAndAge() {
        // Given a response fresh by heuristic (10% of a day since Last-Modified)
        let heuristic = CacheTesting.entry([
            ("Date", CacheTesting.httpDate()), ("Last-Modified", CacheTesting.httpDate(-86_400)), ("ETag", "W/\"a\""),
        ])
        #expect(CacheFreshness(of: heuristic, at: CacheTesting.now).lifetime == 8_640)
        // When a 304 moves Last-Modified, changes the weak tag's spelling and adds an Age
        let entry = updated(
            heuristic,
            [
                ("Date", CacheTesting.httpDate()), ("Last-Modified", CacheTesting.httpDate(-8_640)),
                ("ETag", " W/\"a\" "), ("Age", "30"),
            ], at: 0)
        // Then each value follows its new line
        #expect(entry.lastModified == CacheTesting.httpDate(-8_640) && entry.entityTag == "W/\"a\"")
        #expect(entry.derived.ageValue == 30)
        #expect(CacheFreshness(of: entry, at: CacheTesting.now).lifetime == 864)
        #expect(CacheFreshness(of: entry, at: CacheTesting.now).currentAge == 30)
        #expect(entry.derived == readAfresh(entry))
    }

    @Test("field names match in any case; Connection's members, hop-by-hop fields and Content-Length are not taken")
    func namesInAnyCase() {
        let entry = updated(
            stored,
            [
                ("cache-CONTROL", "no-cache"), ("CONNECTION", "close, X-Hop"), ("x-hop", "1"), ("Keep-Alive", "5"),
                ("content-length", "0"), ("X-New", "2"),
            ], at: 10)
        #expect(entry.directives.noCache == .all)
        #expect(entry.headers["Cache-Control"] == "no-cache" && entry.headers.values(for: "Cache-Control").count == 1)
        #expect(entry.headers["X-Hop"] == nil && entry.headers["Keep-Alive"] == nil)
        #expect(entry.headers["Content-Length"] == "7" && entry.headers["X-New"] == "2")
        // The stored Connection field stays (it was stored before; a 304's is not taken)
        #expect(entry.headers["Connection"] == "keep-alive")
        #expect(entry.derived == readAfresh(entry))
    }

    @Test("repeated lines: every Cache-Control line counts, the first Date, Expires, ETag and Age")
    func repeatedLines() {
        let entry = updated(
            stored,
            [
                ("Cache-Control", "max-age=5"), ("Cache-Control", "no-store"), ("Date", CacheTesting.httpDate(20)),
                ("Date", CacheTesting.httpDate(90)), ("Age", "7, 8"), ("Age", "9"),
            ], at: 20)
        #expect(entry.directives.maxAge == 5 && entry.directives.noStore)
        #expect(entry.dateValue == CacheTesting.at(20) && entry.derived.ageValue == 7)
        #expect(entry.derived == readAfresh(entry))
    }

    @Test("an RFC 850 Date, whose century depends on the time, is read again; other forms are reused")
    func rfc850DateReadAgain() {
        // Given a response stored in 2043 with an RFC 850 Date of "94": 1994, as 2094 is over 50 years ahead
        let in2043 = Date(timeIntervalSince1970: 2_321_000_000)
        let line = "Sunday, 06-Nov-94 08:49:37 GMT"
        let entry = CacheTesting.entry(
            [("Date", line), ("Cache-Control", "max-age=60")], requestTime: in2043, responseTime: in2043)
        #expect(entry.dateValue == Date(timeIntervalSince1970: 784_111_777))
        // When a 304 repeating it arrives in 2045, where "94" is 2094
        let in2045 = Date(timeIntervalSince1970: 2_384_000_000)
        let later = CacheRevalidation.updated(
            entry, with: CacheTesting.headers([("Date", line)]), requestTime: in2045, responseTime: in2045)
        // Then the date was read again at the new time
        #expect(later.derived == CachedEntry.Derived(later.headers, responseTime: in2045))
        #expect(later.dateValue == Date(timeIntervalSince1970: 784_111_777 + 3_155_760_000))
        // Only a line starting with a full day name can be one
        #expect(!CachedEntry.Derived.readsTheSameAtAnyTime(line))
        #expect(!CachedEntry.Derived.readsTheSameAtAnyTime(" \tMonday, 07-Nov-94 08:49:37 GMT"))
        #expect(CachedEntry.Derived.readsTheSameAtAnyTime("Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(CachedEntry.Derived.readsTheSameAtAnyTime("Sun Nov  6 08:49:37 1994"))
        #expect(CachedEntry.Derived.readsTheSameAtAnyTime("0") && CachedEntry.Derived.readsTheSameAtAnyTime(""))
    }

    @Test("the cache answers a 304 that changes nothing as it answers one that changes everything back")
    func sameAnswerThroughTheCache() throws {
        // Given two caches holding the same response
        let fields: [(String, String)] = [("Cache-Control", "max-age=10"), ("ETag", "\"x\""), ("X-Version", "1")]
        let (first, second) = (CacheTesting.memoryCache(), CacheTesting.memoryCache())
        for cache in [first, second] { CacheTesting.store(cache, CacheTesting.request(), fields) }
        // When one is revalidated by a 304 repeating its fields, the other first by a changing one, then back
        let same = CacheTesting.headers(fields + [("Date", CacheTesting.httpDate(100))])
        let changing = CacheTesting.headers([
            ("Cache-Control", "no-cache"), ("ETag", "\"x\""), ("X-Version", "2"), ("Date", CacheTesting.httpDate(50)),
        ])
        let answer = try #require(
            first.update(
                request: CacheTesting.request(), notModified: same, requestTime: CacheTesting.at(100),
                responseTime: CacheTesting.at(100)))
        _ = second.update(
            request: CacheTesting.request(), notModified: changing, requestTime: CacheTesting.at(50),
            responseTime: CacheTesting.at(50))
        let other = try #require(
            second.update(
                request: CacheTesting.request(), notModified: same, requestTime: CacheTesting.at(100),
                responseTime: CacheTesting.at(100)))
        // Then both answer the same, and both are fresh until 110 s
        #expect(answer == other)
        for cache in [first, second] {
            #expect(cache.lookup(CacheTesting.request(), now: CacheTesting.at(109)).isFresh)
            #expect(!cache.lookup(CacheTesting.request(), now: CacheTesting.at(110)).isFresh)
        }
    }

    @Test("a response's Age is set in place of the stored ones, or appended")
    func ageFieldSetInPlace() throws {
        // Given a stored response with two Age lines
        let cache = CacheTesting.memoryCache()
        let fields = [
            ("Cache-Control", "max-age=60"), ("age", "5"), ("X-A", "1"), ("AGE", "6"),
            ("Date", CacheTesting.httpDate()),
        ]
        cache.store(
            request: CacheTesting.request(), status: 200,
            headers: HTTPHeaders(keepingRepeats: fields.map { HTTPHeader(name: $0.0, value: $0.1) }),
            body: Data("content".utf8), requestTime: CacheTesting.now, responseTime: CacheTesting.now)
        // Then a response made from it has one, in the first one's place, with the current age
        let response = try #require(cache.lookup(CacheTesting.request(), now: CacheTesting.at(10)).response)
        #expect(response.headers.map(\.name) == ["Cache-Control", "Age", "X-A", "Date"])
        #expect(response.headers["Age"] == "15")
        let plain = CacheTesting.request("https://example.com/plain")
        CacheTesting.store(cache, plain, [("Cache-Control", "max-age=60")])
        let appended = try #require(cache.lookup(plain, now: CacheTesting.at(3)).response)
        #expect(appended.headers.map(\.name).last == "Age" && appended.headers["Age"] == "3")
    }

    @Test("a key drops the fragment, and a URL without one is kept as written")
    func keyFragment() throws {
        let withFragment = try #require(URL(string: "https://example.com/a?b=1#part"))
        let without = try #require(URL(string: "https://example.com/a?b=1"))
        #expect(CacheKey(url: withFragment) == CacheKey(url: without))
        #expect(CacheKey(url: without).uri == "https://example.com/a?b=1")
    }
}
