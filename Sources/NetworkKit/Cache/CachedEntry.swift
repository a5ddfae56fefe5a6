import Foundation
import InternalServiceUtilities

/// One stored response (RFC 9111 §3): what a later request may be answered with, and what it takes
/// to decide whether it may.
///
/// It keeps the response's status, header fields in order (repeats included), content, when its
/// request was sent and when it arrived (§4.2.3), and the request's value of each field the
/// response's `Vary` names (§4.1). All stored responses of one ``CacheKey`` form a ``CacheRecord``.
struct CachedEntry: Sendable, Equatable {
    /// A request field a response varies on: its lowercased name, and the request's value
    /// normalised by ``CacheVary/normalized(_:)``, or nil when the request had no such field.
    struct VaryValue: Sendable, Hashable {
        var name: String
        var value: String?
    }

    /// The request values the response varies on, in its `Vary` order.
    var varyValues: [VaryValue]
    /// The status code.
    var status: Int
    /// The response's header fields as stored (§3.1).
    private(set) var headers: HTTPHeaders
    /// The content.
    var body: Data
    /// When the request that brought the response (or last validated it) was sent.
    private(set) var requestTime: Date
    /// When that response arrived.
    private(set) var responseTime: Date
    /// What every lookup reads from the fields, read once when they are set: parsing them on each
    /// lookup cost more than the rest of a fresh hit.
    private(set) var derived: Derived

    /// Replaces the fields and times, as a validation does (§4.3.4), reading again only the
    /// fields that changed (see ``Derived/init(_:responseTime:reusing:)``).
    mutating func update(headers: HTTPHeaders, requestTime: Date, responseTime: Date) {
        self.headers = headers
        self.requestTime = requestTime
        self.responseTime = responseTime
        derived = Derived(Derived.Sources(headers), responseTime: responseTime, reusing: derived)
    }

    /// A stored response.
    init(
        varyValues: [VaryValue], status: Int, headers: HTTPHeaders, body: Data, requestTime: Date, responseTime: Date
    ) {
        self.varyValues = varyValues
        self.status = status
        self.headers = headers
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        derived = Derived(headers, responseTime: responseTime)
    }

    /// What the entry costs a cache's byte budget: its content, its fields' names and values, its
    /// vary values and a fixed ``overhead``.
    var cost: Int {
        var total = Self.overhead &+ body.count
        for field in headers { total = total &+ field.name.utf8.count &+ field.value.utf8.count }
        for vary in varyValues { total = total &+ vary.name.utf8.count &+ (vary.value?.utf8.count ?? 0) }
        return total
    }

    /// Bytes counted for an entry besides its fields and content (its times, status, lengths).
    static let overhead = 128

    /// The response's `Cache-Control` directives.
    var directives: CacheControl { derived.directives }

    /// The response's `Date`, or when it arrived where it has none or an invalid one (RFC 9110
    /// §6.6.1 lets a recipient use the time of receipt): `date_value` of §4.2.3.
    var dateValue: Date { derived.dateValue }

    /// The first `ETag`, trimmed, or nil.
    var entityTag: String? { derived.entityTag }

    /// The first `Last-Modified`, trimmed, or nil.
    var lastModified: String? { derived.lastModified }
}
