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
    /// The cookies (a plain list until the storage model's commit indexes them by domain).
    private var stored: [Cookie] = []

    /// An empty jar.
    ///
    /// - Parameter limits: How much it keeps.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Every cookie, expired ones included until ``removeExpired(at:)``; in no particular order.
    public var cookies: [Cookie] { stored }

    /// Stores one `Set-Cookie` field received in a response to `url` (§5.3).
    ///
    /// - Parameters:
    ///   - field: The field's value.
    ///   - url:   The URL of the request it answers.
    ///   - now:   The current time.
    /// - Returns: What was stored, replaced, removed or rejected.
    @discardableResult
    public mutating func store(_ field: String, from url: URL, at now: Date = Date()) -> CookieChange {
        .rejected(CookieRejection(name: "", reason: .noHost))
    }

    /// Adds or replaces a cookie as it is (an imported one), by its name, domain and path.
    ///
    /// - Parameter cookie: The cookie.
    public mutating func insert(_ cookie: Cookie) {
        if let index = stored.firstIndex(where: { $0.hasSameIdentity(as: cookie) }) {
            stored[index] = cookie
        } else {
            stored.append(cookie)
        }
    }

    /// The cookies a request to `url` carries, in §5.4's order (longer paths first, then earlier
    /// creation); their last-access time becomes `now`.
    ///
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - now: The current time.
    /// - Returns: The cookies to send.
    public mutating func cookies(for url: URL, at now: Date = Date()) -> [Cookie] { [] }

    /// The `Cookie` header a request to `url` carries, or nil when no cookie applies.
    ///
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - now: The current time.
    /// - Returns: `name=value` pairs joined with `"; "`.
    public mutating func cookieHeader(for url: URL, at now: Date = Date()) -> String? {
        let chosen = cookies(for: url, at: now)
        guard !chosen.isEmpty else { return nil }
        return chosen.map { $0.name.isEmpty ? $0.value : "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Removes the cookies whose expiry has passed.
    ///
    /// - Parameter now: The current time.
    public mutating func removeExpired(at now: Date = Date()) {
        stored.removeAll { ($0.expiresAt ?? .distantFuture) <= now }
    }

    /// Removes every session cookie (curl's `--junk-session-cookies`).
    public mutating func removeSessionCookies() {
        stored.removeAll { $0.isSession }
    }

    /// Removes every cookie.
    public mutating func removeAll() {
        stored.removeAll()
    }
}
