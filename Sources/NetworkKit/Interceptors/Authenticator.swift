#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// How a token-style credential is applied and refreshed; used by ``AuthenticationInterceptor``.
///
/// This is NetworkKit's protocol and Alamofire's at once: an authenticator implements NetworkKit's
/// `async` forms (``refresh(_:)``, ``isAuthenticationFailure(_:)``) or Alamofire's completion forms
/// (``refresh(_:for:completion:)``, ``didRequest(_:with:failDueToAuthenticationError:)``). Each form
/// has a default that calls the other (see `Authenticator+Completion.swift`), so an authenticator
/// written for either library works with both an ``HTTPClient`` and a ``Session``.
///
/// Differences from Alamofire: `Credential` only needs to be `Sendable`; a credential that also adopts
/// ``AuthenticationCredential`` is refreshed before a request is sent when it says
/// ``AuthenticationCredential/requiresRefresh``. The protocol is not class-bound (Alamofire's is
/// `AnyObject`), so a struct may adopt it. Without either refresh form the credential is "refreshed"
/// to itself, and without either failure test a 401 is an authentication failure.
///
/// Adopters must make ``apply(_:to:)`` idempotent (set, not add, the header) and must never put the
/// credential into an error message: a refresh error's text reaches logs.
///
/// ```swift
/// struct TokenAuthenticator: Authenticator {
///     let tokens: TokenService
///     func apply(_ credential: Token, to request: inout URLRequest) {
///         request.setValue("Bearer \(credential.access)", forHTTPHeaderField: "Authorization")
///     }
///     func refresh(_ credential: Token) async throws -> Token {
///         try await tokens.refresh(credential.refresh)
///     }
/// }
/// ```
public protocol Authenticator: Sendable {
    /// The credential type, such as an access and refresh token pair.
    associatedtype Credential: Sendable

    /// Puts the credential on a request.
    ///
    /// - Parameters:
    ///   - credential: The current credential.
    ///   - urlRequest: The request to authenticate.
    func apply(_ credential: Credential, to urlRequest: inout URLRequest)

    /// Obtains a new credential when the server refused `credential` (NetworkKit's form).
    ///
    /// - Parameter credential: The refused credential.
    /// - Returns: The new credential.
    /// - Throws: Any error; every waiting request then fails with it (on an ``HTTPClient``, as
    ///   ``HTTPError/authenticationFailed(_:reason:)``).
    func refresh(_ credential: Credential) async throws -> Credential

    /// Alamofire's form: obtains a new credential for `session` and calls `completion` once.
    ///
    /// - Parameters:
    ///   - credential: The credential to refresh.
    ///   - session: The session that needs it (``Session/default`` when an ``HTTPClient`` asks).
    ///   - completion: Called once with the new credential or the error that fails the waiting requests.
    func refresh(
        _ credential: Credential, for session: Session,
        completion: @escaping @Sendable (Result<Credential, any Error>) -> Void)

    /// Whether the failure means the credential was refused (NetworkKit's form; a 401 by default).
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: True to refresh and retry.
    func isAuthenticationFailure(_ context: RetryContext) -> Bool

    /// Alamofire's form: whether `urlRequest` failed because its credential was refused (a 401 by default).
    ///
    /// - Parameters:
    ///   - urlRequest: The request as sent.
    ///   - response: The server's answer.
    ///   - error: Why the request failed.
    /// - Returns: True to refresh and retry.
    func didRequest(
        _ urlRequest: URLRequest, with response: HTTPURLResponse, failDueToAuthenticationError error: any Error
    ) -> Bool

    /// Whether `urlRequest` carries `credential` (compares what ``apply(_:to:)`` writes by default).
    ///
    /// A request refused with an older credential is retried with the current one, without a refresh.
    ///
    /// - Parameters:
    ///   - urlRequest: A sent request.
    ///   - credential: The current credential.
    /// - Returns: True when the request was sent with this credential.
    func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: Credential) -> Bool
}

extension Authenticator {
    /// Compares the request's `Authorization` with the one ``apply(_:to:)`` writes (Alamofire has no default).
    ///
    /// - Parameters:
    ///   - urlRequest: A sent request.
    ///   - credential: The current credential.
    /// - Returns: True when the headers match.
    public func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: Credential) -> Bool {
        var expected = URLRequest(url: urlRequest.url ?? URL(fileURLWithPath: "/"))
        apply(credential, to: &expected)
        return urlRequest.value(forHTTPHeaderField: "Authorization")
            == expected.value(forHTTPHeaderField: "Authorization")
    }
}
