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
    /// The jar and the headers chosen lately from it, under one lock.
    private struct State: Sendable {
        var jar: CookieJar
        var choices = CookieChoiceCache()

        /// Runs `change` on the jar, and forgets the choices it may have changed.
        mutating func changing<Result>(_ change: (inout CookieJar) -> Result) -> Result {
            choices.removeAll()
            return change(&jar)
        }
    }

    private let state: Locked<State>

    /// An empty store.
    ///
    /// - Parameter limits: How many cookies it keeps (the browsers' limits by default).
    public init(limits: CookieJar.Limits = CookieJar.Limits()) {
        state = Locked(State(jar: CookieJar(limits: limits)))
    }

    /// A store holding `jar`'s cookies.
    ///
    /// - Parameter jar: The cookies, and the limits to keep to.
    public init(_ jar: CookieJar) {
        state = Locked(State(jar: jar))
    }

    /// The `Cookie` header of a request to `url` (see ``CookieStore/cookieHeader(for:)``).
    ///
    /// The header chosen for a URL is reused for a second while the store does not change and
    /// none of its cookies expires, so the chosen cookies' last-access times (which decide what
    /// is evicted first) are kept to the second.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The header's value, or nil when no cookie applies.
    public func cookieHeader(for url: URL) -> String? {
        let now = Date()
        return state.withLock { state in
            // An empty jar (every client's until a server sets a cookie) reads nothing of the URL.
            guard !state.jar.isEmpty else { return nil }
            let key = url.absoluteString
            if let header = state.choices.header(for: key, at: now) { return header }
            let chosen = state.jar.cookies(for: url, at: now)
            let header = CookieJar.header(of: chosen)
            state.choices.remember(header, of: chosen, for: key, at: now)
            return header
        }
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
        return state.withLock { state in state.changing { jar in fields.map { jar.store($0, from: url, at: now) } } }
    }

    /// Every cookie stored, expired ones excepted.
    public var cookies: [Cookie] {
        let now = Date()
        return state.withLock { $0.jar.cookies }.filter { ($0.expiresAt ?? .distantFuture) > now }
    }

    /// Adds or replaces a cookie as it is.
    ///
    /// - Parameter cookie: The cookie.
    public func insert(_ cookie: Cookie) {
        state.withLock { state in state.changing { $0.insert(cookie) } }
    }

    /// Removes every session cookie.
    public func removeSessionCookies() {
        state.withLock { state in state.changing { $0.removeSessionCookies() } }
    }

    /// Removes every cookie.
    public func removeAll() {
        state.withLock { state in state.changing { $0.removeAll() } }
    }
}
