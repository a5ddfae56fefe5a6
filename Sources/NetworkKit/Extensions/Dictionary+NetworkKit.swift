// MARK: - SurfUtils-compatible front door

extension Dictionary where Key == String, Value == Any {
    /// The query string of this dictionary as SurfUtils documents it (`key1=value1&key2=2.15&key3=true`),
    /// or nil when the dictionary is empty.
    ///
    /// The output is Alamofire's `URLEncoding` query (nested keys in brackets, RFC 3986 §3.4 escaping),
    /// keys sorted at every level, except that booleans are written `true` and `false` as SurfUtils
    /// wrote them (``QueryStringEncoder`` and ``URLEncoding`` keep Alamofire's `1` and `0`).
    ///
    /// SurfUtils' function of the same name escaped with `urlHostAllowed`, so `&`, `=` and `+`
    /// inside values broke the query, `%` was encoded twice and the order changed between runs; this
    /// one escapes per RFC 3986 §3.4 and is deterministic.
    ///
    /// ```swift
    /// ["q": "a&b", "page": 1, "all": true].toQueryString()  // "all=true&page=1&q=a%26b"
    /// ```
    ///
    /// - Returns: The query without a leading `?`, or nil for an empty dictionary.
    public func toQueryString() -> String? {
        isEmpty ? nil : QueryStringEncoder(boolEncoding: .literal).query(self)
    }
}
