import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response made from a stored one (RFC 9111 §4): what the caller hands back as if the server had
/// sent it.
///
/// Its fields are the stored ones with `Age` set to the stored response's current age (§5.1); no
/// `Warning` is added (RFC 9111 obsoletes it). Fields a `no-cache="…"` directive names are left out
/// of a response reused without validation (§5.2.2.4). A response to a `HEAD` request has no content.
struct CachedResponse: Sendable, Equatable {
    /// The status code.
    let status: Int
    /// The header fields, `Age` included.
    let headers: HTTPHeaders
    /// The content (empty for `HEAD`).
    let body: Data
    /// The current age in whole seconds, the `Age` field's value.
    let age: Int
    /// How the cache produced it.
    let source: HTTPResponseSource

    /// The response `entry` gives a request.
    ///
    /// - Parameters:
    ///   - entry: The stored response.
    ///   - request: The request it answers (its method decides whether content is included).
    ///   - source: How it is used: a use without validation (`.cache`, `.stale`) leaves out the
    ///     fields `no-cache="…"` names.
    ///   - now: The current time.
    init(_ entry: CachedEntry, for request: URLRequest, source: HTTPResponseSource, at now: Date) {
        var headers = entry.headers
        if source != .revalidated, case .fields(let names) = entry.directives.noCache {
            for name in names { headers.remove(name: name) }
        }
        let age = CacheFreshness.currentAge(of: entry, at: now)
        self.age = DeltaSeconds.clamped(age)
        self.status = entry.status
        self.headers = Self.setting(HTTPHeader(name: "Age", value: String(self.age)), in: headers)
        self.body = request.httpMethod == "HEAD" ? Data() : entry.body
        self.source = source
    }

    /// `headers` with `age` in place of the first `Age` field and without the others, or with it
    /// appended when there is none, as `HTTPHeaders.update(_:)` sets a field, in one pass that
    /// compares only names of three bytes (and names not in ASCII) with `Age`.
    private static func setting(_ age: HTTPHeader, in headers: HTTPHeaders) -> HTTPHeaders {
        var fields: [HTTPHeader] = []
        fields.reserveCapacity(headers.count + 1)
        var written = false
        for field in headers {
            let name = field.name.utf8
            if name.count == 3 || name.contains(where: { $0 >= 0x80 }), FieldName.same(field.name, "Age") {
                if !written { fields.append(age) }
                written = true
            } else {
                fields.append(field)
            }
        }
        if !written { fields.append(age) }
        return HTTPHeaders(keepingRepeats: fields)
    }
}
