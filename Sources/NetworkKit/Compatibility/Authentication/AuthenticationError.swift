/// Why ``AuthenticationInterceptor`` stopped a request, as Alamofire's `AuthenticationError`.
///
/// Same as Alamofire: on a ``Session`` it arrives inside ``AFError/requestAdaptationFailed(error:)``
/// (while adapting) or ``AFError/requestRetryFailed(retryError:originalError:)`` (after a refusal).
/// On an ``HTTPClient`` the interceptor reports it as ``HTTPError/authenticationFailed(_:reason:)``.
public enum AuthenticationError: Error, Sendable {
    /// There was no credential to apply or refresh.
    case missingCredential
    /// More refreshes were started within the interceptor's ``AuthenticationInterceptor/RefreshWindow``
    /// than it allows.
    case excessiveRefresh
}
