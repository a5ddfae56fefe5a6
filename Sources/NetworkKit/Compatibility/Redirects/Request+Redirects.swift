import InternalServiceUtilities

// MARK: - Redirects

extension Request {
    /// The handler given to ``redirect(using:)``, which decides this request's redirects instead of
    /// the session's.
    public var redirectHandler: (any RedirectHandler)? { mutableState.withLock { $0.redirectHandler } }

    /// Decides this request's redirects with `handler` instead of the session's (see
    /// ``RedirectHandler``). Set it before the request starts.
    ///
    /// ```swift
    /// AF.request(url).redirect(using: .doNotFollow).responseData { response in
    ///     print(response.response?.statusCode ?? 0)  // 302
    /// }
    /// ```
    ///
    /// - Note: Alamofire stops the app when a handler is set twice; here the second one replaces the
    ///   first.
    ///
    /// - Parameter handler: The handler.
    /// - Returns: This request.
    @discardableResult
    public func redirect(using handler: any RedirectHandler) -> Self {
        mutableState.withLock { $0.redirectHandler = handler }
        return self
    }
}
