import Foundation
import InternalServiceUtilities

extension CachedEntry {
    /// The values of the fields a lookup needs, parsed, and the field lines they were read from.
    ///
    /// A validation (§4.3.4) replaces a stored response's fields with a 304's, which usually repeats
    /// the stored `Cache-Control`, `ETag` and `Last-Modified` and changes `Date` at most once a
    /// second: ``init(_:responseTime:reusing:)`` reads again only the values whose lines changed.
    struct Derived: Sendable, Equatable {
        /// The `Cache-Control` directives.
        let directives: CacheControl
        /// `date_value` of §4.2.3 (see ``CachedEntry/dateValue``): ``date``, else the arrival time.
        let dateValue: Date
        /// The first `Date` read as a date, or nil when absent or not a date.
        let date: Date?
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
        /// The lines the values above were read from.
        let sources: Sources

        /// The values of `headers`, for a response that arrived at `responseTime`.
        init(_ headers: HTTPHeaders, responseTime: Date) {
            self.init(Sources(headers), responseTime: responseTime, reusing: nil)
        }

        /// The values of the lines `sources`, for a response that arrived at `responseTime`, taking
        /// each from `previous` when it was read from the same lines and would read the same now.
        ///
        /// Every value but the dates depends on its lines alone. A date does on the arrival time
        /// only in two ways: `dateValue` falls back to it, and an RFC 850 date places its two-digit
        /// year by it, so such a date is read again (see ``readsTheSameAtAnyTime(_:)``).
        ///
        /// - Parameters:
        ///   - sources: The field lines.
        ///   - responseTime: When the response (or the 304 that updated it) arrived.
        ///   - previous: The values of the lines the entry had before, or nil.
        init(_ sources: Sources, responseTime: Date, reusing previous: Derived?) {
            // Each value is taken through `previous?.` (not a bound copy of the whole).
            if previous?.sources.cacheControl == sources.cacheControl, let reused = previous?.directives {
                directives = reused
            } else {
                directives = CacheControl(fieldValues: sources.cacheControl)
            }
            if previous?.sources.age == sources.age, let reused = previous?.ageValue {
                ageValue = reused
            } else {
                ageValue = Self.age(sources.age)
            }
            if previous?.sources.entityTag == sources.entityTag, let reused = previous?.entityTag {
                entityTag = reused
            } else {
                entityTag = Self.trimmed(sources.entityTag)
            }
            if previous?.sources.lastModified == sources.lastModified, let reused = previous?.lastModified {
                lastModified = reused
            } else {
                lastModified = Self.trimmed(sources.lastModified)
            }
            date = Self.date(sources.date, earlier: previous?.sources.date, read: previous?.date, now: responseTime)
            dateValue = date ?? responseTime
            hasExpires = sources.expires != nil
            expires = Self.date(
                sources.expires, earlier: previous?.sources.expires, read: previous?.expires, now: responseTime)
            lastModifiedDate = Self.date(
                sources.lastModified, earlier: previous?.sources.lastModified, read: previous?.lastModifiedDate,
                now: responseTime)
            self.sources = sources
        }

        /// `line` trimmed, or nil when absent or empty.
        static func trimmed(_ line: String?) -> String? {
            line.map(FieldValue.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        }

        /// `line` read as an HTTP date at `now`, or nil when absent or not a date; `read`, what an
        /// earlier reading gave, when that reading was of the same line (`earlier`) and the line
        /// reads the same at any time.
        ///
        /// - Parameters:
        ///   - line: The field line, untrimmed.
        ///   - earlier: The line read before, or nil when there was none or no reading before.
        ///   - read: What that reading gave.
        ///   - now: When the response arrived.
        static func date(_ line: String?, earlier: String?, read: Date?, now: Date) -> Date? {
            guard let line else { return nil }
            if earlier == line, readsTheSameAtAnyTime(line) { return read }
            return HTTPDate.parse(FieldValue.trimmed(line), now: now)
        }

        /// Whether `HTTPDate.parse` reads `line` (trimmed) to the same result whatever its `now`.
        ///
        /// Only the RFC 850 form, which places its two-digit year by the current time, depends on
        /// it, and that form starts with a full day name (`Sunday`, six letters or more); a line
        /// that does not start with four letters or more (an IMF-fixdate starts `Sun,`, an asctime
        /// date `Sun `) never does.
        static func readsTheSameAtAnyTime(_ line: String) -> Bool {
            var letters = 0
            for byte in line.utf8 {
                if letters == 0, byte == 0x20 || byte == 0x09 { continue }
                guard (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x7A else { return true }
                letters += 1
                if letters > 3 { return false }
            }
            return true
        }

        /// The response's `Age`: the first member of its first line (§5.1), or 0 when absent or
        /// invalid.
        static func age(_ line: String?) -> Int {
            guard let line else { return 0 }
            let first = line.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
            return DeltaSeconds.parse(FieldValue.trimmed(first)) ?? 0
        }
    }
}

extension CachedEntry.Derived {
    /// The field lines ``CachedEntry/Derived`` reads, gathered in one pass over a response's fields:
    /// every `Cache-Control` line, and the first line of `Date`, `Age`, `Expires`, `Last-Modified`
    /// and `ETag`, as received.
    struct Sources: Sendable, Equatable {
        var cacheControl: [String] = []
        var date: String?
        var age: String?
        var expires: String?
        var lastModified: String?
        var entityTag: String?

        /// The lines of `headers`; names compare ignoring case, as `FieldName.same` does.
        init(_ headers: HTTPHeaders) {
            for field in headers {
                // The names read here have 3, 4, 7 or 13 bytes: an ASCII name of another length is
                // none of them and needs no lowercased copy (lowercasing keeps an ASCII name's length).
                switch field.name.utf8.count {
                case 3, 4, 7, 13: break
                default: if field.name.utf8.allSatisfy({ $0 < 0x80 }) { continue }
                }
                switch field.name.lowercased() {
                case "cache-control": cacheControl.append(field.value)
                case "date": date = date ?? field.value
                case "age": age = age ?? field.value
                case "expires": expires = expires ?? field.value
                case "last-modified": lastModified = lastModified ?? field.value
                case "etag": entityTag = entityTag ?? field.value
                default: break
                }
            }
        }
    }
}
