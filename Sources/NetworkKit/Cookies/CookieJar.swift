public import Foundation

/// RFC 6265's storage model (§5.3) and its choice of cookies for a request (§5.4), as a value:
/// what every ``CookieStore`` keeps inside.
///
/// ```swift
/// var jar = CookieJar()
/// jar.store("session=abc; Path=/; HttpOnly", from: URL(string: "https://example.com/login")!)
/// jar.cookieHeader(for: URL(string: "https://example.com/cart")!)  // "session=abc"
/// ```
public struct CookieJar: Sendable {
    /// How much a jar keeps: beyond these, the least recently used cookies are evicted (§5.3).
    public struct Limits: Sendable, Hashable {
        /// Cookies per domain (180 by default, as Chrome keeps).
        public var cookiesPerDomain = 180
        /// Cookies in all (3,000 by default, as Chrome keeps).
        public var cookies = 3000
        /// Bytes of a cookie's name and value together (4,096, RFC 6265bis).
        public var nameAndValueBytes = 4096
        /// Bytes of an attribute's value; a longer one is ignored (1,024, RFC 6265bis).
        public var attributeValueBytes = 1024

        /// The browsers' limits.
        public init() {}
    }

    /// The limits this jar keeps to.
    public let limits: Limits
    /// The cookies, indexed by their domain (a host for host-only ones), each list in the order the
    /// cookies were first stored: a request looks only under its host and the host's parent domains.
    var _cookiesByDomain: [String: [Cookie]] = [:]
    /// How many cookies `_cookiesByDomain` holds.
    var _count = 0

    /// An empty jar.
    ///
    /// - Parameter limits: How much it keeps.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Every cookie, expired ones included until ``removeExpired(at:)``; in no particular order.
    public var cookies: [Cookie] { _cookiesByDomain.values.flatMap { $0 } }

    /// Stores one `Set-Cookie` field received in a response to `url` (§5.3): parses it (§5.2) with
    /// this jar's byte limits, then runs the storage model as the overload taking a ``SetCookie``
    /// does.
    ///
    /// - Parameters:
    ///   - field: The field's value.
    ///   - url:   The URL of the request it answers.
    ///   - now:   The current time.
    /// - Returns: What was stored, replaced, removed or rejected.
    @discardableResult
    public mutating func store(_ field: String, from url: URL, at now: Date = Date()) -> CookieChange {
        do {
            return store(try SetCookie(parsing: field, limits: limits), from: url, at: now)
        } catch {
            return .rejected(error)
        }
    }

    /// Adds or replaces a cookie as it is (an imported one), by its name, domain and path; its
    /// domain is lowercased and loses a leading dot (as cookie files write domain cookies). The
    /// limits apply as after storing a field.
    ///
    /// - Parameter cookie: The cookie.
    public mutating func insert(_ cookie: Cookie) {
        var cookie = cookie
        cookie.domain =
            CookieDomain.droppingLeading(UInt8(ascii: "."), of: CookieDomain.asciiLowercased(cookie.domain)).text
        put(cookie)
        evictIfOverLimits(keeping: cookie, at: nil)
    }

    /// The cookies a request to `url` carries, in §5.4's order (longer paths first, then earlier
    /// creation); their last-access time becomes `now`.
    ///
    /// A cookie goes when its domain is the request's host (host-only) or one the host domain-matches,
    /// its path path-matches the request's, it has not expired, and, when `Secure`, the scheme is
    /// `https` or `wss`. Only the host and its parent domains are looked up; expired cookies found
    /// there are removed.
    ///
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - now: The current time.
    /// - Returns: The cookies to send.
    /// - Complexity: O(*l* + *k* log *k*) for a host of *l* labels whose domains hold *k* cookies.
    public mutating func cookies(for url: URL, at now: Date = Date()) -> [Cookie] {
        // An empty jar (every client's until a server sets a cookie) reads nothing of the URL.
        guard _count > 0, let host = CookieDomain.canonicalHost(of: url) else { return [] }
        let request = Request(path: CookiePath.requestPath(of: url), isSecure: Self.isSecure(url), now: now)
        var chosen: [Cookie] = []
        for candidate in CookieDomain.candidateDomains(of: host) {
            let key = String(candidate)
            guard let index = _cookiesByDomain.index(forKey: key) else { continue }
            let removed = Self.choose(in: &_cookiesByDomain.values[index], isHost: key == host, request, into: &chosen)
            if removed > 0 {
                _count -= removed
                if _cookiesByDomain.values[index].isEmpty { _cookiesByDomain.remove(at: index) }
            }
        }
        chosen.sort { first, second in
            let firstLength = first.path.utf8.count
            let secondLength = second.path.utf8.count
            return firstLength != secondLength ? firstLength > secondLength : first.createdAt < second.createdAt
        }
        return chosen
    }

    /// The `Cookie` header a request to `url` carries, or nil when no cookie applies.
    ///
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - now: The current time.
    /// - Returns: `name=value` pairs joined with `"; "`.
    public mutating func cookieHeader(for url: URL, at now: Date = Date()) -> String? {
        Self.header(of: cookies(for: url, at: now))
    }

    /// The `Cookie` header carrying `chosen`, in their order; nil when there is none.
    static func header(of chosen: [Cookie]) -> String? {
        guard !chosen.isEmpty else { return nil }
        return chosen.map { $0.name.isEmpty ? $0.value : "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Whether the jar holds no cookie.
    var isEmpty: Bool { _count == 0 }

    /// Removes the cookies whose expiry has passed.
    ///
    /// - Parameter now: The current time.
    public mutating func removeExpired(at now: Date = Date()) {
        removeAll { ($0.expiresAt ?? .distantFuture) <= now }
    }

    /// Removes every session cookie (curl's `--junk-session-cookies`).
    public mutating func removeSessionCookies() {
        removeAll { $0.isSession }
    }

    /// Removes every cookie.
    public mutating func removeAll() {
        _cookiesByDomain.removeAll()
        _count = 0
    }

    /// Removes the cookies `shouldRemove` picks.
    mutating func removeAll(where shouldRemove: (Cookie) -> Bool) {
        for key in Array(_cookiesByDomain.keys) {
            guard let index = _cookiesByDomain.index(forKey: key) else { continue }
            let before = _cookiesByDomain.values[index].count
            _cookiesByDomain.values[index].removeAll(where: shouldRemove)
            let after = _cookiesByDomain.values[index].count
            _count -= before - after
            if after == 0 { _cookiesByDomain.remove(at: index) }
        }
    }
}
