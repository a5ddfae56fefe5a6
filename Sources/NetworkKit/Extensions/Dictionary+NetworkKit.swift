// MARK: - SurfUtils-compatible front door

extension Dictionary where Key == String, Value == Any {
    /// The query string of this dictionary with the default ``QueryStringEncoder`` (Alamofire's
    /// `URLEncoding` output, keys sorted at every level), or nil when the dictionary is empty.
    ///
    /// SurfUtils' function of the same name escaped with `urlHostAllowed`, so `&`, `=` and `+`
    /// inside values broke the query, `%` was encoded twice and the order changed between runs; this
    /// one escapes per RFC 3986 §3.4 and is deterministic.
    ///
    /// ```swift
    /// ["q": "a&b", "page": 1].toQueryString()  // "page=1&q=a%26b"
    /// ```
    ///
    /// - Returns: The query without a leading `?`, or nil for an empty dictionary.
    public func toQueryString() -> String? {
        isEmpty ? nil : QueryStringEncoder().query(self)
    }
}
