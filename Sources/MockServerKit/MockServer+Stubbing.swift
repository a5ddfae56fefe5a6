extension MockServer {
    /// Answers requests with `method` whose path matches `path` by calling `handler`.
    ///
    /// Later stubs win over earlier ones for the same request, so a test can override a default.
    /// A `HEAD` request with no `HEAD` stub is answered by the `GET` stub (without the body).
    /// Unmatched paths get 404; a matched path with another method gets 405 and `Allow`.
    ///
    /// ```swift
    /// server.stub(method: .post, path: "/login") { request in
    ///     let body = try request.decodeJSON(Credentials.self)
    ///     return body.password == "secret" ? try .json(tokens) : .status(401)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - method:  the method to answer.
    ///   - path:    a ``PathPattern`` such as `/category/:id` (leading slash optional).
    ///   - handler: computes the response.
    public func stub(method: MockRequest.Method, path: String, handler: @escaping Handler) {
        core.router.add(MockRouter.Stub(method: method, pattern: PathPattern(path), handler: .async(handler)))
    }

    /// Answers requests with `method` whose path matches `path` by calling a `handler` that does not
    /// await; it runs on a Dispatch worker thread, so blocked Swift concurrency threads cannot stall it.
    ///
    /// Swift chooses this overload for a closure without `await`, and the async one otherwise.
    ///
    /// - Parameters:
    ///   - method:  the method to answer.
    ///   - path:    a ``PathPattern`` such as `/category/:id` (leading slash optional).
    ///   - handler: computes the response.
    public func stub(method: MockRequest.Method, path: String, handler: @escaping SynchronousHandler) {
        core.router.add(MockRouter.Stub(method: method, pattern: PathPattern(path), handler: .synchronous(handler)))
    }

    /// Answers requests with `method` whose path matches `path` with a fixed response.
    ///
    /// - Parameters:
    ///   - method:   the method to answer.
    ///   - path:     a ``PathPattern`` such as `/categories`.
    ///   - response: the response to send each time.
    public func stub(method: MockRequest.Method, path: String, response: MockResponse) {
        stub(method: method, path: path) { _ in response }
    }

    /// Removes every stub; requests then get 404.
    public func removeAllStubs() {
        core.router.removeAll()
    }

    // Stubs from router values (`try server.stub(AuthHttpRouter.login(model)) { request in ... }`) live in
    // `MockServer+HTTPRouter.swift`.
}
