import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The directives of the `Cache-Control` fields of one message (RFC 9111 §5.2), as a private cache
/// reads them: response directives (§5.2.2, RFC 5861, RFC 8246) and request directives (§5.2.1).
///
/// Read with ``init(fieldValues:)``, which never fails: it takes every line of the field (joined by
/// commas, as RFC 9110 §5.3 allows), names in any case, values quoted or not, and ignores empty
/// members and unknown directives (§5.2.3). Where RFC 9111 §4.2.1 leaves a choice, this reads:
///
/// - **Duplicates**: the first occurrence of a directive wins (`max-age=60, max-age=0` is 60), one
///   of the two choices §4.2.1 offers. `no-cache` is the exception: an unqualified one anywhere wins
///   over a qualified one, the most restrictive reading (§4.2.1).
/// - **Invalid values**: a `max-age` or `s-maxage` whose value is not `delta-seconds` (`max-age=1.5`,
///   `max-age=`, `max-age`) reads as 0, so the response is stale, as §4.2.1 encourages. An invalid
///   `stale-while-revalidate`, `stale-if-error`, `max-stale=N` or `min-fresh` is ignored, so none of
///   them relaxes anything by mistake.
/// - **Huge values** clamp to 2^31 seconds (§1.2.2, ``DeltaSeconds``).
struct CacheControl: Sendable, Equatable {
    /// `no-cache`, unqualified or with the field names it covers.
    enum NoCache: Sendable, Equatable {
        /// `no-cache`: nothing of the response is reused without validation.
        case all
        /// `no-cache="name, …"`: the named fields (lowercased) are not reused without validation.
        case fields([String])
    }

    /// The request's `max-stale` (§5.2.1.2).
    enum MaxStale: Sendable, Equatable {
        /// `max-stale`: a stale response of any staleness will do.
        case any
        /// `max-stale=N`: one stale by at most N seconds will do.
        case seconds(Int)
    }

    /// Whether any `Cache-Control` field was present (for `Pragma`, §5.4).
    var isPresent = false

    // MARK: Response and request directives

    /// `max-age`: the response's freshness lifetime (§5.2.2.1), or the age the client accepts (§5.2.1.1).
    var maxAge: Int?
    /// `no-cache` (§5.2.2.4, §5.2.1.4).
    var noCache: NoCache?
    /// `no-store` (§5.2.2.5, §5.2.1.5).
    var noStore = false
    /// `no-transform` (§5.2.2.6, §5.2.1.6): parsed; a cache that changes no content has nothing to do.
    var noTransform = false
    /// `stale-if-error`: seconds past its lifetime a response may answer an error (RFC 5861 §4).
    var staleIfError: Int?

    // MARK: Response directives

    /// `s-maxage` (§5.2.2.10): parsed, and ignored by a private cache.
    var sharedMaxAge: Int?
    /// `must-revalidate` (§5.2.2.2).
    var mustRevalidate = false
    /// `proxy-revalidate` (§5.2.2.8): for shared caches only.
    var proxyRevalidate = false
    /// `must-understand` (§5.2.2.3).
    var mustUnderstand = false
    /// `private` (§5.2.2.7), qualified or not: a private cache may store the response.
    var isPrivate = false
    /// `public` (§5.2.2.9).
    var isPublic = false
    /// `immutable` (RFC 8246).
    var isImmutable = false
    /// `stale-while-revalidate`: seconds past its lifetime a response may be served while it is
    /// revalidated in the background (RFC 5861 §3).
    var staleWhileRevalidate: Int?

    // MARK: Request directives

    /// `max-stale` (§5.2.1.2).
    var maxStale: MaxStale?
    /// `min-fresh` (§5.2.1.3).
    var minFresh: Int?
    /// `only-if-cached` (§5.2.1.7).
    var onlyIfCached = false

    /// No directives.
    init() {}

    /// The directives of every line of a message's `Cache-Control` field, in order.
    ///
    /// ```swift
    /// CacheControl(fieldValues: ["max-age=\"60\", Private", "no-cache=\"Set-Cookie\""])
    /// // maxAge 60, isPrivate, noCache .fields(["set-cookie"])
    /// ```
    ///
    /// - Parameter fieldValues: The field's values, one per line.
    /// - Complexity: O(*n*) in the total length of the values.
    init(fieldValues: [String]) {
        isPresent = !fieldValues.isEmpty
        var seen: Set<String> = []
        for value in fieldValues {
            for member in Self.members(of: value) where seen.insert(member.name).inserted || member.name == "no-cache" {
                apply(member.name, member.argument)
            }
        }
    }

    /// The directives of a response's header fields.
    ///
    /// - Parameter headers: The response's fields.
    init(response headers: HTTPHeaders) {
        self.init(fieldValues: headers.values(for: "Cache-Control"))
    }

    /// The directives of a request: its `Cache-Control`, or, when it has none, `Pragma: no-cache`
    /// read as `Cache-Control: no-cache` (RFC 9111 §5.4).
    ///
    /// - Parameter request: The request.
    init(request: URLRequest) {
        self.init(requestFields: request.allHTTPHeaderFields)
    }

    /// The directives of a request whose fields are `fields` (see ``init(request:)``).
    ///
    /// - Parameter fields: The request's `allHTTPHeaderFields`.
    init(requestFields fields: [String: String]?) {
        let values = URLRequest.value(of: "Cache-Control", in: fields).map { [$0] } ?? []
        self.init(fieldValues: values)
        if !isPresent, let pragma = URLRequest.value(of: "Pragma", in: fields),
            Self.members(of: pragma).contains(where: { $0.name == "no-cache" })
        {
            noCache = .all
        }
    }

    /// Records one directive; `name` is lowercased.
    private mutating func apply(_ name: String, _ argument: String?) {
        let seconds = argument.flatMap(DeltaSeconds.parse)
        switch name {
        case "max-age": maxAge = seconds ?? 0
        case "s-maxage": sharedMaxAge = seconds ?? 0
        case "no-cache": noCache = Self.merging(noCache, Self.fieldNames(argument))
        case "no-store": noStore = true
        case "no-transform": noTransform = true
        case "stale-if-error": staleIfError = seconds
        case "must-revalidate": mustRevalidate = true
        case "proxy-revalidate": proxyRevalidate = true
        case "must-understand": mustUnderstand = true
        case "private": isPrivate = true
        case "public": isPublic = true
        case "immutable": isImmutable = true
        case "stale-while-revalidate": staleWhileRevalidate = seconds
        case "max-stale": maxStale = argument == nil ? .any : seconds.map(MaxStale.seconds)
        case "min-fresh": minFresh = seconds
        case "only-if-cached": onlyIfCached = true
        default: break  // an extension this cache does not know (§5.2.3)
        }
    }

    /// The field names of a `no-cache="a, b"` argument, lowercased; nil for none (unqualified).
    private static func fieldNames(_ argument: String?) -> [String]? {
        guard let argument else { return nil }
        let names = argument.split(separator: ",").map { FieldValue.trimmed($0).lowercased() }
            .filter { !$0.isEmpty }
        return names.isEmpty ? nil : names
    }

    /// `no-cache` after one more occurrence: unqualified anywhere wins, field names add up.
    private static func merging(_ current: NoCache?, _ names: [String]?) -> NoCache {
        guard let names else { return .all }
        switch current {
        case .all: return .all
        case .fields(let existing): return .fields(existing + names)
        case nil: return .fields(names)
        }
    }
}
