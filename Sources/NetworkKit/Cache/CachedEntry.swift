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

    /// Replaces the fields and times, as a validation does (§4.3.4), reading the fields once.
    mutating func update(headers: HTTPHeaders, requestTime: Date, responseTime: Date) {
        self.headers = headers
        self.requestTime = requestTime
        self.responseTime = responseTime
        derived = Derived(headers, responseTime: responseTime)
    }

    /// The values of the fields a lookup needs, parsed.
    struct Derived: Sendable, Equatable {
        /// The `Cache-Control` directives.
        let directives: CacheControl
        /// `date_value` of §4.2.3 (see ``CachedEntry/dateValue``).
        let dateValue: Date
        /// The first member of the first `Age` line, or 0 (§5.1).
        let ageValue: Int
        /// Whether an `Expires` field is present, and its date when it is a valid one.
        let hasExpires: Bool
        let expires: Date?
        /// The first `Last-Modified` read as a date.
        let lastModifiedDate: Date?
        /// The first `ETag` and `Last-Modified`, trimmed, or nil when absent or empty.
        let entityTag: String?
        let lastModified: String?

        init(_ headers: HTTPHeaders, responseTime: Date) {
            directives = CacheControl(response: headers)
            dateValue = Self.date("Date", in: headers, responseTime: responseTime) ?? responseTime
            ageValue = Self.age(in: headers)
            hasExpires = headers.contains("Expires")
            expires = hasExpires ? Self.date("Expires", in: headers, responseTime: responseTime) : nil
            lastModifiedDate = Self.date("Last-Modified", in: headers, responseTime: responseTime)
            entityTag = Self.trimmed("ETag", in: headers)
            lastModified = Self.trimmed("Last-Modified", in: headers)
        }

        /// The first `name` field, trimmed, or nil when absent or empty.
        static func trimmed(_ name: String, in headers: HTTPHeaders) -> String? {
            headers.value(for: name).map(FieldValue.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        }

        /// The first `name` field read as an HTTP date, or nil when absent or not a date.
        static func date(_ name: String, in headers: HTTPHeaders, responseTime: Date) -> Date? {
            guard let text = headers.value(for: name) else { return nil }
            return HTTPDate.parse(FieldValue.trimmed(text), now: responseTime)
        }

        /// The response's `Age`: the first member of its value (§5.1), or 0 when absent or invalid.
        static func age(in headers: HTTPHeaders) -> Int {
            guard let line = headers.value(for: "Age") else { return 0 }
            let first = line.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
            return DeltaSeconds.parse(FieldValue.trimmed(first)) ?? 0
        }
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
