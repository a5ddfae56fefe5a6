#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

// MARK: - Alamofire's completion forms

extension AuthenticationInterceptor {
    /// Applies the credential as Alamofire does: waits only for a refresh that an adapt started
    /// (``AuthenticationCredential/requiresRefresh``), and starts one when the credential requires it.
    ///
    /// Same as Alamofire. A request adapted while a refresh started by a refusal runs gets the
    /// current credential at once, and is retried if it is refused.
    ///
    /// - Parameters:
    ///   - urlRequest: The request.
    ///   - session: The session sending it, passed to the authenticator's refresh.
    ///   - completion: Called once with the authenticated request, ``AuthenticationError/missingCredential``,
    ///     ``AuthenticationError/excessiveRefresh`` or the refresh's error.
    public func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        let step = state.adaptStep(waitsForAnyRefresh: false, session: session) { [self] outcome in
            switch outcome {
            case .success: adapt(urlRequest, for: session, completion: completion)
            case .failure(let error): completion(.failure(error))
            }
        }
        switch step {
        case .apply(let credential):
            var authenticated = urlRequest
            authenticator.apply(credential, to: &authenticated)
            completion(.success(authenticated))
        case .fail(let error):
            completion(.failure(error))
        case .deferred:
            break
        }
    }

    /// Decides whether a failed request is retried, as Alamofire does.
    ///
    /// Same as Alamofire: no response or no authentication failure (see
    /// ``Authenticator/didRequest(_:with:failDueToAuthenticationError:)``) does not retry; no credential
    /// fails with ``AuthenticationError/missingCredential``; a request sent with an older credential is
    /// retried at once; otherwise it waits for the one refresh of the current credential, then retries,
    /// or fails with the refresh's error (also for later refusals of that credential).
    ///
    /// - Parameters:
    ///   - request: The failed request.
    ///   - session: The session that sent it, passed to the authenticator's refresh.
    ///   - error: Why it failed.
    ///   - completion: Called once with the decision.
    public func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        guard let urlRequest = request.request, let response = request.response else {
            return completion(.doNotRetry)
        }
        guard authenticator.didRequest(urlRequest, with: response, failDueToAuthenticationError: error) else {
            return completion(.doNotRetry)
        }
        let step = state.retryStep(for: urlRequest, session: session) { outcome in
            switch outcome {
            case .success: completion(.retry)
            case .failure(let error): completion(.doNotRetryWithError(error))
            }
        }
        switch step {
        case .retry: completion(.retry)
        case .fail(let error): completion(.doNotRetryWithError(error))
        case .deferred: break
        }
    }
}

// MARK: - Alamofire's synchronous credential

extension AuthenticationInterceptor where Credential: AuthenticationCredential {
    /// The credential requests are authenticated with, read and replaced at once, as Alamofire's.
    ///
    /// Same as Alamofire: setting it (nil to log out) lets the next refusal refresh again. It exists
    /// where the credential adopts ``AuthenticationCredential``, as Alamofire requires; for other
    /// credentials, read NetworkKit's `await credential` and call ``setCredential(_:)``.
    public var credential: Credential? {
        get { state.credential }
        set { state.credential = newValue }
    }
}
