extension MockRequest {
    /// The cookies the request carries, by name: the pairs of its `Cookie` fields (RFC 6265 §4.2's
    /// `a=b; c=d`; several fields are read in order, as if joined with `; `).
    ///
    /// When a name comes more than once, the first value wins: a user agent sends the cookie with
    /// the longest path first (§5.4), so the first is the most specific. A piece without `=` is a
    /// nameless cookie, kept under the empty name `""`. Values are as sent: quotes and percent
    /// escapes are not removed. Any bytes parse; pieces that are empty or only spaces are skipped.
    /// ``cookiePairs`` keeps every pair, in order.
    ///
    /// ```swift
    /// // Cookie: session=abc; theme=dark; theme=light
    /// request.cookies  // ["session": "abc", "theme": "dark"]
    /// ```
    ///
    /// - Complexity: O(n) in the length of the `Cookie` fields; parsed on each read.
    public var cookies: [String: String] {
        var cookies: [String: String] = [:]
        for pair in cookiePairs where cookies[pair.name] == nil {
            cookies[pair.name] = pair.value
        }
        return cookies
    }

    /// Every cookie pair of the request's `Cookie` fields, in the order sent, repeated names and
    /// nameless cookies (an empty `name`) included; parsed as ``cookies`` describes.
    ///
    /// ```swift
    /// // Cookie: a=1; flag; a=2
    /// request.cookiePairs.map { "\($0.name)=\($0.value)" }  // ["a=1", "=flag", "a=2"]
    /// ```
    ///
    /// - Complexity: O(n) in the length of the `Cookie` fields; parsed on each read.
    public var cookiePairs: [(name: String, value: String)] {
        CookieHeader.pairs(in: headers.values(for: "Cookie"))
    }
}
