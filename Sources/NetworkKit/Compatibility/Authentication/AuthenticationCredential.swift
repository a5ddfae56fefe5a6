/// A credential that knows when it must be refreshed before it is used, as Alamofire's
/// `AuthenticationCredential`.
///
/// An ``Authenticator``'s `Credential` adopts it to be refreshed before a request is sent: when
/// ``requiresRefresh`` is true, ``AuthenticationInterceptor`` refreshes first and every request
/// adapted meanwhile waits for the new credential. Same as Alamofire, except that a credential that
/// does not adopt it (allowed here, not in Alamofire) is never refreshed ahead of a refusal.
///
/// ```swift
/// struct OAuthCredential: AuthenticationCredential, Sendable {
///     let accessToken: String
///     let expiration: Date
///     var requiresRefresh: Bool { Date(timeIntervalSinceNow: 5 * 60) > expiration }
/// }
/// ```
public protocol AuthenticationCredential {
    /// Whether the credential must be refreshed before it is used: true once it has expired, and
    /// preferably a little before.
    var requiresRefresh: Bool { get }
}
