public import Foundation
public import NetworkKit
public import SecurityKit

/// A logged-in session with the grocery API: keeps the tokens, puts the access token on every call
/// and renews it when the server says it expired (once for all calls refused at the same time).
///
/// On NetworkKit's `HTTPClient` it does so through NetworkKit's adapter and `Authenticator`; on the
/// Alamofire façade's `Session` (``init(baseURL:secureStore:tokenKey:session:)``), through an
/// interceptor in Alamofire's completion form given to each authorized request.
///
/// ```swift
/// let service = try AuthService(baseURL: server.baseURL, secureStore: FileSecretStore(directory: dir))
/// try await service.login(email: "ann@example.com", password: "correct horse")
/// let categories = try await service.groceryCategories()  // refreshes the token by itself
/// try await service.logout()                                // forgets the tokens
/// ```
///
/// Tokens live in the `SecretStore` given (the Keychain on Apple platforms, the Secret Service or a
/// private file on Linux), or in memory when none is given; a stored session is picked up again.
public final class AuthService: Sendable {
    /// The calls that need no token (check e-mail, sign up, login), on a client without the interceptor.
    public let api: AuthAPI
    /// The same calls on a client that adds the bearer token and refreshes it.
    let authorizedAPI: AuthAPI
    /// The interceptor that adds and refreshes the tokens.
    let interceptor: any TokenHolder
    let tokens: TokenStore

    /// Creates a service on NetworkKit's `HTTPClient`, picking up tokens already in the store.
    ///
    /// - Parameters:
    ///   - baseURL:       Where the API lives; nil for the sample's host.
    ///   - secureStore:   Where tokens are kept; in memory when nil.
    ///   - tokenKey:      The store key the tokens are saved under.
    ///   - configuration: Client settings (timeouts, monitors, adapters) for every request; for
    ///     authenticated calls the service puts its own interceptor ahead of these adapters, so they
    ///     see the `Authorization` header it sets, and after these retriers.
    /// - Throws: ``GroceryAPIError/tokenStorageFailed(_:)`` when the store cannot be read or holds
    ///   something else under `tokenKey`.
    public convenience init(
        baseURL: URL? = nil, secureStore: (any SecretStore)? = nil, tokenKey: String = "GroceryAPI.tokens",
        configuration: HTTPClient.Configuration = HTTPClient.Configuration()
    ) throws(GroceryAPIError) {
        let tokens = TokenStore(store: secureStore ?? InMemorySecretStore(), key: tokenKey)
        let api = AuthAPI(baseURL: baseURL, client: HTTPClient(configuration: configuration))
        let interceptor = AuthenticationInterceptor(
            authenticator: TokenAuthenticator(api: api, tokens: tokens), credential: try tokens.load())
        // The interceptor adapts first, so the caller's adapters see each request as it is sent,
        // token included (what signing and logging adapters need); it retries after their retriers.
        var authorized = configuration
        authorized.adapters.insert(interceptor, at: 0)
        authorized.retriers.append(interceptor)
        self.init(
            api: api, authorizedAPI: AuthAPI(baseURL: api.baseURL, client: HTTPClient(configuration: authorized)),
            interceptor: interceptor, tokens: tokens)
    }

    /// Creates a service on the Alamofire façade, picking up tokens already in the store: every call
    /// is a request of `session`, and the authorized ones carry a token interceptor of their own,
    /// which runs after the session's interceptor, as Alamofire runs a request's.
    ///
    /// ```swift
    /// let service = try AuthService(baseURL: server.baseURL, session: AF)
    /// ```
    ///
    /// - Parameters:
    ///   - baseURL:     Where the API lives; nil for the sample's host.
    ///   - secureStore: Where tokens are kept; in memory when nil.
    ///   - tokenKey:    The store key the tokens are saved under.
    ///   - session:     The session every request is made on, such as `AF`.
    /// - Throws: ``GroceryAPIError/tokenStorageFailed(_:)`` when the store cannot be read or holds
    ///   something else under `tokenKey`.
    public convenience init(
        baseURL: URL? = nil, secureStore: (any SecretStore)? = nil, tokenKey: String = "GroceryAPI.tokens",
        session: Session
    ) throws(GroceryAPIError) {
        let tokens = TokenStore(store: secureStore ?? InMemorySecretStore(), key: tokenKey)
        let api = AuthAPI(baseURL: baseURL, session: session)
        let interceptor = TokenRefreshInterceptor(api: api, tokens: tokens, credential: try tokens.load())
        let authorizedAPI = AuthAPI(
            baseURL: api.baseURL, backend: SessionBackend(session: session, interceptor: interceptor))
        self.init(api: api, authorizedAPI: authorizedAPI, interceptor: interceptor, tokens: tokens)
    }

