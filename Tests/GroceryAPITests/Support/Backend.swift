import Foundation
import GroceryAPI
import NetworkKit
import SecurityKit
import Testing

/// The two ways GroceryAPI sends its calls; the client suites run every test on both.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// NetworkKit's `HTTPClient`.
    case networkKit
    /// The Alamofire façade's `Session`.
    case alamofire

    var testDescription: String { rawValue }

    /// An API on a new client or session, which keeps cookies in memory as every new client does.
    func api(baseURL: URL? = nil) -> AuthAPI {
        switch self {
        case .networkKit: AuthAPI(baseURL: baseURL)
        case .alamofire: AuthAPI(baseURL: baseURL, session: Self.session())
        }
    }

    /// A service on a new client or session.
    ///
    /// - Parameter configuration: Client settings beneath the service's interceptor. For the façade
    ///   they make the `HTTPClient` the session sends through (`Session(client:)`), so their adapters
    ///   run after the session's and the requests' interceptors, token included, as on `HTTPClient`.
    func service(
        baseURL: URL? = nil, secureStore: (any SecretStore)? = nil,
        configuration: HTTPClient.Configuration? = nil
    ) throws(GroceryAPIError) -> AuthService {
        switch self {
        case .networkKit:
            return try AuthService(
                baseURL: baseURL, secureStore: secureStore, configuration: configuration ?? HTTPClient.Configuration())
        case .alamofire:
            let session = configuration.map { Session(client: HTTPClient(configuration: $0)) } ?? Self.session()
            return try AuthService(baseURL: baseURL, secureStore: secureStore, session: session)
        }
    }

    /// A session as an Alamofire app makes one, with URLSession's ephemeral settings (cookies in
    /// memory, kept apart from other sessions).
    private static func session() -> Session {
        Session(configuration: .af.ephemeral)
    }
}
