import Foundation

/// The `Cookie` headers an ``InMemoryCookieStore`` chose lately, by request URL, so that requests to
/// the same URL do not run §5.4's choice again while nothing changed.
///
/// A choice holds until the store changes (the store then empties the cache), until the first of its
/// cookies expires, and for at most ``accessResolution``: the cookies' last-access times, which
/// eviction reads, are then kept to that resolution instead of to each request.
struct CookieChoiceCache: Sendable {
    /// One URL's header and until when it holds.
    private struct Choice: Sendable {
        let header: String?
        let validUntil: Date
    }

    /// How long a choice is reused, and so how stale a chosen cookie's last-access time may be.
    static let accessResolution: TimeInterval = 1
    /// The most URLs remembered; beyond it the cache starts again empty.
    static let capacity = 256

    private var choices: [String: Choice] = [:]

    /// The header chosen for `key` when it still holds at `now`: `.some(nil)` when no cookie
    /// applied, `nil` when there is no such choice.
    func header(for key: String, at now: Date) -> String?? {
        guard let choice = choices[key], now < choice.validUntil else { return nil }
        return .some(choice.header)
    }

    /// Remembers the header made of `chosen` for `key`, chosen at `now`.
    mutating func remember(_ header: String?, of chosen: [Cookie], for key: String, at now: Date) {
        if choices.count >= Self.capacity { choices.removeAll(keepingCapacity: true) }
        var validUntil = now.addingTimeInterval(Self.accessResolution)
        for cookie in chosen {
            if let expiresAt = cookie.expiresAt, expiresAt < validUntil { validUntil = expiresAt }
        }
        choices[key] = Choice(header: header, validUntil: validUntil)
    }

    /// Forgets every choice: the store changed.
    mutating func removeAll() {
        if !choices.isEmpty { choices.removeAll(keepingCapacity: true) }
    }
}
