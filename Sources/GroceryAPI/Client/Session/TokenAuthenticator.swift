import Foundation
import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts the access token on requests and renews the pair with the refresh token, saving the new
/// pair; NetworkKit's `AuthenticationInterceptor` calls it once for all requests refused at a time.
struct TokenAuthenticator: Authenticator {
    /// Sends `token/refresh`; its client has no interceptor, so the refresh never waits for itself.
    let api: AuthAPI
    let tokens: TokenStore

    func apply(_ credential: TokenModel, to request: inout URLRequest) {
        request.setValue("Bearer \(credential.accessToken)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: TokenModel) async throws -> TokenModel {
        do {
            let fresh = try await api.refresh(refreshToken: credential.refreshToken)
            try tokens.save(fresh)
            return fresh
        } catch .rejected(let status, let model) {
            // The refresh token is spent or unknown: the session is over, so forget it.
            try? tokens.clear()
            throw GroceryAPIError.rejected(statusCode: status, model)
        }
    }
}
