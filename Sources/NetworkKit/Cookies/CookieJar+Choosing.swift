import Foundation

// MARK: - Choosing a request's cookies (§5.4)

extension CookieJar {
    /// What §5.4 needs of a request besides its host.
    struct Request {
        /// The request's path, percent-encoding kept.
        let path: String
        /// Whether the scheme is secure (`https`, `wss`).
        let isSecure: Bool
        /// The current time.
        let now: Date
    }

    /// Appends to `chosen` the cookies of one domain's list that go with the request, making `now`
    /// their last-access time, and removes the expired ones it finds.
    ///
    /// - Parameters:
    ///   - list:    The cookies stored under one domain.
    ///   - isHost:  Whether that domain is the request's host (else one of its parent domains).
    ///   - request: The request.
    ///   - chosen:  The cookies chosen so far.
    /// - Returns: How many expired cookies were removed.
    static func choose(in list: inout [Cookie], isHost: Bool, _ request: Request, into chosen: inout [Cookie]) -> Int {
        var expired = 0
        for position in list.indices {
            let cookie = list[position]
            if let expiresAt = cookie.expiresAt, expiresAt <= request.now {
                expired += 1
                continue
            }
            // Host-only cookies go to their host alone; the list's domain is the host or a parent
            // domain of it that the host domain-matches (IP addresses look up only themselves).
            guard isHost || !cookie.isHostOnly, !cookie.isSecure || request.isSecure,
                CookiePath.pathMatches(request.path, cookiePath: cookie.path)
            else { continue }
            list[position].lastAccessedAt = request.now
            chosen.append(list[position])
        }
        if expired > 0 {
            list.removeAll { ($0.expiresAt ?? .distantFuture) <= request.now }
        }
        return expired
    }
}
