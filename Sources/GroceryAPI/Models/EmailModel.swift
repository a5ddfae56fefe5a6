/// The body of `validate/email`: `{"email": "..."}`.
public struct EmailModel: Codable, Sendable, Equatable {
    /// The address to check.
    public var email: String

    /// Creates the body.
    ///
    /// - Parameter email: the address to check.
    public init(email: String) {
        self.email = email
    }
}

/// The answer of `validate/email` when the address is free.
public struct EmailAvailabilityModel: Codable, Sendable, Equatable {
    /// The address that was checked, as the server normalised it (trimmed, lower-cased).
    public var email: String
    /// Whether an account may be registered with it.
    public var available: Bool

    /// Creates the answer.
    ///
    /// - Parameters:
    ///   - email:     the normalised address.
    ///   - available: whether it is free.
    public init(email: String, available: Bool) {
        self.email = email
        self.available = available
    }
}
