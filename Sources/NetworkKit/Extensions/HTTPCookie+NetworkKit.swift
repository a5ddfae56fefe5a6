#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension HTTPCookie {
    /// Foundation's form of `cookie`, as `HTTPCookieStorage`, `URLSession` and `WKWebView` keep it.
    ///
    /// A cookie that goes to subdomains (not ``Cookie/isHostOnly``) gets a domain with a leading
    /// dot, Foundation's sign for it; a session cookie gets no expiry and `discard`. `SameSite`
    /// carries over where Foundation has it (Apple platforms).
    ///
    /// ```swift
    /// let cookie = Cookie(name: "locale", value: "en", domain: "example.com", isHostOnly: false)
    /// HTTPCookie(cookie)?.domain  // ".example.com"
    /// ```
    ///
    /// - Parameter cookie: The cookie.
    /// - Returns: Nil when Foundation refuses it (an empty name, say).
    public convenience init?(_ cookie: Cookie) {
        guard !cookie.name.isEmpty else { return nil }
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: cookie.name,
            .value: cookie.value,
            .domain: cookie.isHostOnly ? cookie.domain : "." + cookie.domain,
            .path: cookie.path,
            .version: "0",
        ]
        if let expiry = cookie.expiresAt {
            properties[.expires] = expiry
        } else {
            properties[.discard] = "TRUE"
        }
        if cookie.isSecure { properties[.secure] = "TRUE" }
        if cookie.isHTTPOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        #if !canImport(FoundationNetworking)
            if let sameSite = cookie.sameSite { properties[.sameSitePolicy] = sameSite.rawValue.lowercased() }
        #endif
        self.init(properties: properties)
    }
}
