import Foundation
public import NetworkKit

extension MockServer {
    /// Answers the endpoint a NetworkKit router describes, using the router's own method and path, so
    /// the app's client and the test's stub share one definition.
    ///
    /// The stub matches the path of the router's full URL (`HTTPRouter.url()`), so a path prefix in
    /// the router's base URL is kept: point the app at this server with the same prefix (or give the
    /// router this server's ``baseURL``). Only the method and path are matched; the router's query,
    /// headers and body are the app's business, and the handler sees them in the ``MockRequest``.
    ///
    /// ```swift
    /// try server.stub(AuthHttpRouter.login(credentials)) { request in
    ///     try .json(TokenModel(accessToken: "a", refreshToken: "r", expiresIn: 60))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - router:     the endpoint to answer, such as one case of the app's router enum.
    ///   - conditions: faults, delays or pace for this route's answers (see ``NetworkCondition``).
    ///   - handler:    computes the response.
    /// - Throws: `HTTPError.invalidURL` when the router's base URL or path is malformed.
    public func stub(
        _ router: some HTTPRouter, conditions: [NetworkCondition] = [], handler: @escaping Handler
    ) throws(HTTPError) {
        let pattern = try Self.literalPattern(for: router)
        let method = MockRequest.Method(rawValue: router.method.rawValue)
        stub(method: method, path: pattern, conditions: conditions, handler: handler)
    }

    /// Answers the endpoint a NetworkKit router describes with a handler that does not await (it runs
    /// on its connection's own Dispatch queue; see ``MockServer/SynchronousHandler``).
    ///
    /// - Parameters:
    ///   - router:     the endpoint to answer, such as one case of the app's router enum.
    ///   - conditions: faults, delays or pace for this route's answers (see ``NetworkCondition``).
    ///   - handler:    computes the response.
    /// - Throws: `HTTPError.invalidURL` when the router's base URL or path is malformed.
    public func stub(
        _ router: some HTTPRouter, conditions: [NetworkCondition] = [], handler: @escaping SynchronousHandler
    ) throws(HTTPError) {
        let pattern = try Self.literalPattern(for: router)
        let method = MockRequest.Method(rawValue: router.method.rawValue)
        stub(method: method, path: pattern, conditions: conditions, handler: handler)
    }

    /// Answers the endpoint a NetworkKit router describes with a fixed response.
    ///
    /// ```swift
    /// try server.stub(GroceryHttpRouter.categories, conditions: [.failFirst(1, with: .connectionReset)],
    ///                 response: try .json(categories))
    /// ```
    ///
    /// - Parameters:
    ///   - router:     the endpoint to answer.
    ///   - conditions: faults, delays or pace for this route's answers (see ``NetworkCondition``).
    ///   - response:   the response to send each time.
    /// - Throws: `HTTPError.invalidURL` when the router's base URL or path is malformed.
    public func stub(
        _ router: some HTTPRouter, conditions: [NetworkCondition] = [], response: MockResponse
    ) throws(HTTPError) {
        let pattern = try Self.literalPattern(for: router)
        stub(
            method: MockRequest.Method(rawValue: router.method.rawValue), path: pattern, conditions: conditions,
            response: response)
    }

    /// The router's URL path as a ``PathPattern`` that matches only itself: segments that would read as
    /// a parameter (`:id`, `{id}`) or a wildcard (`*`) are percent-escaped, which the pattern decodes.
    static func literalPattern(for router: some HTTPRouter) throws(HTTPError) -> String {
        let url: URL
        do {
            url = try router.url()
        } catch let error as HTTPError {
            throw error
        } catch {
            throw .invalidURL(.invalidPath(router.path))
        }
        let encodedPath =
            URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        let segments = encodedPath.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            if segment == "*" { return "%2A" }
            if segment.hasPrefix(":") { return "%3A" + segment.dropFirst() }
            if segment.hasPrefix("{") { return "%7B" + segment.dropFirst() }
            return String(segment)
        }
        return segments.joined(separator: "/")
    }
}
