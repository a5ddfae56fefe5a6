#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Alamofire's `RedirectHandler`: decides, for each redirect a ``Session``'s request meets, whether
/// it is followed, followed somewhere else, or not followed at all.
///
/// Give one to a session (`Session(redirectHandler:)`) or to one request
/// (``Request/redirect(using:)``, which wins over the session's). Without one, the session's
/// ``HTTPClient`` follows redirects by its own rules (``HTTPClient/Configuration/followsRedirects``).
///
/// Rules for an adopter:
/// - Call `completion` exactly once, from any thread: with `request` to follow the redirect, with
///   another request to go there instead, or with nil to stop and make the redirect response (its
///   status, headers and body) the request's answer. A handler that drops `completion` without
///   calling it stops the redirect, as nil does.
/// - `request` is the next hop as NetworkKit's rules make it: a `303` (and a `301` or `302` after a
///   `POST`) becomes a body-less `GET`, and `Authorization` and `Cookie` are dropped when it leads
///   to another origin. At most 16 redirects are followed per attempt; a `Location` that is not an
///   `http` or `https` URL fails the request, as in URLSession.
///
/// - Note: What differs from Alamofire: NetworkKit's transports send through no `URLSessionTask`
///   (libcurl on Linux), so `task` is a data task made for the redirected hop's request and never
///   resumed (its `originalRequest` is that request; its state, response and metrics say nothing of
///   the transfer), cancelled once the handler has answered.
public protocol RedirectHandler: Sendable {
    /// Decides where a redirect leads.
    ///
    /// - Parameters:
    ///   - task: A never-resumed data task for the redirected request (see ``RedirectHandler``).
    ///   - request: The next hop the redirect asks for.
    ///   - response: The redirect response.
    ///   - completion: Called once with the request to send next, or nil to stop at this response.
    func task(
        _ task: URLSessionTask, willBeRedirectedTo request: URLRequest, for response: HTTPURLResponse,
        completion: @escaping (URLRequest?) -> Void)
}

// MARK: -

/// Alamofire's `Redirector`: a ``RedirectHandler`` that follows every redirect, none, or changes
/// each one with a closure.
///
/// ```swift
/// let session = Session(redirectHandler: Redirector.doNotFollow)
/// AF.request(url).redirect(using: .modify { _, request, _ in
///     var request = request
///     request.setValue("yes", forHTTPHeaderField: "X-Redirected")
///     return request
/// })
/// ```
public struct Redirector: Sendable {
    /// What a ``Redirector`` does with each redirect.
    public enum Behavior: Sendable {
        /// Follows it.
        case follow
        /// Stops: the redirect response is the answer.
        case doNotFollow
        /// Follows to the request the closure returns, or stops when it returns nil. Its task is a
        /// never-resumed data task for the redirected request (see ``RedirectHandler``).
        case modify(
            @Sendable (_ task: URLSessionTask, _ request: URLRequest, _ response: HTTPURLResponse) -> URLRequest?)
    }

    /// A redirector that follows every redirect.
    public static let follow = Redirector(behavior: .follow)
    /// A redirector that follows none: each redirect response is the answer.
    public static let doNotFollow = Redirector(behavior: .doNotFollow)

    /// What it does with each redirect.
    public let behavior: Behavior

    /// Creates a redirector.
    ///
    /// - Parameter behavior: What it does with each redirect.
    public init(behavior: Behavior) {
        self.behavior = behavior
    }
}

extension Redirector: RedirectHandler {
    /// Answers with the next hop, nil, or what the ``Behavior/modify(_:)`` closure returns.
    ///
    /// - Parameters:
    ///   - task: A never-resumed data task for the redirected request (see ``RedirectHandler``).
    ///   - request: The next hop the redirect asks for.
    ///   - response: The redirect response.
    ///   - completion: Called at once with the decision.
    public func task(
        _ task: URLSessionTask, willBeRedirectedTo request: URLRequest, for response: HTTPURLResponse,
        completion: @escaping (URLRequest?) -> Void
    ) {
        switch behavior {
        case .follow: completion(request)
        case .doNotFollow: completion(nil)
        case .modify(let closure): completion(closure(task, request, response))
        }
    }
}

extension RedirectHandler where Self == Redirector {
    /// A redirector that follows every redirect (``Redirector/follow``).
    public static var follow: Redirector { Redirector.follow }

    /// A redirector that follows none (``Redirector/doNotFollow``).
    public static var doNotFollow: Redirector { Redirector.doNotFollow }

    /// A redirector that follows each redirect to the request `closure` returns, or stops at it when
    /// `closure` returns nil.
    ///
    /// - Parameter closure: Makes the next hop from the task (a never-resumed data task for the
    ///   redirected request), the proposed request and the redirect response.
    /// - Returns: The redirector.
    public static func modify(
        using closure: @escaping @Sendable (URLSessionTask, URLRequest, HTTPURLResponse) -> URLRequest?
    ) -> Redirector {
        Redirector(behavior: .modify(closure))
    }
}
