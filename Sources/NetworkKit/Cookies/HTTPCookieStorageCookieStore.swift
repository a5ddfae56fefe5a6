public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A ``CookieStore`` over Foundation's `HTTPCookieStorage`, so a client shares cookies with
/// `URLSession`, `WKWebView` (through `WKHTTPCookieStore`'s sync with the shared storage) and any
/// other code that uses it.
///
/// ```swift
/// let store = HTTPCookieStorageCookieStore()            // HTTPCookieStorage.shared
/// let client = HTTPClient { $0.cookies = store }
/// _ = try await client.send(URLRequest(url: login))    // the session cookie lands in .shared
/// ```
///
/// RFC 6265 decides, not `HTTPCookieStorage`: ``store(_:from:)`` runs the fields through a
/// ``CookieJar`` seeded with the storage's cookies of the request's domain (so the rules on
/// replacing, secure cookies and expiry see them), then writes what the jar stored and deletes what
/// it expired. ``cookieHeader(for:)`` reads all the storage's cookies of related domains into a jar
/// and asks it (not `cookies(for:)`, which on Linux ignores paths). The storage's
/// `cookieAcceptPolicy` still applies to what it keeps. Conversions are ``Cookie/init(_:at:)`` and
/// `HTTPCookie(_:)`; `SameSite` survives them on Apple platforms only, and Foundation keeps no
/// creation time, so cookies of equal path length go out in no set order.
public final class HTTPCookieStorageCookieStore: CookieStore {
    /// The storage the cookies live in.
    public var storage: HTTPCookieStorage { box.storage }
    private let box: StorageBox
    private let limits: CookieJar.Limits
    /// Serialises this store's read-decide-write of the storage, so two responses stored at once
    /// decide against each other's results.
    private let serial = SerialLock()

    /// A store over `storage`.
    ///
    /// - Parameters:
    ///   - storage: The storage (the process's shared one by default).
    ///   - limits:  The limits of the jar that decides each response's fields.
    public init(storage: HTTPCookieStorage = .shared, limits: CookieJar.Limits = CookieJar.Limits()) {
        box = StorageBox(storage: storage)
        self.limits = limits
    }

    /// Holds the storage in this `Sendable` store. Unchecked because Apple's SDKs do not declare
    /// `HTTPCookieStorage` `Sendable` (swift-corelibs-foundation does): it is a thread-safe class,
    /// which URLSession itself reads and writes from its delegate queues while apps use it on
    /// theirs; the box only keeps the reference, which never changes.
    private struct StorageBox: @unchecked Sendable {
        let storage: HTTPCookieStorage
    }

    /// The `Cookie` header of a request to `url`, or nil when no cookie applies; a jar of the storage's cookies decides.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The header's value.
    public func cookieHeader(for url: URL) -> String? {
        // An empty storage (an API client's usual case) has nothing to send: no jar to build.
        guard storage.cookies?.isEmpty == false, let host = url.host?.lowercased() else { return nil }
        let now = Date()
        var jar = serial.run { jarOfCookies(relatedTo: host, at: now).jar }
        return jar.cookieHeader(for: url, at: now)
    }

    /// Stores the `Set-Cookie` fields of a response to `url`, in order: a jar decides, and the storage gets what it stored.
    ///
    /// - Parameters:
    ///   - fields: The values of the response's `Set-Cookie` fields.
    ///   - url:    The URL of the request the response answers.
    /// - Returns: What happened to each field.
    @discardableResult
    public func store(_ fields: [String], from url: URL) -> [CookieChange] {
        let now = Date()
        return serial.run {
            var (jar, stored) = jarOfCookies(relatedTo: url.host?.lowercased() ?? "", at: now)
            let changes = fields.map { jar.store($0, from: url, at: now) }
            for change in changes {
                switch change {
                case .stored(let cookie), .replaced(let cookie):
                    write(cookie, replacing: stored)
                case .expired(let name, let domain, let path):
                    delete(name: name, domain: domain, path: path, among: stored)
                case .rejected:
                    continue
                }
            }
            return changes
        }
    }

    /// Every cookie stored, expired ones excepted, as the storage holds them.
    public var cookies: [Cookie] {
        let now = Date()
        return (storage.cookies ?? []).compactMap { Cookie($0, at: now) }
            .filter { ($0.expiresAt ?? .distantFuture) > now }
    }

    /// Adds or replaces a cookie as it is (an imported one) in the storage.
    ///
    /// - Parameter cookie: The cookie.
    public func insert(_ cookie: Cookie) {
        serial.run { write(cookie, replacing: storage.cookies ?? []) }
    }

    /// Removes every session cookie from the storage, as curl's `--junk-session-cookies` does.
    public func removeSessionCookies() {
        serial.run {
            for cookie in storage.cookies ?? [] where cookie.isSessionOnly || cookie.expiresDate == nil {
                storage.deleteCookie(cookie)
            }
        }
    }

    /// Removes every cookie from the storage.
    public func removeAll() {
        serial.run {
            for cookie in storage.cookies ?? [] { storage.deleteCookie(cookie) }
        }
    }

    // MARK: - Between the storage and a jar

    /// A jar of the storage's cookies whose domain is `host`, a parent of it or a child of it, and
    /// those cookies as the storage keeps them.
    private func jarOfCookies(relatedTo host: String, at now: Date) -> (jar: CookieJar, stored: [HTTPCookie]) {
        var jar = CookieJar(limits: limits)
        var stored: [HTTPCookie] = []
        for cookie in storage.cookies ?? [] {
            guard let converted = Cookie(cookie, at: now), Self.isRelated(converted.domain, to: host) else { continue }
            jar.insert(converted)
            stored.append(cookie)
        }
        return (jar, stored)
    }

    /// Whether a cookie for `domain` can matter to `host`: either domain-matches the other.
    private static func isRelated(_ domain: String, to host: String) -> Bool {
        domain == host || CookieDomain.hasSuffix(host, "." + domain) || CookieDomain.hasSuffix(domain, "." + host)
    }

    /// Sets `cookie` in the storage, first deleting any cookie of the same name, domain and path
    /// kept under the other spelling of the domain (with or without the leading dot), which the
    /// storage would otherwise keep beside it.
    private func write(_ cookie: Cookie, replacing existing: [HTTPCookie]) {
        delete(name: cookie.name, domain: cookie.domain, path: cookie.path, among: existing)
        if let converted = HTTPCookie(cookie) { storage.setCookie(converted) }
    }

    private func delete(name: String, domain: String, path: String, among existing: [HTTPCookie]) {
        for cookie in existing where cookie.name == name && cookie.path == path {
            let stored = cookie.domain.lowercased()
            guard stored == domain || stored == "." + domain else { continue }
            storage.deleteCookie(cookie)
        }
    }
}
