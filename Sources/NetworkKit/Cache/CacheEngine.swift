import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The decisions of RFC 9111's private cache, as functions of a request, the stored responses of
/// its URL and the clock: no storage, no locks, no I/O (``HTTPCache`` wraps them).
///
/// ```swift
/// switch CacheEngine.lookup(request, in: record, now: now) {
/// case .fresh(let response): answer(response)
/// case .validate(let validation): send(request, adding: validation.conditionalHeaders)
/// default: …
/// }
/// ```
enum CacheEngine {
    /// What to do with `request` (RFC 9111 §4), given its URL's stored responses.
    ///
    /// Requests other than `GET` and `HEAD`, and requests that carry their own preconditions
    /// (`If-None-Match`, `If-Modified-Since`, `If-Match`, `If-Unmodified-Since`, `If-Range`) or a
    /// `Range`, are a ``CacheLookup/miss``: the caller's own conditional or partial request goes to
    /// the server as written. `request.cachePolicy` then decides:
    ///
    /// - `.useProtocolCachePolicy`: the RFC's rules (``protocolLookup(_:_:_:_:now:)``).
    /// - `.reloadIgnoringLocalCacheData`, `.reloadIgnoringLocalAndRemoteCacheData`: a miss; the
    ///   response is still stored.
    /// - `.reloadRevalidatingCacheData`: validate whatever is stored, fresh or not.
    /// - `.returnCacheDataElseLoad`: any stored response the request matches by `Vary`, fresh or
    ///   stale (even one with `no-cache` or `must-revalidate`: the caller asked for it), else a miss.
    /// - `.returnCacheDataDontLoad`: the same, else ``CacheLookup/unsatisfiable``.
    ///
    /// - Parameters:
    ///   - request: The presented request, as it will be sent.
    ///   - record: The stored responses of its URL, or nil.
    ///   - now: The current time.
    /// - Returns: The decision.
    static func lookup(_ request: URLRequest, in record: CacheRecord?, now: Date) -> CacheLookup {
        let method = request.httpMethod ?? "GET"
        // Read once: on Linux each read of a request's fields builds a dictionary.
        let fields = request.allHTTPHeaderFields
        guard method == "GET" || method == "HEAD", !hasOwnPreconditions(fields) else { return .miss }
        let directives = CacheControl(requestFields: fields)
        let policy = request.cachePolicy
        if policy == .reloadIgnoringLocalCacheData || policy == .reloadIgnoringLocalAndRemoteCacheData {
            return .miss
        }
        guard let record, let selected = selectedIndex(in: record, for: request) else {
            return directives.onlyIfCached || policy == .returnCacheDataDontLoad ? .unsatisfiable : .miss
        }
        switch policy {
        case .returnCacheDataElseLoad, .returnCacheDataDontLoad:
            let entry = record.entries[selected]
            let freshness = CacheFreshness(of: entry, at: now)
            let source: HTTPResponseSource = freshness.isFresh ? .cache : .stale
            let response = CachedResponse(entry, for: request, source: source, at: now)
            return freshness.isFresh ? .fresh(response) : .stale(response, backgroundRevalidation: nil)
        case .reloadRevalidatingCacheData:
            if directives.onlyIfCached { return .unsatisfiable }
            return .validate(CacheRevalidation.validation(for: record, selected: selected))
        default:
            return protocolLookup(request, directives, record, selected, now: now)
        }
    }

