public import Foundation
import InternalServiceUtilities

extension MockResponse {
    /// This response with cache fields for a client's cache to test against: `Cache-Control`, an
    /// `ETag` and a `Last-Modified` date, each when given.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/catalogue") { request in
    ///     try MockResponse.json(catalogue).caching("max-age=60", entityTag: "\"v3\"").validated(for: request)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - cacheControl: the `Cache-Control` value, such as `max-age=60` or `no-cache`.
    ///   - entityTag:    the `ETag`, with its quotes (and `W/` when weak), such as `"v3"`.
    ///   - lastModified: when the content last changed, sent as an HTTP date.
    /// - Returns: the response with those fields.
    public func caching(_ cacheControl: String? = nil, entityTag: String? = nil, lastModified: Date? = nil)
        -> MockResponse
    {
        var response = self
        if let cacheControl { response.headers["Cache-Control"] = cacheControl }
        if let entityTag { response.headers["ETag"] = entityTag }
        if let lastModified, let date = HTTPDate.string(from: lastModified) { response.headers["Last-Modified"] = date }
        return response
    }

    /// This response, or `304 Not Modified` when `request`'s preconditions show the client holds it
    /// already (RFC 9110 §13.1.2, §13.1.3, §15.4.5): `If-None-Match` lists its `ETag` (compared
    /// weakly) or is `*`; or, without `If-None-Match`, `If-Modified-Since` is no earlier than its
    /// `Last-Modified`. Only `GET` and `HEAD` are answered 304.
    ///
    /// The 304 keeps the fields a 200 would send that RFC 9110 lists for it (`Cache-Control`,
    /// `Content-Location`, `Date`, `ETag`, `Expires`, `Vary`) and `Last-Modified`, with no body.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/items") { request in
    ///     MockResponse.text("[]").caching("no-cache", entityTag: "\"v1\"").validated(for: request)
    /// }
    /// ```
    ///
    /// - Parameter request: the request being answered.
    /// - Returns: this response, or the 304 that stands for it.
    public func validated(for request: MockRequest) -> MockResponse {
        guard status == 200, request.method == .get || request.method == .head, isNotModified(for: request) else {
            return self
        }
        var fields: MockHeaders = [:]
        for name in ["Cache-Control", "Content-Location", "Date", "ETag", "Expires", "Vary", "Last-Modified"] {
            if let value = headers[name] { fields[name] = value }
        }
        return MockResponse(status: 304, headers: fields)
    }

    /// Whether `request`'s preconditions say the client's copy is this one.
    private func isNotModified(for request: MockRequest) -> Bool {
        if let ifNoneMatch = request.headers["If-None-Match"] {
            let listed = ifNoneMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if listed.contains("*") { return true }
            guard let tag = headers["ETag"] else { return false }
            return listed.contains { Self.weakTag($0) == Self.weakTag(tag) }
        }
        guard let since = request.headers["If-Modified-Since"].flatMap({ HTTPDate.parse($0, now: Date()) }),
            let modified = headers["Last-Modified"].flatMap({ HTTPDate.parse($0, now: Date()) })
        else { return false }
        return modified <= since
    }

    /// An entity tag without its weakness prefix, for the weak comparison (RFC 9110 §8.8.3.2).
    private static func weakTag(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }
}
