public import Foundation
public import NetworkKit

/// The grocery sample's API calls, sent to a base URL of your choice with NetworkKit's `HTTPClient`
/// or, as an Alamofire app sends them, with the Alamofire façade's `Session`.
///
/// ```swift
/// let api = AuthAPI(baseURL: server.baseURL)                   // or AuthAPI(baseURL: server.baseURL, session: AF)
/// if await api.checkEmail(email: "ann@example.com") {
///     let (statusCode, data) = try await api.signUp(username: "Ann", email: "ann@example.com", password: "correct horse")
/// }
/// let tokens = try await api.login(AuthModel(email: "ann@example.com", password: "correct horse"))
/// ```
///
/// Both answer every call alike, with the same errors. Calls that need a token take it as an
/// argument; ``AuthService`` keeps the tokens for you, adds them to every request and refreshes
/// them when they expire.
public final class AuthAPI: Sendable {
    /// The base URL every route is sent to (the sample's host by default).
    public let baseURL: URL
    /// How the routes are sent.
    let backend: any AuthBackend

    /// The NetworkKit client that sends the requests (for an API on a `Session`, the session's own).
    public var client: HTTPClient { backend.client }

    /// Creates the API on NetworkKit's `HTTPClient`.
    ///
    /// - Parameters:
    ///   - baseURL: Where the API lives, such as a ``GroceryServer``'s ``GroceryServer/baseURL``;
    ///     nil for the sample's host (``AuthHttpRouter/defaultBaseUrlString``).
    ///   - client:  The client to send with; a new default one when nil.
    public convenience init(baseURL: URL? = nil, client: HTTPClient? = nil) {
        self.init(baseURL: baseURL ?? Self.defaultBaseURL, backend: HTTPClientBackend(client: client ?? HTTPClient()))
    }

    /// Creates the API on the Alamofire façade: each call is `session.request(router).validate()`
    /// with `responseDecodable(of:)`, and its `AFError` becomes the same ``GroceryAPIError`` (or
    /// ``SignUpError``) as on `HTTPClient`.
    ///
    /// ```swift
    /// let api = AuthAPI(baseURL: server.baseURL, session: AF)
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL: Where the API lives; nil for the sample's host.
    ///   - session: The session to send with, such as `AF`; its interceptor runs on every call.
    public convenience init(baseURL: URL? = nil, session: Session) {
        self.init(baseURL: baseURL ?? Self.defaultBaseURL, backend: SessionBackend(session: session, interceptor: nil))
    }

    /// Creates the API on a backend.
    init(baseURL: URL, backend: any AuthBackend) {
        self.baseURL = baseURL
        self.backend = backend
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
        let answer = try? await backend.send(AuthHttpRouter.validateEmail(email: email).rebased(onto: baseURL))
        return answer?.statusCode == 200
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
        let answer: (statusCode: Int, data: Data)
        do {
            answer = try await backend.send(route.rebased(onto: baseURL))
        } catch {
            throw Self.signUpError(error)
        }
        guard (try? JSONSerialization.jsonObject(with: answer.data)) != nil else { throw .invalidJSON }
        return answer
    }

    /// The sample's error for a failed sign-up request.
    static func signUpError(_ error: GroceryAPIError) -> SignUpError {
        guard case .rejected(let statusCode, let model) = error else {
            if case .requestFailed(let failure) = error { return .error(failure.description) }
            return .error(error.localizedDescription)
        }
        switch statusCode {
        case 409: return .emailExists
        case 422: return .invalidData
        case 400 where model?.error == "invalid_json": return .invalidJSON
        default:
            guard let model else { return .error("HTTP \(statusCode) without the API's error JSON") }
            return .error("HTTP \(statusCode) \(model.error): \(model.message)")
        }
    }
}
