public import Foundation
public import NetworkKit

/// The grocery sample's auth endpoints, as the sample names them.
///
/// The base URL is the sample's public host; send a router through an ``AuthAPI`` (or NetworkKit's
/// `rebased(onto:)`) to talk to another one, such as a ``GroceryServer`` or a staging host.
///
/// ```swift
/// let route = AuthHttpRouter.login(AuthModel(email: "ann@example.com", password: "correct horse"))
/// let tokens = try await HTTPClient().send(route.rebased(onto: server.baseURL), as: TokenModel.self)
/// ```
public enum AuthHttpRouter: HTTPRouter, Equatable {
    /// `POST login` with the credentials as JSON.
    case login(AuthModel)
    /// `POST register` with the new account's name, e-mail address and password as JSON.
    case signUp(AuthModel)
    /// `GET user` with the access token as a bearer header.
    case validate(token: String)
    /// `POST token/refresh` with the refresh token as a bearer header.
    case refreshToken(token: String)
    /// `POST logout` with the access token as a bearer header.
    case logout(token: String)
    /// `POST validate/email` with `{"email": ...}`.
    case validateEmail(email: String)

    /// The sample's base URL, `https://letscodeeasy.com/groceryapi/public/api`.
    public static let defaultBaseUrlString = "https://letscodeeasy.com/groceryapi/public/api"

    /// The sample's base URL (``defaultBaseUrlString``).
    public var baseUrlString: String { Self.defaultBaseUrlString }

    /// The path under the base URL, such as `token/refresh`.
    public var path: String {
        switch self {
        case .login: "login"
        case .signUp: "register"
        case .validate: "user"
        case .refreshToken: "token/refresh"
        case .logout: "logout"
        case .validateEmail: "validate/email"
        }
    }

    /// `GET` for ``validate(token:)``, `POST` for the others.
    public var method: HTTPMethod {
        switch self {
        case .validate: .get
        case .login, .signUp, .refreshToken, .logout, .validateEmail: .post
        }
    }

    /// The JSON content type, plus `Authorization: Bearer` for the calls that carry a token.
    public var headers: HTTPHeaders? {
        let json = HTTPHeader.contentType("application/json; charset=UTF-8")
        switch self {
        case .login, .signUp, .validateEmail:
            return [json]
        case .validate(let token), .refreshToken(let token), .logout(let token):
            return [.authorization(bearerToken: token), json]
        }
    }

    /// The JSON body of ``login(_:)``, ``signUp(_:)`` and ``validateEmail(email:)``; none for the others.
    ///
    /// - Returns: The body bytes, or nil.
    /// - Throws: `HTTPError.encodingFailed` when a model cannot be encoded.
    public func body() throws -> Data? {
        switch self {
        case .login(let model), .signUp(let model): try HTTPBody.json(model)
        case .validateEmail(let email): try HTTPBody.json(EmailModel(email: email))
        case .validate, .refreshToken, .logout: nil
        }
    }
}

extension AuthHttpRouter: CustomStringConvertible {
    /// The method and path, without credentials or tokens.
    public var description: String { "\(method) \(path)" }
}
