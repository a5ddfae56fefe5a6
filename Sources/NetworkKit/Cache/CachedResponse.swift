import Foundation

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
        headers.update(name: "Age", value: String(self.age))
        self.status = entry.status
        self.headers = headers
        self.body = request.httpMethod == "HEAD" ? Data() : entry.body
        self.source = source
    }
}
