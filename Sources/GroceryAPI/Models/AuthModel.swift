/// The credentials the sample sends to `register` and `login`: a name (registration only), an
/// e-mail address and a password.
///
/// ```swift
/// let signUp = AuthModel(name: "Ann", email: "ann@example.com", password: "correct horse")
/// let login = AuthModel(email: "ann@example.com", password: "correct horse")
/// ```
public struct AuthModel: Codable, Sendable, Equatable {
    /// The user's display name; required by `register`, ignored by `login`.
    public var name: String?
    /// The e-mail address the account is known by.
    public var email: String
    /// The password, sent only in request bodies, never in URLs or logs.
    public var password: String

    /// Creates credentials.
    ///
    /// - Parameters:
    ///   - name:     the display name (registration only).
    ///   - email:    the e-mail address.
    ///   - password: the password.
    public init(name: String? = nil, email: String, password: String) {
        self.name = name
        self.email = email
        self.password = password
    }
}

extension AuthModel: CustomStringConvertible {
    /// A description that hides the password.
    public var description: String {
        "AuthModel(name: \(name.map { "\"\($0)\"" } ?? "nil"), email: \"\(email)\", password: <hidden>)"
    }
}
