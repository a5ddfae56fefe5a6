/// An account as `register` and `user` return it.
public struct UserModel: Codable, Sendable, Equatable {
    /// The server's number for the account.
    public var id: Int
    /// The display name.
    public var name: String
    /// The e-mail address, trimmed and lower-cased.
    public var email: String

    /// Creates a user.
    ///
    /// - Parameters:
    ///   - id:    the account number.
    ///   - name:  the display name.
    ///   - email: the e-mail address.
    public init(id: Int, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}
