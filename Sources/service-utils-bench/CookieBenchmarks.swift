// A Linux and macOS tool: it starts programs and reads /proc, which iOS, tvOS and watchOS lack.
#if os(Linux) || os(macOS)
    import BenchmarkReporting
    import Foundation
    import ServiceUtils

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// NetworkKit's cookie engine beside Foundation's: choosing a request's cookies out of a full
    /// store, and parsing `Set-Cookie` fields (issue 28 bounds both).
    enum CookieBenchmarks {
        static let domainCount = 300
        static let cookiesPerDomain = 10
        static let lookups = 3_000
        static let fieldCount = 100_000

        static let choiceCase = "InMemoryCookieStore.cookieHeader(for:)"
        static let parseCase = "SetCookie(parsing:)"

        static let all: [Benchmark] = [choice, parsing]

        /// The host of domain number `index`.
        static func domain(_ index: Int) -> String { "shop\(index).example" }

        /// 3,000 cookies across 300 domains (ten per domain, half of them for the whole domain, half
        /// host-only on `www.`), then the `Cookie` header of 3,000 requests spread over the domains:
        /// HTTPCookieStorage's `cookies(for:)` with `HTTPCookie.requestHeaderFields(with:)` is the
        /// baseline, as URLSession does for each request.
        static let choice = Benchmark(
            name: "NetworkKit.cookieChoice",
            summary: "the Cookie header of \(lookups) requests, out of \(domainCount * cookiesPerDomain) cookies "
                + "across \(domainCount) domains",
            goals: [BenchmarkGoal(case: choiceCase, atMost: 0.1)]
        ) {
            let expiry = Date().addingTimeInterval(86_400)
            let store = InMemoryCookieStore()
            // An ephemeral configuration's storage is in memory: a named one on Linux rewrites a file
            // in the home folder on every change (3,000 cookies took minutes to store).
            guard let storage = URLSessionConfiguration.ephemeral.httpCookieStorage else {
                throw BenchmarkError("an ephemeral session configuration has no cookie storage")
            }
            storage.cookieAcceptPolicy = .always
            for index in 0..<domainCount {
                for number in 0..<cookiesPerDomain {
                    let hostOnly = number % 2 == 1
                    let host = hostOnly ? "www." + domain(index) : domain(index)
                    let name = "c\(number)"
                    let value = "v\(index)-\(number)"
                    store.insert(
                        Cookie(name: name, value: value, domain: host, expiresAt: expiry, isHostOnly: hostOnly))
                    let properties: [HTTPCookiePropertyKey: Any] = [
                        .name: name, .value: value, .domain: hostOnly ? host : "." + host, .path: "/",
                        .expires: expiry,
                    ]
                    guard let cookie = HTTPCookie(properties: properties) else {
                        throw BenchmarkError("HTTPCookie refused \(properties)")
                    }
                    storage.setCookie(cookie)
                }
            }
            let urls = (0..<lookups).compactMap { URL(string: "https://www.\(domain(($0 * 7) % domainCount))/cart") }
            // Both must choose the same ten cookies for each request before they are timed.
            for url in urls.prefix(20) {
                let ours = Set(store.cookieHeader(for: url)?.split(separator: ";").map { $0.trimmed } ?? [])
                let theirs = Set(
                    HTTPCookie.requestHeaderFields(with: storage.cookies(for: url) ?? [])["Cookie"]?
                        .split(separator: ";").map { $0.trimmed } ?? [])
                guard ours.count == cookiesPerDomain, ours == theirs else {
                    throw BenchmarkError("for \(url) ours chose \(ours.sorted()), HTTPCookieStorage \(theirs.sorted())")
                }
            }
            return PreparedBenchmark(
                baseline: .timed("HTTPCookieStorage.cookies(for:) + requestHeaderFields") {
                    for url in urls { blackHole(HTTPCookie.requestHeaderFields(with: storage.cookies(for: url) ?? [])) }
                },
                cases: [.timed(choiceCase) { for url in urls { blackHole(store.cookieHeader(for: url)) } }],
                workPerRun: .init(amount: Double(lookups), unit: "requests")
            )
        }

        /// 100,000 `Set-Cookie` fields of the shapes servers send (expiry dates, `Max-Age`, domains,
        /// flags), each parsed on its own: `HTTPCookie.cookies(withResponseHeaderFields:for:)` is the
        /// baseline.
        static let parsing = Benchmark(
            name: "NetworkKit.setCookieParsing",
            summary:
                "parse \(fieldCount) Set-Cookie fields: SetCookie vs HTTPCookie.cookies(withResponseHeaderFields:for:)",
            goals: [BenchmarkGoal(case: parseCase, atMost: 0.25)]
        ) {
            guard let url = URL(string: "https://www.shop.example/account/login") else {
                throw BenchmarkError("no URL")
            }
            let shapes = [
                "session%d=%@; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Secure; HttpOnly; SameSite=Lax",
                "pref%d=%@; Max-Age=2592000; Domain=shop.example; Path=/",
                "track%d=%@; expires=Thursday, 05-Nov-26 12:00:00 GMT; path=/account; domain=.shop.example",
                "id%d=%@",
            ]
            let fields = (0..<fieldCount).map { index in
                String(format: shapes[index % shapes.count], index, "a3fWa\(index)b0c9")
            }
            // Both must read every field as a cookie before they are timed.
            for field in fields.prefix(40) {
                let ours = try SetCookie(parsing: field)
                let theirs = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": field], for: url)
                guard theirs.count == 1, theirs.first?.name == ours.name, theirs.first?.value == ours.value else {
                    throw BenchmarkError("\(field): ours \(ours.name), HTTPCookie \(theirs.map(\.name))")
                }
            }
            return PreparedBenchmark(
                baseline: .timed("HTTPCookie.cookies(withResponseHeaderFields:for:)") {
                    for field in fields {
                        blackHole(HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": field], for: url))
                    }
                },
                cases: [
                    .timed(parseCase) { for field in fields { blackHole(try? SetCookie(parsing: field)) } },
                    .timed("CookieJar.store(_:from:) (parse and store)") {
                        var jar = CookieJar()
                        for field in fields { blackHole(jar.store(field, from: url)) }
                    },
                ],
                workPerRun: .init(amount: Double(fieldCount), unit: "fields")
            )
        }
    }

    extension Substring {
        /// Without the spaces around it.
        fileprivate var trimmed: String { String(self).trimmingCharacters(in: .whitespaces) }
    }
#endif
