public import Foundation
import InternalServiceUtilities

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

// The rules every transport applies in the same way: where a redirect may lead, and whether a
// server's certificate chain satisfies the client's public-key pins.

extension HTTPExchange {
    // MARK: - Redirects

    /// The request that follows a redirect, by the Fetch standard's rules, or nil when it must not
    /// be followed (the exchange then fails with the reason, and the transport stops).
    ///
    /// A `303` (and a `301` or `302` after a `POST`) becomes a `GET` without a body; any other keeps
    /// the method and the body, which the transport sends again from its start. Credentials and
    /// cookies do not go to another origin. Refused: more than ``maximumRedirects`` hops, a
    /// `Location` that is not a URL, one that leads to anything but `http` or `https`, and plain
    /// `http` to a host with public-key pins.
    ///
    /// Call it for each `3xx` response (but `304`) that carries a `Location`; a transport that
    /// follows redirects itself (URLSession) sends the request this returns instead of its own.
    ///
    /// - Parameters:
    ///   - response: The redirect's head.
    ///   - request:  The request it answers (the exchange's own, or the previous hop's).
    /// - Returns: The next hop's request, or nil.
    public func redirectRequest(after response: HTTPURLResponse, for request: URLRequest) -> URLRequest? {
        redirectRequest(after: ResponseHead(response), for: request)
    }

    /// The next hop's request after a redirect whose head a transport read itself; see
    /// the public `redirectRequest(after:for:)`.
    func redirectRequest(after response: ResponseHead, for request: URLRequest) -> URLRequest? {
        let summary = HTTPError.RequestSummary(outgoing.base)
        // The redirect's own cookies count whether or not it is followed (§5.3 of RFC 6265 applies
        // to every response); they reach the next hop below.
        if let cookies { cookies.store(from: response, for: request.url, request: self.request) }
        let hops = state.withLock { state -> Int in
            state.redirects += 1
            return state.redirects
        }
        let location = response.value(forHTTPHeaderField: "Location") ?? ""
        func refuse(_ code: URLError.Code, _ reason: String) -> URLRequest? {
            fail(.transport(HTTPError.TransportFailure(request: summary, code: code, reason: reason)))
            return nil
        }
        guard hops <= Self.maximumRedirects else {
            return refuse(.httpTooManyRedirects, "more than \(Self.maximumRedirects) redirects")
        }
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL else {
            return refuse(.badURL, "the redirect's Location is not a URL: \(location.prefix(200))")
        }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            return refuse(.unsupportedURL, "the redirect leads to neither http nor https: \(location.prefix(200))")
        }
        guard target.host?.isEmpty == false else {
            return refuse(.badURL, "the redirect's Location names no host: \(location.prefix(200))")
        }
        if let host = target.host, pins.rule(for: host) != nil {
            // As before the first hop (HTTPClient.checkPins): a transport that cannot check the pins
            // never reaches a pinned host, nor does plain http.
            let checked = state.withLock { $0.transportChecksServerTrust }
            let reason: HTTPError.PinningFailureReason? =
                !checked ? .unsupportedPlatform : scheme != "https" ? .insecureScheme(scheme) : nil
            if let reason {
                fail(.pinningFailed(HTTPError.PinningFailure(request: summary, host: host, reason: reason)))
                return nil
            }
        }
        let next = Self.follow(request, to: target, status: response.statusCode)
        guard let cookies else {
            state.withLock { $0.hopURL = target }
            return next
        }
        // The caller's own Cookie header goes on only while the hops stay on its origin (`follow`
        // drops it, and the store's cookies of the last hop, elsewhere); the store's are chosen
        // afresh for this hop's URL.
        let callerCookie = state.withLock { state -> String? in
            state.hopURL = target
            if !Self.sameOrigin(request.url, target) { state.callerCookie = nil }
            return state.callerCookie
        }
        return cookies.adding(to: next, callerCookie: callerCookie)
    }

    /// Whether two URLs have the same scheme, host and port (ports as written).
    static func sameOrigin(_ first: URL?, _ second: URL?) -> Bool {
        first?.scheme?.lowercased() == second?.scheme?.lowercased()
            && first?.host?.lowercased() == second?.host?.lowercased() && first?.port == second?.port
    }

    /// `request` re-aimed at `target` after a redirect with `status`.
    static func follow(_ request: URLRequest, to target: URL, status: Int) -> URLRequest {
        let method = request.httpMethod ?? "GET"
        var next = request
        next.url = target
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding", "Content-Language"] {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        if !sameOrigin(request.url, target) {
            next.setValue(nil, forHTTPHeaderField: "Authorization")
            next.setValue(nil, forHTTPHeaderField: "Cookie")
        }
        return next
    }

    /// Whether a redirect from `request` to `next` drops the body (a `303`, or a `POST` redirected
    /// with `301` or `302`): the transport then sends no body on the next hop.
    static func dropsBody(from request: URLRequest, to next: URLRequest) -> Bool {
        request.httpMethod != next.httpMethod && next.httpMethod == "GET"
    }

    // MARK: - Server trust

    /// Whether `host` has public-key pins, so that its certificate chain must be shown to
    /// ``evaluateServerTrust(certificateChain:host:)``.
    ///
    /// - Parameter host: The server's host, as the URL names it.
    /// - Returns: True when a rule of the client's pins covers it now.
    public func isPinned(host: String) -> Bool {
        !pins.isEmpty && pins.rule(for: host) != nil
    }

    /// Checks a new connection's certificate chain, which the transport has already verified
    /// (trusted roots, validity, host name), against the client's public-key pins; call it for every
    /// new TLS connection to a pinned host before any byte of the request goes out.
    ///
    /// - Parameters:
    ///   - certificateChain: The verified chain's certificates in DER, leaf first, with the
    ///                       intermediates and the root it was verified against.
    ///   - host:             The server's host.
    /// - Returns: Whether the connection may be used; on false the exchange fails with
    ///   ``HTTPError/PinningFailureReason/noMatchingPin(presented:)`` and the transport closes the
    ///   connection.
    public func evaluateServerTrust(certificateChain: [Data], host: String) -> Bool {
        guard let reason = pins.evaluate(certificateChain: certificateChain, host: host, at: Date()) else {
            return true
        }
        refuseServerTrust(host: host, reason: reason)
        return false
    }

    /// The transport did not trust a server's certificate chain (an unknown root, an expired
    /// certificate, another host's name): for a pinned host the exchange fails with
    /// ``HTTPError/PinningFailureReason/untrustedChain(_:)``, as on every transport; for another host
    /// with a transport error of code `serverCertificateUntrusted`.
    ///
    /// - Parameters:
    ///   - host:    The server's host.
    ///   - message: Why the chain was not trusted.
    public func serverTrustFailed(host: String, message: String) {
        if isPinned(host: host) { return refuseServerTrust(host: host, reason: .untrustedChain(message)) }
        let failure = HTTPError.TransportFailure(
            request: HTTPError.RequestSummary(outgoing.base), code: .serverCertificateUntrusted,
            reason: "the certificate chain of \(host) is not trusted: \(message)")
        fail(.transport(failure))
    }

    /// Fails the exchange for its host's pins with `reason`.
    func refuseServerTrust(host: String, reason: HTTPError.PinningFailureReason) {
        let failure = HTTPError.PinningFailure(
            request: HTTPError.RequestSummary(outgoing.base), host: host, reason: reason)
        fail(.pinningFailed(failure))
    }
}
