import Foundation
import GroceryAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A plain URLSession client, so the reference server is tested independently of the client under test.
/// It keeps no cookies: `login` also sets the access token as a cookie, and these tests send the
/// token they mean to send, or none.
struct GroceryClient: Sendable {
    let baseURL: URL
    let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration)
    }()

    struct Answer {
        var status: Int
        var data: Data

        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try JSONDecoder().decode(type, from: data)
        }
    }

    func send(_ method: String, _ path: String, body: (any Encodable)? = nil, bearer: String? = nil) async throws
        -> Answer
    {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        if let body {
            request.httpBody = try JSONEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? -1
        return Answer(status: status, data: data)
    }

    func sendRaw(_ method: String, _ path: String, body: Data) async throws -> Answer {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? -1, data: data)
    }

    /// Registers and logs in `email`, returning the tokens.
    func signUpAndLogIn(name: String = "Ann", email: String, password: String = "correct horse") async throws
        -> TokenModel
    {
        let registered = try await send(
            "POST", "register", body: AuthModel(name: name, email: email, password: password))
        guard registered.status == 201 else { throw ClientError(status: registered.status) }
        let login = try await send("POST", "login", body: AuthModel(email: email, password: password))
        guard login.status == 200 else { throw ClientError(status: login.status) }
        return try login.decode(TokenModel.self)
    }

    struct ClientError: Error {
        let status: Int
    }
}

/// A server with a manual clock and a 60-second access token lifetime.
func makeServer(clock: ManualClock = ManualClock()) throws -> (GroceryServer, GroceryClient) {
    var configuration = GroceryServer.Configuration()
    configuration.accessTokenLifetime = .seconds(60)
    configuration.now = { clock.now }
    let server = try GroceryServer(configuration: configuration)
    return (server, GroceryClient(baseURL: server.baseURL))
}
