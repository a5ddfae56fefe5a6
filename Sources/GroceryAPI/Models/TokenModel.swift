/// The tokens `login` and `token/refresh` return.
///
/// The access token goes in `Authorization: Bearer …` on every authenticated call and expires
/// after ``expiresIn`` seconds; the refresh token buys a new pair once, from `token/refresh`.
public struct TokenModel: Codable, Sendable, Equatable {
    /// The short-lived token for `Authorization: Bearer`.
    public var accessToken: String
    /// The token that `token/refresh` exchanges for a new pair (it works once).
    public var refreshToken: String
    /// Always `Bearer`.
    public var tokenType: String
    /// Seconds until the access token expires, counted from when it was issued.
    public var expiresIn: Int

    /// Creates a token pair.
    ///
    /// - Parameters:
    ///   - accessToken:  the access token.
    ///   - refreshToken: the refresh token.
    ///   - tokenType:    the scheme, `Bearer`.
    ///   - expiresIn:    the access token's lifetime in seconds.
    public init(accessToken: String, refreshToken: String, tokenType: String = "Bearer", expiresIn: Int) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
    }
}

extension TokenModel: CustomStringConvertible {
    /// A description that hides both tokens.
    public var description: String {
        "TokenModel(accessToken: <hidden>, refreshToken: <hidden>, tokenType: \(tokenType), expiresIn: \(expiresIn))"
    }
}

/// The body `token/refresh` also accepts: `{"refreshToken": "..."}` (the sample sends the token
/// as a bearer header instead; the server takes either).
public struct RefreshTokenModel: Codable, Sendable, Equatable {
    /// The refresh token to exchange.
    public var refreshToken: String

    /// Creates the body.
    ///
    /// - Parameter refreshToken: the refresh token.
    public init(refreshToken: String) {
        self.refreshToken = refreshToken
    }
}
