import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPExchange {
    /// How an exchange handles cookies for a client with a ``CookieStore``: the store's cookies are
    /// added to every hop, and every response's `Set-Cookie` fields (redirects' included) are stored
    /// for the URL of the hop they answer, the same for every transport.
    struct CookieHandling: Sendable {
        /// The client's store.
        let store: any CookieStore
        /// The client's monitors, told what the store did with a response's cookies.
        let monitors: [any EventMonitor]

        /// The `Cookie` header of a hop to `url`: the caller's own value, if any, then the store's
        /// cookies for `url` (the caller's value first, as it was set first); nil when that is no
        /// change from the caller's value, which the request carries already.
        func header(for url: URL?, callerCookie: String?) -> String? {
            guard let stored = url.flatMap(store.cookieHeader(for:)) else { return nil }
            return callerCookie.map { $0 + "; " + stored } ?? stored
        }

        /// `request` (a redirect's next hop, made from the previous hop's request) with the `Cookie`
        /// header of its hop: the store's choice joined to the caller's value, or the caller's value
        /// alone, or none.
        func adding(to request: URLRequest, callerCookie: String?) -> URLRequest {
            let header = self.header(for: request.url, callerCookie: callerCookie) ?? callerCookie
            // Unchanged, the request is not copied (a URLRequest copied and changed copies its
            // whole storage on Linux).
            guard header != request.value(forHTTPHeaderField: "Cookie") else { return request }
            var request = request
            request.setValue(header, forHTTPHeaderField: "Cookie")
            return request
        }

        /// Stores the `Set-Cookie` fields of `response`, which answers a request for `url`, and tells
        /// the monitors what became of them.
        func store(from response: ResponseHead, for url: URL?, request: @autoclosure () -> URLRequest) {
            let fields = response.setCookieValues
            guard !fields.isEmpty, let url else { return }
            let changes = store.store(fields, from: url)
            guard !monitors.isEmpty else { return }
            let request = request()
            for monitor in monitors { monitor.requestDidReceiveCookies(request, changes: changes, from: url) }
        }
    }
}
