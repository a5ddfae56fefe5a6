/// A condition a request must meet, besides its method and path, for a stub to answer it.
///
/// Give a stub matchers (``MockServer/stub(method:path:matching:conditions:response:)`` and its
/// handler forms) and it answers only requests that meet them all; others go on to earlier stubs,
/// as if it were absent.
/// When a stub for the method and path refused a request and no other stub answers, the server
/// answers 404 and names the matchers that failed.
///
/// ```swift
/// server.stub(method: .get, path: "/profile", response: .status(401))  // without the cookie
/// server.stub(method: .get, path: "/profile", matching: [.cookie("session", "abc")]) { _ in
///     try .json(profile)  // later stubs are tried first
/// }
/// ```
///
/// Matchers run on the server's event-loop thread, for each candidate stub: keep them quick, and
/// never block or wait in one.
public struct MockRequestMatcher: Sendable, CustomStringConvertible {
    /// What the matcher asks for, as the 404 of an unmatched request names it.
    public let description: String
    private let test: @Sendable (MockRequest) -> Bool

    /// Creates a matcher from a predicate.
    ///
    /// ```swift
    /// MockRequestMatcher("a JSON body") { $0.headers["Content-Type"] == "application/json" }
    /// ```
    ///
    /// - Parameters:
    ///   - description: what it asks for, in a few words.
    ///   - test:        whether a request meets it; it sees the path parameters of the stub's route.
    public init(_ description: String, _ test: @escaping @Sendable (MockRequest) -> Bool) {
        self.description = description
        self.test = test
    }

    /// Whether `request` meets this matcher.
    ///
    /// - Parameter request: the request.
    /// - Returns: true when it does.
    public func matches(_ request: MockRequest) -> Bool {
        test(request)
    }

    /// Requests that carry the cookie `name` in a `Cookie` field, with the value `value` when given.
    ///
    /// Every pair counts, not only the first of that name (see ``MockRequest/cookiePairs``), and
    /// values are compared as sent, byte for byte.
    ///
    /// - Parameters:
    ///   - name:  the cookie's name (empty for a nameless cookie).
    ///   - value: the value it must have; nil accepts any.
    /// - Returns: the matcher.
    public static func cookie(_ name: String, _ value: String? = nil) -> MockRequestMatcher {
        MockRequestMatcher(value.map { "cookie \(name)=\($0)" } ?? "cookie \(name)") { request in
            request.cookiePairs.contains { $0.name == name && (value == nil || $0.value == value) }
        }
    }

    /// Requests with a header field `name` (any case), with the value `value` when given.
    ///
    /// - Parameters:
    ///   - name:  the field name.
    ///   - value: the value one such field must have, exactly; nil accepts any.
    /// - Returns: the matcher.
    public static func header(_ name: String, _ value: String? = nil) -> MockRequestMatcher {
        MockRequestMatcher(value.map { "header \(name): \($0)" } ?? "header \(name)") { request in
            let values = request.headers.values(for: name)
            guard let value else { return !values.isEmpty }
            return values.contains(value)
        }
    }
}
