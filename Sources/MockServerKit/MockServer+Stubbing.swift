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
    ///   - method:     the method to answer.
    ///   - path:       a ``PathPattern`` such as `/category/:id` (leading slash optional).
    ///   - conditions: faults, delays or pace for this stub's answers, over the server's
    ///     (see ``NetworkCondition``).
    ///   - handler:    computes the response.
    public func stub(
        method: MockRequest.Method, path: String, conditions: [NetworkCondition] = [], handler: @escaping Handler
    ) {
        stub(method: method, path: path, matching: [], conditions: conditions, handler: handler)
    }

    /// Answers requests with `method` whose path matches `path` by calling a `handler` that does not
    /// await; it runs on its connection's own Dispatch queue, so busy or blocked shared threads (Swift
    /// concurrency's pool, Dispatch's global queues) cannot stall it.
    ///
    /// Swift chooses this overload for a closure without `await`, and the async one otherwise.
    ///
    /// - Parameters:
    ///   - method:     the method to answer.
    ///   - path:       a ``PathPattern`` such as `/category/:id` (leading slash optional).
    ///   - conditions: faults, delays or pace for this stub's answers (see ``NetworkCondition``).
    ///   - handler:    computes the response.
    public func stub(
        method: MockRequest.Method, path: String, conditions: [NetworkCondition] = [],
        handler: @escaping SynchronousHandler
    ) {
        stub(method: method, path: path, matching: [], conditions: conditions, handler: handler)
    }

    /// Answers requests with `method` whose path matches `path` with a fixed response.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/items", conditions: [.failFirst(2, status: 503)],
    ///             response: .text("[]"))
    /// ```
    ///
    /// - Parameters:
    ///   - method:     the method to answer.
    ///   - path:       a ``PathPattern`` such as `/categories`.
    ///   - conditions: faults, delays or pace for this stub's answers (see ``NetworkCondition``).
    ///   - response:   the response to send each time.
    public func stub(
        method: MockRequest.Method, path: String, conditions: [NetworkCondition] = [], response: MockResponse
    ) {
        stub(method: method, path: path, matching: [], conditions: conditions, response: response)
    }

    /// Answers requests with `method` whose path matches `path` and that meet every one of
    /// `matchers` (a cookie, a header field; see ``MockRequestMatcher``) by calling `handler`.
    ///
    /// A request that fails a matcher goes on to earlier stubs, as if this one were absent; if none
    /// answers it, it gets 404 naming the matchers it failed.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/cart", response: .status(401))
    /// server.stub(method: .get, path: "/cart", matching: [.cookie("session", "abc")]) { request in
    ///     try .json(cart)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - method:     the method to answer.
    ///   - path:       a ``PathPattern`` such as `/category/:id` (leading slash optional).
    ///   - matchers:   what a request must meet besides its method and path (all of them).
    ///   - conditions: faults, delays or pace for this stub's answers (see ``NetworkCondition``).
    ///   - handler:    computes the response.
    public func stub(
        method: MockRequest.Method, path: String, matching matchers: [MockRequestMatcher],
        conditions: [NetworkCondition] = [], handler: @escaping Handler
    ) {
        core.router.add(
            MockRouter.Stub(
                method: method, pattern: PathPattern(path), handler: .async(handler), conditions: conditions,
                matchers: matchers))
    }

    /// Answers requests with `method` whose path matches `path` and that meet every one of
    /// `matchers` by calling a `handler` that does not await (see ``SynchronousHandler``).
    ///
    /// - Parameters:
    ///   - method:     the method to answer.
    ///   - path:       a ``PathPattern`` such as `/category/:id` (leading slash optional).
    ///   - matchers:   what a request must meet besides its method and path (all of them).
    ///   - conditions: faults, delays or pace for this stub's answers (see ``NetworkCondition``).
    ///   - handler:    computes the response.
    public func stub(
        method: MockRequest.Method, path: String, matching matchers: [MockRequestMatcher],
        conditions: [NetworkCondition] = [], handler: @escaping SynchronousHandler
    ) {
        core.router.add(
            MockRouter.Stub(
                method: method, pattern: PathPattern(path), handler: .synchronous(handler), conditions: conditions,
                matchers: matchers))
    }

    /// Answers requests with `method` whose path matches `path` and that meet every one of
    /// `matchers` with a fixed response.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/me", matching: [.cookie("session")], response: .text("signed in"))
    /// ```
    ///
    /// - Parameters:
    ///   - method:     the method to answer.
    ///   - path:       a ``PathPattern`` such as `/categories`.
    ///   - matchers:   what a request must meet besides its method and path (all of them).
    ///   - conditions: faults, delays or pace for this stub's answers (see ``NetworkCondition``).
    ///   - response:   the response to send each time.
    public func stub(
        method: MockRequest.Method, path: String, matching matchers: [MockRequestMatcher],
        conditions: [NetworkCondition] = [], response: MockResponse
    ) {
        // A fixed response needs no thread of its own: the event loop answers it at once, from bytes
        // encoded here rather than for every request.
        core.router.add(
            MockRouter.Stub(
                method: method, pattern: PathPattern(path), handler: .fixed(PreEncodedResponse(response)),
                conditions: conditions, matchers: matchers))
    }

    /// Removes every stub, and a replayed archive or a recording proxy; requests then get 404.
    public func removeAllStubs() {
        core.router.removeAll()
    }

    // Stubs from router values (`try server.stub(AuthHttpRouter.login(model)) { request in ... }`) live in
    // `MockServer+HTTPRouter.swift`.
}