    /// RFC 9111 §4 for `record.entries[selected]`, the stored response `request` chose.
    ///
    /// - Fresh (§4.2), and no `no-cache` in the response (§5.2.2.4) or the request (§5.2.1.4, or
    ///   `Pragma`, §5.4), within the request's `max-age` (§5.2.1.1; `max-age=0` always validates, even
    ///   a response whose age rounds to 0) and `min-fresh` (§5.2.1.3):
    ///   ``CacheLookup/fresh(_:)``. An `immutable` fresh response (RFC 8246) ignores the request's
    ///   `max-age`, which is how a reload asks (`max-age=0`); `no-cache` (a forced reload) still
    ///   validates it.
    /// - Stale, without `must-revalidate` (§4.2.4) or `no-cache`: served when the request's
    ///   `max-stale` covers its staleness (§5.2.1.2) and its `max-age` its age; or, when the request
    ///   sets no `max-age` or `min-fresh`, within the response's `stale-while-revalidate` window,
    ///   with a background validation (RFC 5861 §3).
    /// - Otherwise validate (§4.3.1), or, with `only-if-cached`, ``CacheLookup/unsatisfiable``.
    static func protocolLookup(
        _ request: URLRequest, _ directives: CacheControl, _ record: CacheRecord, _ selected: Int, now: Date
    ) -> CacheLookup {
        let entry = record.entries[selected]
        let response = entry.directives
        let freshness = CacheFreshness(of: entry, at: now)
        // max-age=0 asks for validation whatever the age (a reload); other values compare with it
        let withinMaxAge = directives.maxAge.map { $0 > 0 && freshness.currentAge <= Double($0) } ?? true
        if response.noCache != .all, directives.noCache == nil {
            if freshness.isFresh, withinMaxAge || response.isImmutable,
                directives.minFresh.map({ freshness.remaining >= Double($0) }) ?? true
            {
                return .fresh(CachedResponse(entry, for: request, source: .cache, at: now))
            }
            if !freshness.isFresh, !response.mustRevalidate {
                if let maxStale = directives.maxStale, withinMaxAge, Self.allows(maxStale, freshness.staleness) {
                    let stale = CachedResponse(entry, for: request, source: .stale, at: now)
                    return .stale(stale, backgroundRevalidation: nil)
                }
                if let window = response.staleWhileRevalidate, directives.maxAge == nil, directives.minFresh == nil,
                    freshness.staleness <= Double(window)
                {
                    let stale = CachedResponse(entry, for: request, source: .stale, at: now)
                    return .stale(
                        stale, backgroundRevalidation: CacheRevalidation.validation(for: record, selected: selected))
                }
            }
        }
        if directives.onlyIfCached { return .unsatisfiable }
        return .validate(CacheRevalidation.validation(for: record, selected: selected))
    }

    /// The stored response to answer `request` with after the server answered its validation (or
    /// the request) with a 5xx, or could not be reached (RFC 5861 §4, RFC 9111 §4.3.3): the one the
    /// request chooses, when the response's or the request's `stale-if-error` covers its staleness
    /// and neither `must-revalidate` nor `no-cache` forbids a stale use (§4.2.4).
    ///
    /// - Returns: The stale response, or nil to pass the error on.
    static func responseAfterError(_ request: URLRequest, in record: CacheRecord?, now: Date) -> CachedResponse? {
        guard let record, let entry = selected(in: record, for: request) else { return nil }
        let response = entry.directives
        guard !response.mustRevalidate, response.noCache != .all else { return nil }
        let window = max(response.staleIfError ?? -1, CacheControl(request: request).staleIfError ?? -1)
        let freshness = CacheFreshness(of: entry, at: now)
        guard window >= 0, freshness.staleness <= Double(window) else { return nil }
        return CachedResponse(entry, for: request, source: freshness.isFresh ? .cache : .stale, at: now)
    }

    /// The stored response `request` chooses (§4.1): among those it matches by `Vary`, the most
    /// recent by `Date`, then by arrival.
    static func selected(in record: CacheRecord, for request: URLRequest) -> CachedEntry? {
        selectedIndex(in: record, for: request).map { record.entries[$0] }
    }

    /// The position in `record` of the stored response `request` chooses (see
    /// ``selected(in:for:)``): of several equally recent, the first.
    static func selectedIndex(in record: CacheRecord, for request: URLRequest) -> Int? {
        var best: Int?
        for index in record.entries.indices where CacheVary.matches(record.entries[index], request) {
            if let current = best, !isOlder(record.entries[current], than: record.entries[index]) { continue }
            best = index
        }
        return best
    }

    /// Whether `first` is older than `second` by `Date`, then by arrival.
    static func isOlder(_ first: CachedEntry, than second: CachedEntry) -> Bool {
        let (firstDate, secondDate) = (first.dateValue, second.dateValue)
        return firstDate != secondDate ? firstDate < secondDate : first.responseTime < second.responseTime
    }

    /// The fields that make a request conditional or partial.
    static let preconditionFields = [
        "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range",
    ]

    /// Whether `request` carries a precondition or a range of its own.
    static func hasOwnPreconditions(_ request: URLRequest) -> Bool {
        hasOwnPreconditions(request.allHTTPHeaderFields)
    }

    /// Whether a request whose fields are `fields` carries a precondition or a range of its own.
    static func hasOwnPreconditions(_ fields: [String: String]?) -> Bool {
        guard let fields, !fields.isEmpty else { return false }
        return fields.keys.contains { name in preconditionFields.contains { FieldName.same(name, $0) } }
    }

    private static func allows(_ maxStale: CacheControl.MaxStale, _ staleness: Double) -> Bool {
        switch maxStale {
        case .any: return true
        case .seconds(let seconds): return staleness <= Double(seconds)
        }
    }
}
