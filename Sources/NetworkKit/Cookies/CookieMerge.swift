import Foundation

/// A cookie's identity in the storage model: its name, domain and path (RFC 6265 §5.3 step 11).
struct CookieIdentity: Hashable, Sendable {
    let name: String
    let domain: String
    let path: String

    init(_ cookie: Cookie) {
        name = cookie.name
        domain = cookie.domain
        path = cookie.path
    }
}

/// The three-way merge of a ``FileCookieStore``'s cookies with a file another process saved, and the
/// jar limits applied after it.
enum CookieMerge {
    /// Merges `ours` (in memory) with `theirs` (the file now), given `baseline`, the file's line of each
    /// cookie when this process last read or wrote it.
    ///
    /// A cookie changed on one side only takes that side's version; changed on both, the more
    /// recent (ours when it was used after the file was written); removed on one side and untouched
    /// on the other, it stays removed; new on either side, it is kept. A version taken from the file
    /// keeps our creation time, as a replacement does (§5.3 step 11.3).
    ///
    /// - Returns: The merged cookies, ours first in their order, then new ones in the file's.
    static func merge(
        ours: [Cookie], theirs: [Cookie], baseline: [CookieIdentity: String], theirsModified: Date
    ) -> [Cookie] {
        var order: [CookieIdentity] = []
        var mine: [CookieIdentity: Cookie] = [:]
        var other: [CookieIdentity: Cookie] = [:]
        for cookie in ours {
            let identity = CookieIdentity(cookie)
            if mine.updateValue(cookie, forKey: identity) == nil { order.append(identity) }
        }
        for cookie in theirs {
            let identity = CookieIdentity(cookie)
            if other.updateValue(cookie, forKey: identity) == nil, mine[identity] == nil { order.append(identity) }
        }
        return order.compactMap { identity in
            choose(
                mine: mine[identity], theirs: other[identity], base: baseline[identity], theirsModified: theirsModified)
        }
    }

    private static func choose(mine: Cookie?, theirs: Cookie?, base: String?, theirsModified: Date) -> Cookie? {
        switch (mine, theirs) {
        case (let mine?, var theirs?):
            if base != nil, NetscapeCookieFile.line(for: theirs) == base { return mine }  // unchanged there
            theirs.createdAt = mine.createdAt
            if base != nil, NetscapeCookieFile.line(for: mine) == base { return theirs }  // unchanged here
            return mine.lastAccessedAt >= theirsModified ? mine : theirs
        case (let mine?, nil):
            // Removed there: gone unless changed here since
            return base != nil && NetscapeCookieFile.line(for: mine) == base ? nil : mine
        case (nil, let theirs?):
            // Removed here: gone unless changed there since
            return base != nil && NetscapeCookieFile.line(for: theirs) == base ? nil : theirs
        case (nil, nil):
            return nil
        }
    }

    /// `cookies` within `limits`' per-domain and total counts, the least recently used left out
    /// first; the rest keep their order.
    static func bounded(_ cookies: [Cookie], by limits: CookieJar.Limits) -> [Cookie] {
        guard cookies.count > min(limits.cookies, limits.cookiesPerDomain) else { return cookies }
        let recentFirst = cookies.indices.sorted { cookies[$0].lastAccessedAt > cookies[$1].lastAccessedAt }
        var kept = Set<Int>()
        var perDomain: [String: Int] = [:]
        for index in recentFirst where kept.count < limits.cookies {
            let count = perDomain[cookies[index].domain, default: 0]
            guard count < limits.cookiesPerDomain else { continue }
            perDomain[cookies[index].domain] = count + 1
            kept.insert(index)
        }
        return cookies.indices.filter { kept.contains($0) }.map { cookies[$0] }
    }
}
