import Foundation

// MARK: - Eviction

extension CookieJar {
    /// §5.3's eviction when the jar holds more than its limits: first every expired cookie, then the
    /// least recently used cookies of `cookie`'s domain beyond ``Limits/cookiesPerDomain``, then the
    /// least recently used of all beyond ``Limits/cookies``. Among cookies used at the same time,
    /// the one stored earlier in its domain goes first; the cookie just stored is never evicted.
    ///
    /// - Parameters:
    ///   - cookie: The cookie just stored or inserted.
    ///   - now:    The current time, to find expired cookies; nil to keep them (an imported cookie).
    mutating func evictIfOverLimits(keeping cookie: Cookie, at now: Date?) {
        let domainCount = _cookiesByDomain[cookie.domain]?.count ?? 0
        guard domainCount > limits.cookiesPerDomain || _count > limits.cookies else { return }
        if let now { removeExpired(at: now) }
        if let list = _cookiesByDomain.index(forKey: cookie.domain) {
            let excess = _cookiesByDomain.values[list].count - max(limits.cookiesPerDomain, 0)
            if excess > 0 {
                for _ in 0..<excess
                where Self.removeLeastRecentlyUsed(from: &_cookiesByDomain.values[list], keeping: cookie) {
                    _count -= 1
                }
                if _cookiesByDomain.values[list].isEmpty { _cookiesByDomain.remove(at: list) }
            }
        }
        while _count > max(limits.cookies, 0), removeLeastRecentlyUsedOfAll(keeping: cookie) {}
    }

    /// Removes the list's cookie with the earliest last-access time (the first such one), other
    /// than `kept`.
    private static func removeLeastRecentlyUsed(from list: inout [Cookie], keeping kept: Cookie) -> Bool {
        var oldest: Int?
        for position in list.indices where !list[position].hasSameIdentity(as: kept) {
            if let current = oldest, list[current].lastAccessedAt <= list[position].lastAccessedAt { continue }
            oldest = position
        }
        guard let oldest else { return false }
        list.remove(at: oldest)
        return true
    }

    /// Removes the jar's cookie with the earliest last-access time other than `kept`; false when
    /// there is none.
    private mutating func removeLeastRecentlyUsedOfAll(keeping kept: Cookie) -> Bool {
        var oldest: (list: Dictionary<String, [Cookie]>.Index, position: Int, time: Date)?
        for list in _cookiesByDomain.indices {
            for (position, stored) in _cookiesByDomain.values[list].enumerated()
            where !stored.hasSameIdentity(as: kept) && (oldest.map({ stored.lastAccessedAt < $0.time }) ?? true) {
                oldest = (list, position, stored.lastAccessedAt)
            }
        }
        guard let oldest else { return false }
        _cookiesByDomain.values[oldest.list].remove(at: oldest.position)
        _count -= 1
        if _cookiesByDomain.values[oldest.list].isEmpty { _cookiesByDomain.remove(at: oldest.list) }
        return true
    }
}
