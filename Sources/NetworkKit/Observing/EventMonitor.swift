public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Observes what a client does; every event has a no-op default, so a monitor implements only what
/// it needs.
///
/// Monitors are called on the task sending the request, in the order configured; they must return
/// quickly and must not throw or block.
public protocol EventMonitor: Sendable {
    /// An attempt is about to be sent (after adapters).
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - attempt: 1 for the first attempt.
    func requestWillStart(_ request: URLRequest, attempt: Int)

    /// An attempt finished, successfully or not (after validation).
    ///
    /// - Parameters:
    ///   - request: The request as it was sent.
    ///   - result:  The response, or why it failed.
    ///   - attempt: 1 for the first attempt.
    func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int)

    /// A failed attempt will be retried after `delay`.
    ///
    /// - Parameters:
    ///   - request: The request that failed.
    ///   - delay:   The wait before the next attempt.
    ///   - error:   Why it failed.
    func requestWillRetry(_ request: URLRequest, after delay: Duration, error: HTTPError)

    /// The client could not use the transport it would have chosen and uses `transport` instead
    /// (libcurl missing on Linux, say); told once, when the client is made.
    ///
    /// - Parameters:
    ///   - transport: The name of the transport in use, such as `"URLSession"`.
    ///   - reason:    Why the preferred one could not be used.
    func transportDidFallBack(to transport: String, reason: String)

    /// A response carried `Set-Cookie` fields, and the client's ``CookieStore`` stored, replaced,
    /// removed or rejected each one (a redirect's response included); called on the transport's
    /// thread as the response's head arrives.
    ///
    /// ```swift
    /// func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL) {
    ///     for case .rejected(let why) in changes { logger.warning("\(why)") }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request as the client sent it (its first hop).
    ///   - changes: What became of each field, in order.
    ///   - url:     The URL of the hop the response answered.
    func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL)
}

extension EventMonitor {
    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - attempt: Unused.
    public func requestWillStart(_ request: URLRequest, attempt: Int) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - result:  Unused.
    ///   - attempt: Unused.
    public func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - delay:   Unused.
    ///   - error:   Unused.
    public func requestWillRetry(_ request: URLRequest, after delay: Duration, error: HTTPError) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - transport: Unused.
    ///   - reason:    Unused.
    public func transportDidFallBack(to transport: String, reason: String) {}

    /// Does nothing.
    ///
    /// - Parameters:
    ///   - request: Unused.
    ///   - changes: Unused.
    ///   - url:     Unused.
    public func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL) {}
}
