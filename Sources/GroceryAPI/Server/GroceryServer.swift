public import Foundation
public import MockServerKit

/// The reference server of the grocery sample's API, on `MockServerKit`, with its state in memory.
///
/// It serves `register`, `login`, `user`, `token/refresh`, `logout`, `validate/email`,
/// `categories` and `category/{id}` under ``baseURL``, the way the sample's client expects:
///
/// | Call | Success | Failures |
/// |---|---|---|
/// | `POST register` (``AuthModel``) | 201 ``UserModel`` | 422 field errors, 409 `email_exists` |
/// | `POST login` (``AuthModel``) | 200 ``TokenModel``, and the access token as the `session` cookie | 401 `invalid_credentials`, 422 |
/// | `GET user` (bearer, or the `session` cookie) | 200 ``UserModel`` | 401 `token_expired` / `invalid_token` |
/// | `POST token/refresh` (bearer refresh token) | 200 ``TokenModel`` (rotated) | 401 |
/// | `POST logout` (bearer, or the `session` cookie) | 204, deleting the cookie | 401 |
/// | `POST validate/email` (``EmailModel``) | 200 ``EmailAvailabilityModel`` | 409 taken, 422 malformed |
/// | `GET categories` (bearer, or the `session` cookie) | 200 [``CategoryModel``] | 401 |
/// | `GET category/{id}` (bearer) | 200 [``GroceryModel``] | 401, 404 |
/// | WebSocket `live` (bearer, or the `session` cookie): send a category's number | its [``GroceryModel``] as JSON | closed with 1008 `invalid_token` |
///
/// A taken address is 409 Conflict: the request is well-formed but clashes with the server's
/// state, which is what 409 means; 422 stays for bodies that break the field rules.
///
/// ```swift
/// let server = try GroceryServer()
/// defer { server.stop() }
/// let login = server.baseURL.appendingPathComponent("login")
/// ```
public final class GroceryServer: Sendable {
    /// The tokens' lifetimes, the clock, the catalog and the underlying server's settings.
    public struct Configuration: Sendable {
        /// Where and how the HTTP server listens (127.0.0.1 on a free port by default).
        public var server = MockServer.Configuration()
        /// How long an access token works after it is issued (15 minutes by default).
        public var accessTokenLifetime: Duration = .seconds(15 * 60)
        /// How long a refresh token works after it is issued (30 days by default).
        public var refreshTokenLifetime: Duration = .seconds(30 * 24 * 60 * 60)
        /// The clock tokens expire by; tests pass a clock they move forward themselves.
        public var now: @Sendable () -> Date = { Date() }
        /// The categories and groceries served.
        public var catalog = GroceryCatalog.sample

        /// Creates the default configuration.
        public init() {}
    }

    /// The HTTP server underneath: its `requests` show what clients sent.
    public let server: MockServer
    /// The configuration the server started with.
    public let configuration: Configuration
    private let store: GroceryStore

    /// Starts the server.
    ///
    /// - Parameter configuration: lifetimes, clock, catalog and listening address.
    /// - Throws: `MockServerError.startFailed` when it cannot listen.
    public init(configuration: Configuration = Configuration()) throws(MockServerError) {
        self.configuration = configuration
        server = try MockServer(configuration: configuration.server)
        store = GroceryStore()
        let routes = GroceryRoutes(store: store, configuration: configuration)
        routes.installAuthRoutes(on: server)
        routes.installCatalogRoutes(on: server)
        routes.installLiveRoute(on: server)
    }

    /// The URL clients put before `login`, `register` and the other paths, with a trailing slash.
    public var baseURL: URL { server.baseURL }

    /// How many times `token/refresh` was called, successful or not.
    public var refreshRequestCount: Int { store.refreshRequestCount }

    /// Stops serving and frees the port.
    public func stop() {
        server.stop()
    }
}
