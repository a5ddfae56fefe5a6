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
    var headers: HTTPHeaders
    /// The content.
    var body: Data
    /// When the request that brought the response (or last validated it) was sent.
    var requestTime: Date
    /// When that response arrived.
    var responseTime: Date

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
    var directives: CacheControl { CacheControl(response: headers) }

    /// The response's `Date`, or when it arrived where it has none or an invalid one (RFC 9110
    /// §6.6.1 lets a recipient use the time of receipt): `date_value` of §4.2.3.
    var dateValue: Date {
        firstDate("Date") ?? responseTime
    }

    /// The first `name` field read as an HTTP date, or nil when absent or not a date.
    func firstDate(_ name: String) -> Date? {
        guard let text = headers.value(for: name) else { return nil }
        return HTTPDate.parse(text.trimmingCharacters(in: .whitespaces), now: responseTime)
    }

    /// The first `ETag`, trimmed, or nil.
    var entityTag: String? {
        headers.value(for: "ETag").map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The first `Last-Modified`, trimmed, or nil.
    var lastModified: String? {
        headers.value(for: "Last-Modified").map { $0.trimmingCharacters(in: .whitespaces) }
            .flatMap { $0.isEmpty ? nil : $0 }
    }
}
