public import Foundation

/// Why ``AuthAPI/signUp(username:email:password:)`` did not create an account (the sample's error).
public enum SignUpError: Error, Sendable, Equatable {
    /// An account with this e-mail address already exists (409).
    case emailExists
    /// The server refused a field: a missing name, a malformed address, a short password (422).
    case invalidData
    /// The server's answer, or the request as the server read it, is not the JSON expected.
    case invalidJSON
    /// Anything else: the connection failed or the server answered an unexpected status.
    case error(String)
}

// MARK: - LocalizedError

extension SignUpError: LocalizedError {
    /// A one-line explanation.
    public var errorDescription: String? {
        switch self {
        case .emailExists: "An account with this e-mail address already exists."
        case .invalidData: "The server refused the name, e-mail address or password."
        case .invalidJSON: "The sign-up request or its answer was not the JSON expected."
        case .error(let message): "Sign-up failed: \(message)"
        }
    }
}
