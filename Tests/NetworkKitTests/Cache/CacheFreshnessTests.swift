import Foundation
import Testing

@testable import NetworkKit

/// RFC 9111 §4.2: freshness lifetime (§4.2.1), heuristics (§4.2.2), age (§4.2.3), and RFC 8246.
@Suite("Freshness and age (RFC 9111 §4.2)")
struct CacheFreshnessTests {
    let now = CacheTesting.now

    @Test("§4.2.1: max-age takes precedence over Expires")
    func maxAgeOverExpires() {
        // Given a response whose max-age says 100 s and whose Expires says an hour
        let entry = CacheTesting.entry([
            ("Date", CacheTesting.httpDate()), ("Cache-Control", "max-age=100"),
            ("Expires", CacheTesting.httpDate(3600)),
        ])
        // Then the lifetime is max-age's
        #expect(CacheFreshness(of: entry, at: now).lifetime == 100)
        #expect(CacheFreshness(of: entry, at: CacheTesting.at(99)).isFresh)
        #expect(!CacheFreshness(of: entry, at: CacheTesting.at(100)).isFresh)
    }

    @Test("§4.2.1: without max-age the lifetime is Expires minus Date")
    func expiresMinusDate() {
        let entry = CacheTesting.entry([("Date", CacheTesting.httpDate(-50)), ("Expires", CacheTesting.httpDate(250))])
        let freshness = CacheFreshness(of: entry, at: now)
        #expect(freshness.lifetime == 300 && !freshness.isHeuristic)
    }

    @Test("§5.3: an invalid Expires (such as \"0\") is in the past, so the response is stale")
    func invalidExpires() {
        for value in ["0", "tomorrow", "", "Sun, 06 Nov 1994 08:49:37 GMT, Mon"] {
            let entry = CacheTesting.entry([("Date", CacheTesting.httpDate()), ("Expires", value)])
            let freshness = CacheFreshness(of: entry, at: now)
            #expect(freshness.lifetime == 0 && !freshness.isFresh, "\(value)")
        }
    }

    @Test("RFC 9110 §6.6.1: a missing or invalid Date is replaced by the time the response arrived")
    func invalidDate() {
        let arrival = CacheTesting.at(10)
        let entry = CacheTesting.entry(
            [("Date", "yesterday"), ("Expires", CacheTesting.httpDate(110))],
            requestTime: CacheTesting.at(10), responseTime: arrival)
        #expect(entry.dateValue == arrival)
        #expect(CacheFreshness(of: entry, at: arrival).lifetime == 100)
        #expect(CacheFreshness(of: entry, at: arrival).currentAge == 0)
    }

    @Test("§4.2.3: current age adds the response delay to Age and the resident time")
    func ageCalculation() {
        // Given a request sent at 0, answered at 2 s with Age 10 and a Date of 0
        let entry = CacheTesting.entry(
            [("Date", CacheTesting.httpDate()), ("Age", "10"), ("Cache-Control", "max-age=60")],
            requestTime: now, responseTime: CacheTesting.at(2))
        // apparent_age = 2, corrected_age_value = 10 + 2 = 12, corrected_initial_age = 12
        #expect(CacheFreshness.currentAge(of: entry, at: CacheTesting.at(2)) == 12)
        // resident_time = 20 - 2 = 18
        #expect(CacheFreshness.currentAge(of: entry, at: CacheTesting.at(20)) == 30)
    }

    @Test("§4.2.3: apparent age wins when the Date is older than Age says")
    func apparentAge() {
        let entry = CacheTesting.entry(
            [("Date", CacheTesting.httpDate(-100)), ("Age", "5")], requestTime: now, responseTime: now)
        #expect(CacheFreshness.currentAge(of: entry, at: now) == 100)
    }

    @Test("§5.1: an invalid Age is ignored, a list uses its first member, a huge one clamps")
    func ageParsing() {
        func age(_ value: String) -> Int {
            CacheTesting.entry([("Age", value)]).derived.ageValue
        }
        #expect(age("-7200") == 0 && age("7200.0") == 0 && age("7200a") == 0 && age("a7200") == 0)
        #expect(age("0, 7200") == 0 && age("7200, 0") == 7200)
        #expect(age("2147483649") == 2_147_483_648)
        let stale = CacheTesting.entry([("Cache-Control", "max-age=3600"), ("Age", "2147483649")])
        #expect(!CacheFreshness(of: stale, at: now).isFresh)
    }

    @Test("§4.2.2: a heuristic lifetime is 10% of Date minus Last-Modified, for heuristically cacheable statuses")
    func heuristic() {
        let fields = [("Date", CacheTesting.httpDate()), ("Last-Modified", CacheTesting.httpDate(-10_000))]
        for status in [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501] {
            let freshness = CacheFreshness(of: CacheTesting.entry(status: status, fields), at: now)
            #expect(freshness.lifetime == 1000 && freshness.isHeuristic, "\(status)")
        }
        for status in [201, 302, 307, 403, 500, 503] {
            #expect(CacheFreshness(of: CacheTesting.entry(status: status, fields), at: now).lifetime == 0, "\(status)")
        }
        // public makes any status heuristically cacheable
        let publicEntry = CacheTesting.entry(status: 302, fields + [("Cache-Control", "public")])
        #expect(CacheFreshness(of: publicEntry, at: now).lifetime == 1000)
    }

    @Test("§4.2.2: the heuristic lifetime is capped at 7 days, and absent without Last-Modified")
    func heuristicCap() {
        let old = CacheTesting.entry([
            ("Date", CacheTesting.httpDate()), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT"),
        ])
        #expect(CacheFreshness(of: old, at: now).lifetime == 7 * 24 * 3600)
        #expect(CacheFreshness(of: CacheTesting.entry([("Date", CacheTesting.httpDate())]), at: now).lifetime == 0)
        // An explicit expiry, even an invalid one, rules out a heuristic
        let explicit = CacheTesting.entry([("Expires", "0"), ("Last-Modified", CacheTesting.httpDate(-10_000))])
        #expect(CacheFreshness(of: explicit, at: now).lifetime == 0)
    }

    @Test("RFC 8246: a fresh immutable response is reused on a reload (request max-age=0), not on no-cache")
    func immutable() {
        // Given an immutable response fresh for a day
        let cache = CacheTesting.memoryCache()
        CacheTesting.store(
            cache, CacheTesting.request(), [("Cache-Control", "max-age=86400, immutable"), ("ETag", "\"v1\"")])
        // When a reload asks with max-age=0, the stored response answers
        let reload = cache.lookup(CacheTesting.request([("Cache-Control", "max-age=0")]), now: CacheTesting.at(60))
        #expect(reload.isFresh)
        // When a forced reload sends no-cache, it is validated
        let forced = cache.lookup(CacheTesting.request([("Cache-Control", "no-cache")]), now: CacheTesting.at(60))
        #expect(forced.conditionalHeaders?["If-None-Match"] == "\"v1\"")
        // Once stale, immutable changes nothing
        #expect(cache.lookup(CacheTesting.request(), now: CacheTesting.at(86_400)).conditionalHeaders != nil)
    }
}
