public import Foundation

// MARK: - The storage model (§5.3)

extension CookieJar {
    /// Stores a parsed `Set-Cookie` field received in a response to `url`: RFC 6265 §5.3 step by
    /// step, with RFC 6265bis's secure-origin and prefix rules.
    ///
    /// - `Max-Age` takes precedence over `Expires`; a cookie with neither is a session cookie.
    /// - A `Domain` that is a public suffix is refused, unless it is the request's host itself
    ///   (then the cookie is host-only); one the host does not domain-match is refused.
    /// - Only `https` and `wss` are secure origins (`http://localhost` is not): a `Secure` cookie
    ///   from any other scheme is refused, and so is a cookie that would overlay a secure cookie of
    ///   the same name whose domain and path it matches.
    /// - A `__Secure-` name needs `Secure`; a `__Host-` name needs `Secure`, no `Domain` and `Path=/`.
    /// - A cookie with the name, domain and path of a stored one replaces it, keeping its creation
    ///   time; one that has already expired removes it instead.
    /// - Beyond the limits, expired cookies go first, then the least recently used of the domain,
    ///   then the least recently used of all.
    ///
    /// - Parameters:
    ///   - setCookie: The parsed field.
    ///   - url:       The URL of the request it answers.
    ///   - now:       The current time.
    /// - Returns: What was stored, replaced, removed or rejected.
    @discardableResult
    public mutating func store(_ setCookie: SetCookie, from url: URL, at now: Date = Date()) -> CookieChange {
        switch makeCookie(setCookie, from: url, at: now) {
        case .failure(let rejection):
            return .rejected(rejection)
        case .success(var cookie):
            // Step 11: a replacement keeps the creation time of the cookie it replaces.
            let old = remove(name: cookie.name, domain: cookie.domain, path: cookie.path)
            if let old { cookie.createdAt = old.createdAt }
            // An expired cookie is evicted as soon as it is stored; all it does is remove the old one.
            if let expiresAt = cookie.expiresAt, expiresAt <= now {
                return .expired(name: cookie.name, domain: cookie.domain, path: cookie.path)
            }
            put(cookie)  // step 12
            evictIfOverLimits(keeping: cookie, at: now)
            return old == nil ? .stored(cookie) : .replaced(cookie)
        }
    }

    /// Steps 2 to 10 of §5.3 (with RFC 6265bis's steps on secure origins and prefixes): the cookie
    /// to store, or why the field is ignored.
    private func makeCookie(_ setCookie: SetCookie, from url: URL, at now: Date) -> Result<Cookie, CookieRejection> {
        let name = setCookie.name
        func reject(_ reason: CookieRejection.Reason) -> Result<Cookie, CookieRejection> {
            .failure(CookieRejection(name: name, reason: reason))
        }
        guard let host = CookieDomain.canonicalHost(of: url) else { return reject(.noHost) }
        let isSecureOrigin = Self.isSecure(url)
        // Steps 4 to 6: the domain and the host-only flag.
        var domain = setCookie.domain ?? ""
        if !domain.isEmpty, PublicSuffixList.isPublicSuffix(domain) {
            guard domain == host else { return reject(.publicSuffix(domain: domain)) }
            domain = ""
        }
        let isHostOnly = domain.isEmpty
        if isHostOnly {
            domain = host
        } else if !CookieDomain.domainMatches(host, domain: domain) {
            return reject(.domainMismatch(domain: domain))
        }
        // Steps 2, 3, 7, 8, 9: the cookie itself.
        let cookie = Cookie(
            name: name, value: setCookie.value, domain: domain,
            path: setCookie.path ?? CookiePath.defaultPath(of: url), expiresAt: Self.expiry(of: setCookie, at: now),
            createdAt: now, lastAccessedAt: now, isHostOnly: isHostOnly, isSecure: setCookie.isSecure,
            isHTTPOnly: setCookie.isHTTPOnly, sameSite: setCookie.sameSite
        )
        // RFC 6265bis: `Secure` only from a secure origin, and no overlaying a secure cookie from
        // an insecure one.
        if cookie.isSecure, !isSecureOrigin { return reject(.insecureOrigin) }
        if !cookie.isSecure, !isSecureOrigin, overlaysSecureCookie(cookie) { return reject(.insecureOrigin) }
        if let prefix = Self.unmetPrefix(of: cookie, pathAttribute: setCookie.path) {
            return reject(.prefixRequirements(prefix: prefix))
        }
        return .success(cookie)
    }

