public import Foundation
import InternalServiceUtilities

/// Where a client keeps cookies (``HTTPClient/Configuration/cookies``): it chooses the cookies of
/// every request and stores those of every response, redirects included, on every transport.
///
/// ``InMemoryCookieStore`` is the default; ``FileCookieStore`` keeps cookies in a file across runs,
/// and ``HTTPCookieStorageCookieStore`` shares them with `HTTPCookieStorage`. A store is called from
/// many requests at once and must be safe under that.
///
/// ```swift
/// let store = InMemoryCookieStore()
/// let client = HTTPClient { $0.cookies = store }
/// _ = try await client.send(URLRequest(url: login))   // Set-Cookie: session=…
/// store.cookies.map(\.name)                            // ["session"]
/// ```
public protocol CookieStore: AnyObject, Sendable {
    /// The `Cookie` header of a request to `url`, or nil when no cookie applies; the cookies'
    /// last-access time becomes now.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The header's value.
    func cookieHeader(for url: URL) -> String?

    /// Stores the `Set-Cookie` fields of a response to `url`, in order.
    ///
    /// - Parameters:
    ///   - fields: The values of the response's `Set-Cookie` fields.
    ///   - url:    The URL of the request the response answers.
    /// - Returns: What happened to each field.
    @discardableResult
    func store(_ fields: [String], from url: URL) -> [CookieChange]

    /// Every cookie stored, expired ones excepted.
    var cookies: [Cookie] { get }

    /// Adds or replaces a cookie as it is (an imported one).
    ///
    /// - Parameter cookie: The cookie.
    func insert(_ cookie: Cookie)

    /// Removes every session cookie, as curl's `--junk-session-cookies` does.
    func removeSessionCookies()

    /// Removes every cookie.
    func removeAll()
}

/// A ``CookieStore`` in memory, the default of every client (as URLSession's default configuration
/// keeps cookies): a ``CookieJar`` behind a lock.
///
/// ```swift
/// let store = InMemoryCookieStore()
/// store.insert(Cookie(name: "locale", value: "en", domain: "example.com"))
/// ```
public final class InMemoryCookieStore: CookieStore {
    private let jar: Locked<CookieJar>

    /// An empty store.
    ///
    /// - Parameter limits: How many cookies it keeps (the browsers' limits by default).
    public init(limits: CookieJar.Limits = CookieJar.Limits()) {
        jar = Locked(CookieJar(limits: limits))
    }

    /// A store holding `jar`'s cookies.
    ///
    /// - Parameter jar: The cookies, and the limits to keep to.
    public init(_ jar: CookieJar) {
        self.jar = Locked(jar)
    }

    /// The `Cookie` header of a request to `url` (see ``CookieStore/cookieHeader(for:)``).
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The header's value, or nil when no cookie applies.
    public func cookieHeader(for url: URL) -> String? {
        let now = Date()
        return jar.withLock { $0.cookieHeader(for: url, at: now) }
    }

    /// Stores a response's `Set-Cookie` fields (see ``CookieStore/store(_:from:)``).
    ///
    /// - Parameters:
    ///   - fields: The fields' values.
    ///   - url:    The URL of the request the response answers.
    /// - Returns: What happened to each field.
    @discardableResult
    public func store(_ fields: [String], from url: URL) -> [CookieChange] {
        let now = Date()
        return jar.withLock { jar in fields.map { jar.store($0, from: url, at: now) } }
    }

    /// Every cookie stored, expired ones excepted.
    public var cookies: [Cookie] {
        let now = Date()
        return jar.withLock { $0.cookies }.filter { ($0.expiresAt ?? .distantFuture) > now }
    }

    /// Adds or replaces a cookie as it is.
    ///
    /// - Parameter cookie: The cookie.
    public func insert(_ cookie: Cookie) {
        jar.withLock { $0.insert(cookie) }
    }

    /// Removes every session cookie.
    public func removeSessionCookies() {
        jar.withLock { $0.removeSessionCookies() }
    }

    /// Removes every cookie.
    public func removeAll() {
        jar.withLock { $0.removeAll() }
    }
}
