public import Foundation
public import NetworkKit

/// What can go wrong in GroceryAPI's client calls (sign-up has the sample's own ``SignUpError``).
public enum GroceryAPIError: Error, Sendable, Equatable {
    /// The server answered with an error status; carries the status and, when the body was the API's
    /// error JSON, its code, message and field errors.
    case rejected(statusCode: Int, APIErrorModel?)
    /// The request failed before the server answered, or its answer could not be decoded.
    case requestFailed(HTTPError)
    /// The call needs a login and there are no tokens.
    case notLoggedIn
    /// The session could not be renewed: the refresh token was refused or the refresh failed.
    case sessionExpired(String)
    /// The tokens could not be kept or read.
    case tokenStorageFailed(TokenStorageFailureReason)

    /// Which part of keeping the tokens failed.
    public enum TokenStorageFailureReason: Sendable, Equatable {
        /// The secure store refused to save or remove them; carries its message.
        case storeFailed(String)
        /// What the store held is not a token pair this module wrote.
        case unreadableTokens
    }
}

// MARK: - Accessors

extension GroceryAPIError {
    /// The HTTP status of a ``rejected(statusCode:_:)`` answer, otherwise nil.
    public var statusCode: Int? {
        if case .rejected(let status, _) = self { return status }
        return nil
    }

    /// The API's error code (such as `token_expired`) of a rejected answer, otherwise nil.
    public var apiErrorCode: String? {
        if case .rejected(_, let model) = self { return model?.error }
        return nil
    }

    /// Classifies a NetworkKit error: an error status becomes ``rejected(statusCode:_:)`` with the
    /// decoded error body, a missing credential ``notLoggedIn``, a failed refresh ``sessionExpired(_:)``.
    ///
    /// - Parameter error: The NetworkKit error.
    public init(_ error: HTTPError) {
        switch error {
        case .unacceptableStatus(let failure):
            let model = try? JSONDecoder().decode(APIErrorModel.self, from: failure.body)
            self = .rejected(statusCode: failure.statusCode, model)
        case .authenticationFailed(_, reason: .missingCredential):
            self = .notLoggedIn
        case .authenticationFailed(_, reason: .refreshFailed(let reason)):
            self = .sessionExpired(reason)
        case .authenticationFailed:
            self = .sessionExpired("the server refused the refreshed token")
        default:
            self = .requestFailed(error)
        }
    }
}

// MARK: - LocalizedError

extension GroceryAPIError: LocalizedError {
    /// A one-line explanation, without tokens or passwords.
    public var errorDescription: String? {
        switch self {
        case .rejected(let status, let model):
            model.map { "The server refused the request (\(status) \($0.error)): \($0.message)" }
                ?? "The server refused the request with status \(status)."
        case .requestFailed(let error): "The request failed: \(error.description)"
        case .notLoggedIn: "Log in first: there are no tokens."
        case .sessionExpired(let reason): "The session has ended; log in again (\(reason))."
        case .tokenStorageFailed(.storeFailed(let message)): "The tokens could not be stored: \(message)"
        case .tokenStorageFailed(.unreadableTokens): "The stored tokens are unreadable; log in again."
        }
    }
}
