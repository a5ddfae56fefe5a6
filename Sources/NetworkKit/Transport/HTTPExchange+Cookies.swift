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

        /// `request` with the `Cookie` header of its hop: the caller's own value, if any, then the
        /// store's cookies for its URL (the caller's value first, as it was set first).
        func adding(to request: URLRequest, callerCookie: String?) -> URLRequest {
            let stored = request.url.flatMap(store.cookieHeader(for:))
            let header: String? =
                switch (callerCookie, stored) {
                case (let caller?, let stored?): caller + "; " + stored
                case (let caller?, nil): caller
                case (nil, let stored?): stored
                case (nil, nil): nil
                }
            // Unchanged, the request is not copied (a URLRequest copied and changed copies its
            // whole storage on Linux).
            guard header != request.value(forHTTPHeaderField: "Cookie") else { return request }
            var request = request
            request.setValue(header, forHTTPHeaderField: "Cookie")
            return request
        }

        /// Stores the `Set-Cookie` fields of `response`, which answers a request for `url`, and tells
        /// the monitors what became of them.
        func store(from response: ResponseHead, for url: URL?, request: URLRequest) {
            let fields = response.setCookieValues
            guard !fields.isEmpty, let url else { return }
            let changes = store.store(fields, from: url)
            for monitor in monitors { monitor.requestDidReceiveCookies(request, changes: changes, from: url) }
        }
    }
}
