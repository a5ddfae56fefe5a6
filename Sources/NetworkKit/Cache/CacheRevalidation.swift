import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Validation (RFC 9111 §4.3): the preconditions a cache sends (§4.3.1), the stored responses a
/// 304 updates (§4.3.4), how their fields are updated (§3.2), and freshening by `HEAD` (§4.3.5).
enum CacheRevalidation {
    /// The conditional request for `record.entries[selected]`, the response the request chose
    /// (§4.3.1).
    ///
    /// `If-None-Match` lists the entity tag of every stored response of the URL, as §4.3.1 allows,
    /// so the server can pick any variant. `If-Modified-Since` carries the chosen response's
    /// `Last-Modified` when no other response's tag is sent, since that field is for a single
    /// stored response.
    ///
    /// - Parameters:
    ///   - record: The stored responses of the request's URL.
    ///   - selected: The position of the one the request chose.
    /// - Returns: The fields to add.
    static func validation(for record: CacheRecord, selected: Int) -> CacheValidation {
        var tags: [String] = []
        var othersHaveTags = false
        for (index, entry) in record.entries.enumerated() {
            guard let tag = entry.entityTag, !tags.contains(tag) else { continue }
            tags.append(tag)
            if index != selected { othersHaveTags = true }
        }
        // Two distinct names, so the fields are set as they are, without looking either up.
        var fields: [HTTPHeader] = []
        if !tags.isEmpty { fields.append(HTTPHeader(name: "If-None-Match", value: tags.joined(separator: ", "))) }
        if !othersHaveTags, let lastModified = record.entries[selected].lastModified {
            fields.append(HTTPHeader(name: "If-Modified-Since", value: lastModified))
        }
        return CacheValidation(conditionalHeaders: HTTPHeaders(keepingRepeats: fields))
    }

    /// The indices of the stored responses a 304 with `headers` updates (§4.3.4):
    ///
    /// - a strong entity tag in the 304 selects every stored response with that strong tag, and none
    ///   when no stored response has it;
    /// - else a weak tag, or a `Last-Modified` alone, selects the most recent stored response (by
    ///   `Date`) that matches it (weak comparison for tags, equal text for dates);
    /// - a 304 with no validator selects the response the request chose by `Vary`. §4.3.4 asks for the
    ///   only stored response lacking validators there, which covers a request whose preconditions the
    ///   cache did not write; a cache's own conditional request was built from that response, so the
    ///   304 confirms it (as browsers read it).
    static func indicesToUpdate(in record: CacheRecord, notModified headers: HTTPHeaders, request: URLRequest)
        -> [Int]
    {
        let indices = Array(record.entries.indices)
        if let tag = headers.value(for: "ETag").map(FieldValue.trimmed), !tag.isEmpty {
            if !isWeak(tag) {
                return indices.filter { record.entries[$0].entityTag.map { !isWeak($0) && $0 == tag } ?? false }
            }
            return mostRecent(
                indices.filter { index in
                    record.entries[index].entityTag.map { opaque($0) == opaque(tag) } ?? false
                }, in: record)
        }
        if let lastModified = headers.value(for: "Last-Modified").map(FieldValue.trimmed),
            !lastModified.isEmpty
        {
            return mostRecent(indices.filter { record.entries[$0].lastModified == lastModified }, in: record)
        }
        return mostRecent(indices.filter { CacheVary.matches(record.entries[$0], request) }, in: record)
    }

    /// `entry` with its fields updated from a 304's or `HEAD` response's `headers` (§3.2), and the
    /// times of the exchange that brought them. Each field of the new response replaces the stored
    /// fields of its name, in place, except those §3.1 keeps out of storage, `Content-Length`, and
    /// `Content-Range` (which describes content this cache never combines).
    static func updated(_ entry: CachedEntry, with headers: HTTPHeaders, requestTime: Date, responseTime: Date)
        -> CachedEntry
    {
        var entry = entry
        update(&entry, with: headers, requestTime: requestTime, responseTime: responseTime)
        return entry
    }

    /// Updates `entry` in place as ``updated(_:with:requestTime:responseTime:)`` describes.
    static func update(_ entry: inout CachedEntry, with headers: HTTPHeaders, requestTime: Date, responseTime: Date) {
        // Each name is lowercased once (a 304 has a handful of fields, a stored response a dozen),
        // then compared with `==`.
        var incoming = CacheStorability.keyedStoredFields(of: headers)
        incoming.removeAll { $0.key == "content-length" || $0.key == "content-range" }
        var written = [Bool](repeating: false, count: incoming.count)
        var result: [HTTPHeader] = []
        result.reserveCapacity(entry.headers.count + incoming.count)
        /// Adds every incoming field named as `incoming[first]`, from `first` on, once.
        func addIncoming(from first: Int) {
            guard !written[first] else { return }
            let key = incoming[first].key
            for index in first..<incoming.count where incoming[index].key == key {
                result.append(incoming[index].field)
                written[index] = true
            }
        }
        for field in entry.headers {
            let key = field.name.lowercased()
            if let first = incoming.firstIndex(where: { $0.key == key }) {
                addIncoming(from: first)
            } else {
                result.append(field)
            }
        }
        for index in incoming.indices { addIncoming(from: index) }
        entry.update(headers: HTTPHeaders(keepingRepeats: result), requestTime: requestTime, responseTime: responseTime)
    }

    /// Whether a 200 response to `HEAD` lets the stored `entry` be updated (§4.3.5): every validator
    /// it carries (`ETag`, `Last-Modified`) equals the stored one, and so does its `Content-Length`
    /// when it has one (the stored field, or the stored content's length). Otherwise the stored
    /// response is out of date.
    static func headResponse(_ headers: HTTPHeaders, matches entry: CachedEntry) -> Bool {
        func value(_ name: String, _ fields: HTTPHeaders) -> String? {
            fields.value(for: name).map { FieldValue.trimmed($0) }
        }
        if let tag = value("ETag", headers), tag != entry.entityTag { return false }
        if let lastModified = value("Last-Modified", headers), lastModified != entry.lastModified { return false }
        if let length = value("Content-Length", headers) {
            let stored = value("Content-Length", entry.headers) ?? String(entry.body.count)
            return length == stored
        }
        return true
    }

    /// The most recent of `indices` by `Date` (then arrival), as a one-element list, or none.
    private static func mostRecent(_ indices: [Int], in record: CacheRecord) -> [Int] {
        let best = indices.max { CacheEngine.isOlder(record.entries[$0], than: record.entries[$1]) }
        return best.map { [$0] } ?? []
    }

    private static func isWeak(_ tag: String) -> Bool { tag.hasPrefix("W/") }

    /// The tag without its weakness indicator, for weak comparison (RFC 9110 §8.8.3.2).
    private static func opaque(_ tag: String) -> Substring { isWeak(tag) ? tag.dropFirst(2) : Substring(tag) }
}
