import NetworkKit

/// What an ``AuthService`` needs of the interceptor that adds its tokens: NetworkKit's
/// `AuthenticationInterceptor` with a ``TokenAuthenticator``, or the ``TokenRefreshInterceptor``
/// of a service on a `Session`.
protocol TokenHolder: Sendable {
    /// The current tokens, after the refresh in flight if there is one; nil when logged out.
    var credential: TokenModel? { get async }

    /// Replaces the tokens (after a login, or nil after a logout).
    ///
    /// - Parameter credential: The new tokens, or nil.
    func setCredential(_ credential: TokenModel?) async
}

extension AuthenticationInterceptor: TokenHolder where Wrapped == TokenAuthenticator {}

extension TokenRefreshInterceptor: TokenHolder {}
