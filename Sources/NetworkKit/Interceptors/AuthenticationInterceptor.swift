#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Applies an ``Authenticator``'s credential to every request and, when the server refuses it,
/// refreshes it once for all requests in flight, then retries them with the new credential.
///
/// It is NetworkKit's interceptor and Alamofire's `AuthenticationInterceptor` at once: add it to an
/// ``HTTPClient`` (NetworkKit's `async` forms run) or give it to a ``Session`` or a request
/// (Alamofire's completion forms run, see `AuthenticationInterceptor+Alamofire.swift`). Both share
/// one credential and one refresh:
/// - a request refused with an older credential is retried with the current one, without a refresh;
/// - a credential that adopts ``AuthenticationCredential`` and ``AuthenticationCredential/requiresRefresh``
///   is refreshed before the request is sent, and requests adapted meanwhile wait for it;
/// - more refreshes within ``RefreshWindow/interval`` than ``RefreshWindow/maximumAttempts`` fail
///   with ``AuthenticationError/excessiveRefresh``;
/// - a failed refresh fails every request waiting for it.
///
/// On an ``HTTPClient`` it also keeps NetworkKit's rules: a call is retried at most once for
/// authentication (a second refusal fails with
/// ``HTTPError/AuthenticationFailureReason/refreshedCredentialRejected``), adapting waits for any
/// refresh in flight, and errors are ``HTTPError/authenticationFailed(_:reason:)``. On a ``Session``
/// it behaves as Alamofire's: errors are ``AuthenticationError`` or the refresh's error, inside
/// ``AFError/requestAdaptationFailed(error:)`` or ``AFError/requestRetryFailed(retryError:originalError:)``.
///
/// ```swift
/// let auth = AuthenticationInterceptor(authenticator: TokenAuthenticator(), credential: savedToken)
/// let client = HTTPClient { $0.add(auth) }                 // NetworkKit
/// AF.request(url, interceptor: auth).validate().response { print($0.result) }   // Alamofire
/// ```
public final class AuthenticationInterceptor<Wrapped: Authenticator>: RequestInterceptor {
    /// The authenticator's credential type, as in Alamofire.
    public typealias Credential = Wrapped.Credential
    /// Alamofire's name for the generic parameter.
    public typealias AuthenticatorType = Wrapped

    let authenticator: Wrapped
    let state: AuthenticationState<Wrapped>

    /// Creates an interceptor, as Alamofire's initializer does.
    ///
    /// - Parameters:
    ///   - authenticator: Applies and refreshes the credential.
    ///   - credential: The credential to start with; nil (the default) fails requests with
    ///     ``AuthenticationError/missingCredential`` until one is set.
    ///   - refreshWindow: Bounds the refreshes in a time window; nil checks nothing. `RefreshWindow()`
    ///     (5 refreshes in 30 seconds) by default.
    public init(authenticator: Wrapped, credential: Credential? = nil, refreshWindow: RefreshWindow? = RefreshWindow())
    {
        self.authenticator = authenticator
        state = AuthenticationState(
            authenticator: authenticator, credential: credential,
            limit: refreshWindow.map { .init(interval: $0.interval, maximumAttempts: $0.maximumAttempts) })
    }

    /// The current credential, after any refresh in flight (NetworkKit's form; a credential that
    /// adopts ``AuthenticationCredential`` also has Alamofire's synchronous `credential`).
    public var credential: Credential? {
        get async { await state.settledCredential() }
    }

    /// Replaces the credential (after a login, for example), as setting Alamofire's `credential` does.
    ///
    /// - Parameter credential: The new credential, or nil to log out.
    public func setCredential(_ credential: Credential?) async {
        state.credential = credential
    }

    /// Applies the current credential, waiting for a refresh in flight (NetworkKit's form).
    ///
    /// - Parameter request: The request.
    /// - Returns: The authenticated request.
    /// - Throws: ``HTTPError/authenticationFailed(_:reason:)`` without a credential or after a failed refresh.
    public func adapt(_ request: URLRequest) async throws -> URLRequest {
        while true {
            let step = await withCheckedContinuation { (continuation: CheckedContinuation<AdaptOutcome, Never>) in
                let step = state.adaptStep(waitsForAnyRefresh: true, session: nil) { outcome in
                    continuation.resume(returning: AdaptOutcome(outcome))
                }
                switch step {
                case .apply(let credential): continuation.resume(returning: .apply(credential))
                case .fail(let error): continuation.resume(returning: .fail(error))
                case .deferred: break
                }
            }
            switch step {
            case .apply(let credential):
                var request = request
                authenticator.apply(credential, to: &request)
                return request
            case .fail(let error):
                throw Self.httpError(error, for: request)
            case .again:
                continue
            }
        }
    }

    /// Refreshes on an authentication failure (once for all requests in flight) and retries
    /// (NetworkKit's form); a call already retried for authentication is not retried again.
    ///
    /// - Parameter context: The failed attempt.
    /// - Returns: Retry now, do not retry, or fail with ``HTTPError/authenticationFailed(_:reason:)``.
    public func retry(_ context: RetryContext) async -> RetryDecision {
        guard authenticator.isAuthenticationFailure(context) else { return .doNotRetry }
        guard state.claimRetry(of: context.requestID) else {
            let summary = HTTPError.RequestSummary(context.request)
            return .fail(.authenticationFailed(summary, reason: .refreshedCredentialRejected))
        }
        let outcome = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Void, any Error>, Never>) in
            let step = state.retryStep(for: context.request, session: nil) { continuation.resume(returning: $0) }
            switch step {
            case .retry: continuation.resume(returning: .success(()))
            case .fail(let error): continuation.resume(returning: .failure(error))
            case .deferred: break
            }
        }
        switch outcome {
        case .success: return .retry(after: .zero)
        case .failure(let error): return .fail(Self.httpError(error, for: context.request))
        }
    }

    private enum AdaptOutcome: Sendable {
        case apply(Credential)
        case fail(any Error)
        case again

        init(_ outcome: Result<Void, any Error>) {
            switch outcome {
            case .success: self = .again
            case .failure(let error): self = .fail(error)
            }
        }
    }

    /// NetworkKit's error for what stopped a request.
    private static func httpError(_ error: any Error, for request: URLRequest) -> HTTPError {
        let summary = HTTPError.RequestSummary(request)
        switch error {
        case AuthenticationError.missingCredential:
            return .authenticationFailed(summary, reason: .missingCredential)
        case AuthenticationError.excessiveRefresh:
            return .authenticationFailed(
                summary, reason: .refreshFailed("too many refreshes within the refresh window"))
        default:
            return .authenticationFailed(summary, reason: .refreshFailed("\(error)"))
        }
    }
}
