#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// How a token-style credential is applied and refreshed; used by ``AuthenticationInterceptor``.
///
/// Adopters must make ``apply(_:to:)`` idempotent (set, not add, the header) and must never put the
/// credential into an error message: ``refresh(_:)``'s error text reaches logs.
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
    ///   - request:    The request to authenticate.
    func apply(_ credential: Credential, to request: inout URLRequest)

    /// Obtains a new credential when the server refused `credential`.
    ///
    /// - Parameter credential: The refused credential.
    /// - Returns: The new credential.
    /// - Throws: Any error; every waiting request then fails with ``HTTPError/authenticationFailed(_:reason:)``.
    func refresh(_ credential: Credential) async throws -> Credential

    /// Whether the failure means the credential was refused (a 401 by default).
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: True to refresh and retry.
    func isAuthenticationFailure(_ context: RetryContext) -> Bool

    /// Whether `request` carries `credential` (compares what ``apply(_:to:)`` writes by default).
    ///
    /// - Parameters:
    ///   - request:    A sent request.
    ///   - credential: The current credential.
    /// - Returns: True when the request was sent with this credential.
    func isRequest(_ request: URLRequest, authenticatedWith credential: Credential) -> Bool
}

extension Authenticator {
    /// True for a 401.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: Whether the status is 401.
    public func isAuthenticationFailure(_ context: RetryContext) -> Bool {
        context.error.statusCode == 401
    }

    /// Compares the request's `Authorization` with the one ``apply(_:to:)`` writes.
    ///
    /// - Parameters:
    ///   - request:    A sent request.
    ///   - credential: The current credential.
    /// - Returns: True when the headers match.
    public func isRequest(_ request: URLRequest, authenticatedWith credential: Credential) -> Bool {
        var expected = URLRequest(url: request.url ?? URL(fileURLWithPath: "/"))
        apply(credential, to: &expected)
        return request.value(forHTTPHeaderField: "Authorization") == expected.value(forHTTPHeaderField: "Authorization")
    }
}

/// Applies an ``Authenticator``'s credential to every request and, on a 401, refreshes it once for
/// all requests in flight (single flight), then retries each of them once with the new credential.
///
/// A refresh failure fails every waiting request with ``HTTPError/authenticationFailed(_:reason:)``;
/// a 401 right after a refresh stops with ``HTTPError/AuthenticationFailureReason/refreshedCredentialRejected``
/// instead of refreshing again.
///
/// ```swift
/// let auth = AuthenticationInterceptor(authenticator: TokenAuthenticator(), credential: savedToken)
/// let client = HTTPClient { $0.add(auth) }
/// ```
public final class AuthenticationInterceptor<Wrapped: Authenticator>: RequestInterceptor {
    private let authenticator: Wrapped
    private let state: AuthenticationState<Wrapped>

    /// Creates an interceptor.
    ///
    /// - Parameters:
    ///   - authenticator: Applies and refreshes the credential.
    ///   - credential:    The credential to start with; nil fails requests until ``setCredential(_:)``.
    public init(authenticator: Wrapped, credential: Wrapped.Credential?) {
        self.authenticator = authenticator
        state = AuthenticationState(credential: credential)
    }

    /// The current credential, after any refresh in flight.
    public var credential: Wrapped.Credential? {
        get async { try? await state.current() }
    }

    /// Replaces the credential (after a login, for example).
    ///
    /// - Parameter credential: The new credential, or nil to log out.
    public func setCredential(_ credential: Wrapped.Credential?) async {
        await state.set(credential)
    }

    /// Applies the current credential, waiting for a refresh in flight.
    ///
    /// - Parameter request: The request.
    /// - Returns: The authenticated request.
    /// - Throws: ``HTTPError/authenticationFailed(_:reason:)`` without a credential or after a failed refresh.
    public func adapt(_ request: URLRequest) async throws -> URLRequest {
        let summary = HTTPError.RequestSummary(request)
        let credential: Wrapped.Credential?
        do {
            credential = try await state.current()
        } catch {
            throw HTTPError.authenticationFailed(summary, reason: .refreshFailed("\(error)"))
        }
        guard let credential else { throw HTTPError.authenticationFailed(summary, reason: .missingCredential) }
        var request = request
        authenticator.apply(credential, to: &request)
        return request
    }

    /// Refreshes on an authentication failure (once for all requests in flight) and retries.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: Retry now, do not retry, or fail with ``HTTPError/authenticationFailed(_:reason:)``.
    public func retry(_ context: RetryContext) async -> RetryDecision {
        guard authenticator.isAuthenticationFailure(context) else { return .doNotRetry }
        return await state.handleRefusal(context, authenticator: authenticator)
    }
}
