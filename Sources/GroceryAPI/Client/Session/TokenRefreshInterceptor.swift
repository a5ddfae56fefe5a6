import Foundation
import InternalServiceUtilities
import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts the access token on requests and renews the pair with the refresh token, written as an
/// Alamofire app writes a token interceptor: `RequestInterceptor`'s completion forms
/// (`adapt(_:for:completion:)`, `retry(_:for:dueTo:completion:)`), one refresh for all requests
/// refused while it runs, each of them retried once.
///
/// It does for an ``AuthService`` on a `Session` what ``TokenAuthenticator`` does on an
/// `HTTPClient`, with the same outcomes: no tokens fail a call with
/// ``GroceryAPIError/notLoggedIn`` before it is sent; a refused or failed refresh, or a refusal of
/// the refreshed token, fails it with ``GroceryAPIError/sessionExpired(_:)``.
final class TokenRefreshInterceptor: RequestInterceptor {
    /// Waits for the refresh in flight: gets the new tokens, or why there are none.
    typealias Waiter = @Sendable (Result<TokenModel, GroceryAPIError>) -> Void

    private struct State {
        var credential: TokenModel?
        var isRefreshing = false
        var waiters: [Waiter] = []
    }

    /// Sends `token/refresh`; its calls have no interceptor, so the refresh never waits for itself.
    private let api: AuthAPI
    private let tokens: TokenStore
    private let state: Locked<State>

    init(api: AuthAPI, tokens: TokenStore, credential: TokenModel?) {
        self.api = api
        self.tokens = tokens
        state = Locked(State(credential: credential))
    }

    /// The current tokens, after the refresh in flight if there is one.
    var credential: TokenModel? {
        get async {
            await withCheckedContinuation { continuation in
                whenRefreshed { continuation.resume(returning: try? $0.get()) }
            }
        }
    }

    /// Replaces the tokens (after a login, or nil after a logout).
    func setCredential(_ credential: TokenModel?) {
        state.withLock { $0.credential = credential }
    }

    // MARK: - RequestAdapter

    func adapt(
        _ urlRequest: URLRequest, for session: Session,
        completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
    ) {
        whenRefreshed { result in
            completion(
                result.map { credential in
                    var request = urlRequest
                    // `add` replaces the route's own `Authorization`, as in Alamofire.
                    request.headers.add(.authorization(bearerToken: credential.accessToken))
                    return request
                }.mapError { $0 })
        }
    }

    // MARK: - RequestRetrier

    func retry(
        _ request: Request, for session: Session, dueTo error: any Error,
        completion: @escaping @Sendable (RetryResult) -> Void
    ) {
        guard request.response?.statusCode == 401 else { return completion(.doNotRetry) }
        guard request.retryCount == 0 else {
            // Retried once with refreshed tokens already, and refused again.
            return completion(
                .doNotRetryWithError(GroceryAPIError.sessionExpired("the server refused the refreshed token")))
        }
        let sentAuthorization = request.request?.headers["Authorization"]
        let step = state.withLock { state -> RefusalStep in
            if state.isRefreshing { return .wait }
            guard let credential = state.credential else { return .fail(.notLoggedIn) }
            guard sentAuthorization == Self.authorization(credential) else { return .retry }
            state.isRefreshing = true
            return .refresh(credential)
        }
        let retryAfterRefresh: Waiter = { result in
            switch result {
            case .success: completion(.retry)
            case .failure(let error): completion(.doNotRetryWithError(error))
            }
        }
        switch step {
        case .retry:
            completion(.retry)
        case .fail(let error):
            completion(.doNotRetryWithError(error))
        case .wait:
            whenRefreshed(retryAfterRefresh)
        case .refresh(let credential):
            whenRefreshed(retryAfterRefresh)
            refresh(credential)
        }
    }

    /// What a refused request does.
    private enum RefusalStep {
        /// Tokens were refreshed since it was sent: retry at once.
        case retry
        /// Retry once the refresh in flight is over.
        case wait
        /// Start the refresh (the caller set `isRefreshing`), then retry.
        case refresh(TokenModel)
        /// Stop with this error.
        case fail(GroceryAPIError)
    }

    // MARK: - Refreshing

    /// Calls `waiter` with the tokens once no refresh is in flight (now, if none is).
    private func whenRefreshed(_ waiter: @escaping Waiter) {
        let now = state.withLock { state -> Result<TokenModel, GroceryAPIError>? in
            if state.isRefreshing {
                state.waiters.append(waiter)
                return nil
            }
            return state.credential.map { .success($0) } ?? .failure(.notLoggedIn)
        }
        if let now { waiter(now) }
    }

    /// Exchanges the refresh token and hands the outcome to every waiter; only the caller that set
    /// `isRefreshing` calls it.
    private func refresh(_ credential: TokenModel) {
        let api = api
        let tokens = tokens
        Task {
            let result: Result<TokenModel, GroceryAPIError>
            do throws(GroceryAPIError) {
                let fresh = try await api.refresh(refreshToken: credential.refreshToken)
                try tokens.save(fresh)
                result = .success(fresh)
            } catch {
                // A spent or unknown refresh token ends the session, so it is forgotten.
                if case .rejected = error { try? tokens.clear() }
                result = .failure(.sessionExpired("\(error)"))
            }
            finish(result)
        }
    }

    private func finish(_ result: Result<TokenModel, GroceryAPIError>) {
        let waiters = state.withLock { state in
            if case .success(let fresh) = result { state.credential = fresh }
            state.isRefreshing = false
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter(result) }
    }

    private static func authorization(_ credential: TokenModel) -> String {
        "Bearer \(credential.accessToken)"
    }
}
