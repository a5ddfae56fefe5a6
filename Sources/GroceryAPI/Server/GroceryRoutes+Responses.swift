import Foundation
import MockServerKit

/// The request body `register`, `login` and `validate/email` read: every field optional, so a
/// missing one becomes a 422 field error instead of a decoding failure.
struct CredentialsBody: Decodable {
    var name: String?
    var email: String?
    var password: String?
}

extension GroceryRoutes {
    /// An error answer with an ``APIErrorModel`` body.
    static func failure(
        _ status: Int, _ code: String, _ message: String, fields: [String: [String]]? = nil
    ) -> MockResponse {
        let model = APIErrorModel(error: code, message: message, fields: fields)
        var response = (try? MockResponse.json(model, status: status)) ?? .status(status)
        if status == 401 {
            response.headers["WWW-Authenticate"] = #"Bearer realm="grocery", error="invalid_token""#
        }
        return response
    }

    /// A JSON answer; encoding these plain models cannot fail, but if it did the client gets 500.
    static func success<Value: Encodable>(_ value: Value, status: Int = 200) -> MockResponse {
        (try? MockResponse.json(value, status: status)) ?? .status(500)
    }

    /// The body decoded as ``CredentialsBody``, or the 400 answer to send.
    static func credentials(of request: MockRequest) -> Result<CredentialsBody, Rejection> {
        do {
            return .success(try request.decodeJSON(CredentialsBody.self))
        } catch {
            return .failure(Rejection(response: failure(400, "invalid_json", "The body is not a JSON object.")))
        }
    }

    /// The name of the cookie `login` sets to the access token.
    static let sessionCookie = "session"

    /// The request's access token: its bearer token, or else its session cookie.
    static func accessToken(of request: MockRequest) -> String? {
        request.bearerToken ?? request.cookies[sessionCookie]
    }

    /// The account behind the request's access token (bearer, or the session cookie), or the 401
    /// answer to send.
    func authenticatedUser(_ request: MockRequest) -> Result<UserModel, Rejection> {
        guard let token = Self.accessToken(of: request) else {
            return .failure(Rejection(response: Self.failure(401, "missing_token", "Send Authorization: Bearer.")))
        }
        switch store.authenticate(accessToken: token, now: configuration.now()) {
        case .valid(let user):
            return .success(user)
        case .expired:
            return .failure(Rejection(response: Self.failure(401, "token_expired", "The access token has expired.")))
        case .invalid:
            return .failure(Rejection(response: Self.failure(401, "invalid_token", "The access token is not valid.")))
        }
    }
}

/// An answer that ends a request early (bad body, no valid token).
struct Rejection: Error {
    let response: MockResponse
}
