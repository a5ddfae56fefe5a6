public import Foundation

/// A cookie as a ``CookieJar`` keeps it: the fields of RFC 6265 §5.3's storage model.
///
/// A jar makes cookies from the `Set-Cookie` fields of responses (``CookieJar/store(_:from:at:)-(String,_,_)``);
/// make one yourself to import cookies from elsewhere.
///
/// ```swift
/// let session = Cookie(name: "session", value: token, domain: "api.example.com")
/// store.insert(session)
/// ```
public struct Cookie: Sendable, Hashable, Codable {
    /// The `SameSite` attribute, kept as sent (there is no browsing context here to enforce it).
    public enum SameSite: String, Sendable, Hashable, Codable {
        /// `SameSite=Strict`.
        case strict = "Strict"
        /// `SameSite=Lax`.
        case lax = "Lax"
        /// `SameSite=None`: named so that it cannot read as `Optional.none` where a `SameSite?` is
        /// expected (as MockServerKit's `MockCookie.SameSite.unrestricted`).
        case unrestricted = "None"
    }

    /// The cookie's name (empty for a nameless cookie, which RFC 6265bis allows).
    public var name: String
    /// The cookie's value.
    public var value: String
    /// The host (host-only) or domain it is sent to: lowercased, without a leading dot.
    public var domain: String
    /// The path it is sent under (`/` for the whole site).
    public var path: String
    /// When it expires; nil for a session cookie (RFC 6265's persistent-flag false).
    public var expiresAt: Date?
    /// When it was first stored; a replacement keeps it (§5.3 step 11.3).
    public var createdAt: Date
    /// When it was last sent or stored.
    public var lastAccessedAt: Date
    /// Whether it goes only to ``domain`` itself, not to its subdomains (no `Domain` attribute).
    public var isHostOnly: Bool
    /// Whether it goes only over `https` (the `Secure` attribute).
    public var isSecure: Bool
    /// The `HttpOnly` attribute: kept and written back to cookie files; such cookies are sent as
    /// any other, since there is no script here to hide them from.
    public var isHTTPOnly: Bool
    /// The `SameSite` attribute, when it had a value this engine knows.
    public var sameSite: SameSite?

    /// Whether the cookie lasts only as long as the session (it has no expiry).
    public var isSession: Bool { expiresAt == nil }

    /// Makes a cookie.
    ///
    /// - Parameters:
    ///   - name:           The name.
    ///   - value:          The value.
    ///   - domain:         The host or domain, lowercased without a leading dot.
    ///   - path:           The path (`/` by default).
    ///   - expiresAt:      The expiry; nil for a session cookie.
    ///   - createdAt:      When it was first stored (now by default).
    ///   - lastAccessedAt: When it was last used (`createdAt` by default).
    ///   - isHostOnly:     Whether only `domain` itself gets it (true by default).
    ///   - isSecure:       Whether only `https` gets it.
    ///   - isHTTPOnly:     The `HttpOnly` attribute.
    ///   - sameSite:       The `SameSite` attribute.
    public init(
        name: String, value: String, domain: String, path: String = "/", expiresAt: Date? = nil,
        createdAt: Date = Date(), lastAccessedAt: Date? = nil, isHostOnly: Bool = true, isSecure: Bool = false,
        isHTTPOnly: Bool = false, sameSite: SameSite? = nil
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.lastAccessedAt = lastAccessedAt ?? createdAt
        self.isHostOnly = isHostOnly
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
    }

    /// Whether `other` is the same cookie in the storage model's sense: same name, domain and path
    /// (§5.3 step 11), so storing one replaces the other.
    ///
    /// - Parameter other: Another cookie.
    /// - Returns: True when the names, domains and paths are equal.
    public func hasSameIdentity(as other: Cookie) -> Bool {
        name == other.name && domain == other.domain && path == other.path
    }
}