    /// Step 3: `Max-Age` (seconds from now; zero or less is the earliest time) over `Expires`;
    /// nil for a session cookie. Times beyond `Date.distantFuture` become it.
    static func expiry(of setCookie: SetCookie, at now: Date) -> Date? {
        if let maxAge = setCookie.maxAge {
            guard maxAge > 0 else { return .distantPast }
            let limit = Date.distantFuture.timeIntervalSince(now)
            return Double(maxAge) >= limit ? .distantFuture : now.addingTimeInterval(Double(maxAge))
        }
        return setCookie.expires.map { min($0, .distantFuture) }
    }

    /// RFC 6265bis's cookie prefixes, matched ignoring case: the prefix whose requirements the
    /// cookie misses, or nil. A nameless cookie whose value starts with a prefix is refused too.
    static func unmetPrefix(of cookie: Cookie, pathAttribute: String?) -> String? {
        let subject = cookie.name.isEmpty ? cookie.value : cookie.name
        if hasPrefix(subject, "__secure-") {
            return cookie.isSecure && !cookie.name.isEmpty ? nil : "__Secure-"
        }
        if hasPrefix(subject, "__host-") {
            let met = cookie.isSecure && cookie.isHostOnly && pathAttribute == "/" && !cookie.name.isEmpty
            return met ? nil : "__Host-"
        }
        return nil
    }

    /// Whether a string starts with a lowercase ASCII prefix, ignoring case.
    private static func hasPrefix(_ string: String, _ lowercasePrefix: String) -> Bool {
        var bytes = string.utf8.makeIterator()
        for expected in lowercasePrefix.utf8 {
            guard let byte = bytes.next() else { return false }
            guard (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected else { return false }
        }
        return true
    }

    /// RFC 6265bis §5.7: whether a stored secure cookie has the new cookie's name, a domain that
    /// domain-matches the new one's (or the reverse), and a path the new cookie's path path-matches.
    private func overlaysSecureCookie(_ cookie: Cookie) -> Bool {
        for (domain, cookies) in _cookiesByDomain
        where CookieDomain.domainMatches(domain, domain: cookie.domain)
            || CookieDomain.domainMatches(cookie.domain, domain: domain)
        {
            for stored in cookies
            where stored.isSecure && stored.name == cookie.name
                && CookiePath.pathMatches(cookie.path, cookiePath: stored.path)
            {
                return true
            }
        }
        return false
    }

    /// Whether requests to `url` count as secure: the scheme is `https` or `wss`.
    static func isSecure(_ url: URL) -> Bool {
        guard let scheme = url.scheme else { return false }
        let lowercased = CookieDomain.asciiLowercased(scheme)
        return lowercased == "https" || lowercased == "wss"
    }
}

// MARK: - The index

extension CookieJar {
    /// Adds a cookie under its domain, replacing one with the same name, domain and path in place.
    mutating func put(_ cookie: Cookie) {
        let list = _cookiesByDomain.index(forKey: cookie.domain)
        if let list, let position = _cookiesByDomain.values[list].firstIndex(where: { $0.hasSameIdentity(as: cookie) })
        {
            _cookiesByDomain.values[list][position] = cookie
        } else {
            _cookiesByDomain[cookie.domain, default: []].append(cookie)
            _count += 1
        }
    }

    /// Removes the cookie with a name, domain and path, returning it.
    mutating func remove(name: String, domain: String, path: String) -> Cookie? {
        guard let list = _cookiesByDomain.index(forKey: domain),
            let position = _cookiesByDomain.values[list].firstIndex(where: {
                $0.name == name && $0.path == path
            })
        else { return nil }
        let cookie = _cookiesByDomain.values[list].remove(at: position)
        _count -= 1
        if _cookiesByDomain.values[list].isEmpty { _cookiesByDomain.remove(at: list) }
        return cookie
    }
}
