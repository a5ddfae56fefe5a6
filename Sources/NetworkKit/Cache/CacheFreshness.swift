import Foundation

/// How fresh a stored response is at an instant (RFC 9111 §4.2): its freshness lifetime (§4.2.1),
/// its current age (§4.2.3), and from these whether it is fresh and by how much it is stale.
///
/// ```swift
/// let freshness = CacheFreshness(of: entry, at: now)
/// freshness.isFresh       // lifetime > current age
/// freshness.ageField      // the `Age` value to send with it (§5.1)
/// ```
///
/// Times are `Double` seconds, so no sum traps; values a cache writes go through
/// ``DeltaSeconds/clamped(_:)``.
struct CacheFreshness: Sendable, Equatable {
    /// The freshness lifetime, in seconds (§4.2.1).
    let lifetime: Double
    /// Whether ``lifetime`` is a heuristic one (§4.2.2).
    let isHeuristic: Bool
    /// The current age, in seconds (§4.2.3).
    let currentAge: Double

    /// The statuses RFC 9110 §15.1 defines as heuristically cacheable.
    static let heuristicallyCacheableStatuses: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]
    /// The fraction of the time since `Last-Modified` a heuristic lifetime takes: 10%, the typical
    /// setting §4.2.2 names.
    static let heuristicFraction = 0.1
    /// The longest heuristic lifetime: 7 days, so a file untouched for years is still checked
    /// weekly (Firefox's cap; §4.2.2 sets none).
    static let maximumHeuristicLifetime: Double = 7 * 24 * 60 * 60

    /// The freshness of `entry` at `now`.
    ///
    /// - Parameters:
    ///   - entry: A stored response.
    ///   - now: The current time.
    init(of entry: CachedEntry, at now: Date) {
        let directives = entry.directives
        (lifetime, isHeuristic) = Self.lifetime(of: entry, directives)
        currentAge = Self.currentAge(of: entry, at: now)
    }

    /// Whether the response is fresh: its age has not reached its lifetime (§4.2).
    var isFresh: Bool { lifetime > currentAge }

    /// How long it stays fresh, in seconds (negative when stale).
    var remaining: Double { lifetime - currentAge }

    /// How far past its lifetime it is, in seconds (0 while fresh).
    var staleness: Double { max(0, currentAge - lifetime) }

    /// The `Age` field's value for a response made from it (§5.1): whole seconds, at most 2^31.
    var ageField: Int { DeltaSeconds.clamped(currentAge) }

    /// §4.2.1: `max-age`, else `Expires` minus `Date`, else a heuristic (§4.2.2). `s-maxage` is for
    /// shared caches and is ignored. An `Expires` that is not a valid date (`0`) is in the past
    /// (§5.3), so the lifetime is 0; with several `Expires` lines the first counts.
    static func lifetime(of entry: CachedEntry, _ directives: CacheControl) -> (Double, Bool) {
        if let maxAge = directives.maxAge { return (Double(maxAge), false) }
        if entry.derived.hasExpires {
            guard let expires = entry.derived.expires else { return (0, false) }
            return (max(0, expires.timeIntervalSince(entry.dateValue)), false)
        }
        guard heuristicallyCacheableStatuses.contains(entry.status) || directives.isPublic,
            let lastModified = entry.derived.lastModifiedDate
        else { return (0, true) }
        let sinceModified = entry.dateValue.timeIntervalSince(lastModified)
        return (min(max(0, sinceModified * heuristicFraction), maximumHeuristicLifetime), true)
    }

    /// §4.2.3's current age:
    ///
    /// ```text
    /// apparent_age          = max(0, response_time - date_value)
    /// response_delay        = response_time - request_time
    /// corrected_age_value   = age_value + response_delay
    /// corrected_initial_age = max(apparent_age, corrected_age_value)
    /// resident_time         = now - response_time
    /// current_age           = corrected_initial_age + resident_time
    /// ```
    ///
    /// `age_value` is the first member of the first `Age` line (§5.1), or 0 when it is absent or not
    /// `delta-seconds` (an invalid `Age` is ignored). A clock that went backwards makes the response
    /// delay and the resident time 0, never negative.
    static func currentAge(of entry: CachedEntry, at now: Date) -> Double {
        let apparentAge = max(0, entry.responseTime.timeIntervalSince(entry.dateValue))
        let responseDelay = max(0, entry.responseTime.timeIntervalSince(entry.requestTime))
        let correctedAgeValue = Double(entry.derived.ageValue) + responseDelay
        let correctedInitialAge = max(apparentAge, correctedAgeValue)
        let residentTime = max(0, now.timeIntervalSince(entry.responseTime))
        let age = correctedInitialAge + residentTime
        return age.isNaN ? Double(DeltaSeconds.maximum) : age
    }

}
