public import Foundation
public import NetworkKit

/// The grocery sample's API calls, sent with NetworkKit to a base URL of your choice.
///
/// ```swift
/// let api = AuthAPI(baseURL: server.baseURL)
/// if await api.checkEmail(email: "ann@example.com") {
///     let (statusCode, data) = try await api.signUp(username: "Ann", email: "ann@example.com", password: "correct horse")
/// }
/// let tokens = try await api.login(AuthModel(email: "ann@example.com", password: "correct horse"))
/// ```
///
/// Calls that need a token take it as an argument; ``AuthService`` keeps the tokens for you, adds
/// them to every request and refreshes them when they expire.
public final class AuthAPI: Sendable {
    /// The base URL every route is sent to (the sample's host by default).
    public let baseURL: URL
    /// The client that sends the requests.
    public let client: HTTPClient

    /// Creates the API.
    ///
    /// - Parameters:
    ///   - baseURL: Where the API lives, such as a ``GroceryServer``'s ``GroceryServer/baseURL``;
    ///     nil for the sample's host (``AuthHttpRouter/defaultBaseUrlString``).
    ///   - client:  The client to send with; a new default one when nil.
    public init(baseURL: URL? = nil, client: HTTPClient? = nil) {
        self.baseURL = baseURL ?? Self.defaultBaseURL
        self.client = client ?? HTTPClient()
    }

    /// The sample's base URL.
    static var defaultBaseURL: URL {
        // The constant is a valid absolute URL; the fallback only keeps this free of force unwraps.
        URL(string: AuthHttpRouter.defaultBaseUrlString) ?? URL(fileURLWithPath: "/")
    }

    /// Whether an account may be registered with `email`: true only when the server answers 200.
    ///
    /// Never throws: a taken or malformed address, a server error or no connection all answer false.
    ///
    /// - Parameter email: The address to check.
    /// - Returns: True when the address is free.
    public func checkEmail(email: String) async -> Bool {
        let route = AuthHttpRouter.validateEmail(email: email).rebased(onto: baseURL)
        let response = try? await client.send(route)
        return response?.statusCode == 200
    }

    /// Registers an account (the sample's sign-up).
    ///
    /// - Parameters:
    ///   - username: The display name.
    ///   - email:    The e-mail address.
    ///   - password: The password.
    /// - Returns: The status code (201) and the JSON body (a ``UserModel``).
    /// - Throws: ``SignUpError``: ``SignUpError/emailExists`` on 409, ``SignUpError/invalidData`` on
    ///   422, ``SignUpError/invalidJSON`` when the answer is not JSON, ``SignUpError/error(_:)`` otherwise.
    public func signUp(username: String, email: String, password: String) async throws(SignUpError)
        -> (statusCode: Int, data: Data)
    {
        let route = AuthHttpRouter.signUp(AuthModel(name: username, email: email, password: password))
        do {
            let response = try await client.send(route.rebased(onto: baseURL))
            guard (try? JSONSerialization.jsonObject(with: response.body)) != nil else { throw SignUpError.invalidJSON }
            return (response.statusCode, response.body)
        } catch let error as SignUpError {
            throw error
        } catch let error as HTTPError {
            throw Self.signUpError(error)
        } catch {
            throw .error("\(error)")
        }
    }

    /// The sample's error for a failed sign-up request.
    static func signUpError(_ error: HTTPError) -> SignUpError {
        guard case .unacceptableStatus(let failure) = error else { return .error(error.description) }
        let model = try? JSONDecoder().decode(APIErrorModel.self, from: failure.body)
        switch failure.statusCode {
        case 409: return .emailExists
        case 422: return .invalidData
        case 400 where model?.error == "invalid_json": return .invalidJSON
        default:
            guard let model else { return .error("HTTP \(failure.statusCode) without the API's error JSON") }
            return .error("HTTP \(failure.statusCode) \(model.error): \(model.message)")
        }
    }
}