    private init(api: AuthAPI, authorizedAPI: AuthAPI, interceptor: any TokenHolder, tokens: TokenStore) {
        self.api = api
        self.authorizedAPI = authorizedAPI
        self.interceptor = interceptor
        self.tokens = tokens
    }

    /// Whether the service holds tokens (they may still be refused by the server).
    public var isLoggedIn: Bool {
        get async { await interceptor.credential != nil }
    }

    /// Whether an account may be registered with `email`; see ``AuthAPI/checkEmail(email:)``.
    ///
    /// - Parameter email: The address.
    /// - Returns: True only when the server answered 200.
    public func checkEmail(_ email: String) async -> Bool {
        await api.checkEmail(email: email)
    }

    /// Registers an account.
    ///
    /// - Parameters:
    ///   - name:     The display name.
    ///   - email:    The e-mail address.
    ///   - password: The password.
    /// - Returns: The new account.
    /// - Throws: ``SignUpError``; ``SignUpError/invalidJSON`` when the answer is not a ``UserModel``.
    public func signUp(name: String, email: String, password: String) async throws(SignUpError) -> UserModel {
        let (_, data) = try await api.signUp(username: name, email: email, password: password)
        guard let user = try? JSONDecoder().decode(UserModel.self, from: data) else { throw .invalidJSON }
        return user
    }

    /// Logs in and keeps the tokens.
    ///
    /// - Parameters:
    ///   - email:    The e-mail address.
    ///   - password: The password.
    /// - Throws: ``GroceryAPIError``: rejected with 401 for wrong credentials, or a storage failure.
    public func login(email: String, password: String) async throws(GroceryAPIError) {
        let fresh = try await api.login(AuthModel(email: email, password: password))
        try tokens.save(fresh)
        await interceptor.setCredential(fresh)
    }

    /// The logged-in account (`GET user`), refreshing the access token if it expired.
    ///
    /// - Returns: The user.
    /// - Throws: ``GroceryAPIError/notLoggedIn`` without tokens, ``GroceryAPIError/sessionExpired(_:)``
    ///   when the refresh token is refused, other ``GroceryAPIError``s.
    public func currentUser() async throws(GroceryAPIError) -> UserModel {
        // The adapter replaces this header with the current token, refreshed or not.
        let token = await interceptor.credential?.accessToken ?? ""
        return try await authorizedAPI.validate(token: token)
    }

    /// Every grocery category, refreshing the access token if it expired.
    ///
    /// - Returns: The categories.
    /// - Throws: ``GroceryAPIError``, as for ``currentUser()``.
    public func groceryCategories() async throws(GroceryAPIError) -> [CategoryModel] {
        try await authorizedAPI.groceryCategories()
    }

    /// The groceries of one category, refreshing the access token if it expired.
    ///
    /// - Parameter categoryId: The category's number.
    /// - Returns: The groceries.
    /// - Throws: ``GroceryAPIError``, as for ``currentUser()``; rejected with 404 for an unknown category.
    public func groceries(categoryId: Int) async throws(GroceryAPIError) -> [GroceryModel] {
        try await authorizedAPI.groceries(categoryId: categoryId)
    }

    /// Ends the session on the server and forgets the tokens (they are forgotten even when the
    /// server cannot be told).
    ///
    /// - Throws: ``GroceryAPIError``: ``GroceryAPIError/notLoggedIn`` without tokens, or why the
    ///   server was not told.
    public func logout() async throws(GroceryAPIError) {
        let token = await interceptor.credential?.accessToken ?? ""
        var failure: GroceryAPIError?
        do {
            try await authorizedAPI.logout(token: token)
        } catch {
            failure = error
        }
        await interceptor.setCredential(nil)
        try tokens.clear()
        if let failure { throw failure }
    }
}
