public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension Cookie {
    /// The cookie a Foundation `HTTPCookie` describes, as `HTTPCookieStorage`, `URLSession` and
    /// `WKWebView` keep them.
    ///
    /// A leading dot on the `HTTPCookie`'s domain means the cookie goes to subdomains too (not
    /// ``isHostOnly``); the domain is kept lowercased without it. A session-only cookie, or one with
    /// no expiry, becomes a session cookie. `SameSite` carries over where Foundation has it (Apple
    /// platforms). Foundation does not say when a cookie was created or last used: both become `now`.
    ///
    /// ```swift
    /// let cookies = (HTTPCookieStorage.shared.cookies ?? []).compactMap { Cookie($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - cookie: Foundation's cookie.
    ///   - now:    Its creation and last-access time here.
    /// - Returns: Nil when its domain is empty or its path does not start with `/`.
    public init?(_ cookie: HTTPCookie, at now: Date = Date()) {
        let (domain, dropped) = CookieDomain.droppingLeading(UInt8(ascii: "."), of: cookie.domain.lowercased())
        let isHostOnly = !dropped
        guard !domain.isEmpty, cookie.path.utf8.first == UInt8(ascii: "/") else { return nil }
        self.init(
            name: cookie.name, value: cookie.value, domain: domain, path: cookie.path,
            expiresAt: cookie.isSessionOnly ? nil : cookie.expiresDate, createdAt: now, isHostOnly: isHostOnly,
            isSecure: cookie.isSecure, isHTTPOnly: cookie.isHTTPOnly, sameSite: Self.sameSite(of: cookie))
    }

    private static func sameSite(of cookie: HTTPCookie) -> SameSite? {
        #if canImport(FoundationNetworking)
            return nil  // swift-corelibs-foundation's HTTPCookie has no SameSite
        #else
            switch cookie.sameSitePolicy?.rawValue.lowercased() {
            case "strict": return .strict
            case "lax": return .lax
            case "none": return SameSite.unrestricted
            default: return nil
            }
        #endif
    }
}
