import Foundation
import ServiceUtils
import XCTest

// The Router-pattern article's network layer, written as the article writes it with only
// `import Alamofire` changed: its `AuthHttpRouter` enum adopting `HttpRouter`, its `AuthHttpService`
// adopting `HttpService`, and its `AuthService` bodies (with completion handlers where the article
// returns Combine's Apple-only `Future`). They run end to end against GroceryAPI's `GroceryServer`
// (through ArticleServer, since `import ServiceUtils` does not bring GroceryAPI): the test's session
// moves the article's host onto the local server with a request adapter, so the routers stay as written.

private let articleBase = "https://letscodeeasy.com/groceryapi/public/api"

// MARK: - 1) The app's models, which the article uses without showing them (an app declares its own)

private struct AuthModel: Codable, Equatable {
    var name: String?
    var email: String
    var password: String
}

private struct TokenModel: Codable {
    var accessToken: String
    var refreshToken: String
    var tokenType: String
    var expiresIn: Int
}

// MARK: - 2) AuthHttpRouter, as the article writes it

private enum AuthHttpRouter {
    case login(AuthModel)
    case signUp(AuthModel)
    case validate(token: String)
    case refreshToken(token: String)
    case logout(token: String)
    case validateEmail(email: String)
}

// In the article's own layout (`switch(self)`, `"Authorization" : …`), which swift-format leaves alone:
// swift-format-ignore
extension AuthHttpRouter: HttpRouter {
    var baseUrlString: String {
        return "https://letscodeeasy.com/groceryapi/public/api"
    }

    var path: String {
        switch(self) {
        case .login:
            return "login"
        case .signUp:
            return "register"
        case .validate:
            return "user"
        case .refreshToken:
            return "token/refresh"
        case .logout:
            return "logout"
        case .validateEmail:
            return "validate/email"
        }
    }

    var method: HTTPMethod {
        switch (self) {
        case .login, .signUp, .refreshToken, .logout, .validateEmail:
            return .post
        case .validate:
            return .get
        }
    }

    var headers: HTTPHeaders? {
        switch(self) {
        case .login, .signUp, .validateEmail:
            return ["Content-Type": "application/json; charset=UTF-8"]
        case .validate(let token), .refreshToken(let token), .logout(let token):
            return [
                "Authorization" : "Bearer \(token)",
                "Content-Type" : "application/json; charset=UTF-8"
            ]
        }
    }

    var parameters: Parameters? {
        return nil
    }

    func body() throws -> Data? {
        switch self {
        case .signUp(let user):
            return try JSONEncoder().encode(user)
        case .validateEmail(let email):
            return try JSONEncoder().encode(["email" : email])
        default:
            return nil
        }
    }
}

// MARK: - 4) AuthHttpService

private final class AuthHttpService: HttpService {
    var sessionManager: Session = Session.default

    func request(_ urlRequest: URLRequestConvertible) -> DataRequest {
        return sessionManager.request(urlRequest).validate(statusCode: 200..<400)
    }
}

// MARK: - 5) and 6) AuthAPI and AuthService, with completion handlers instead of Future

private enum SignUpError: Error {
    case emailExists
    case invalidData
    case invalidJSON
    case error(error: String)
}

private protocol AuthAPI {
    func checkEmail(email: String, completion: @escaping (Bool) -> Void)
    func signUp(
        username: String, email: String, password: String,
        completion: @escaping (Result<(statusCode: Int, data: Data), Error>) -> Void)
}

private class AuthService {
    lazy var httpService = AuthHttpService()
    // The article's `static let shared`; Swift 6 rejects a global of a non-Sendable class unless it is
    // marked, which is the one change its code needs in Swift 6 mode (not a ServiceUtils matter).
    nonisolated(unsafe) static let shared: AuthService = AuthService()
    private init() {}
}

// In the article's own layout, which swift-format leaves alone:
// swift-format-ignore
extension AuthService: AuthAPI {
    func signUp(
        username: String, email: String, password: String,
        completion: @escaping (Result<(statusCode: Int, data: Data), Error>) -> Void
    ) {
        do {
            try AuthHttpRouter
                .signUp(AuthModel(name: username, email: email, password: password))
                .request(usingHttpService: httpService)
                .responseJSON { response in
                    guard
                        let statusCode = response.response?.statusCode,
                        let data = response.data,
                        statusCode == 200 else {
                        completion(.failure(SignUpError.invalidData))
                        return
                    }
                    completion(.success((statusCode: statusCode, data: data)))
                }
        } catch {
            print("Something went wrong : \(error)")
            completion(.failure(SignUpError.invalidData))
        }
    }

    func checkEmail(email: String, completion: @escaping (Bool) -> Void) {
        do {
            try AuthHttpRouter
                .validateEmail(email: email)
                .request(usingHttpService: httpService)
                .responseJSON { response in
                    guard response.response?.statusCode == 200 else {
                        print("checkEmail fail")
                        completion(false)
                        return
                    }
                    completion(true)
                    print("checkEmail success")
                }
        } catch {
            completion(false)
            print("checkEmail error")
        }
    }
}

// MARK: - Tests

final class HttpRouterTests: XCTestCase {
    private var grocery: ArticleServer?

    override func tearDown() {
        grocery?.stop()
        // XCTest on Linux never frees its test cases, so what they hold must be let go here.
        grocery = nil
        AuthService.shared.httpService.sessionManager = Session.default
        super.tearDown()
    }

    /// Starts a GroceryServer and points the shared service's session at it.
    private func startServer() throws -> ArticleServer {
        let server = try ArticleServer()
        grocery = server
        let local = server.baseURL.absoluteString
        let client = HTTPClient { configuration in
            configuration.adapters = [
                Adapter { request in
                    var moved = request
                    if let url = request.url?.absoluteString, url.hasPrefix(articleBase + "/") {
                        moved.url = URL(string: local + url.dropFirst(articleBase.count + 1))
                    }
                    return moved
                }
            ]
        }
        AuthService.shared.httpService.sessionManager = Session(client: client)
        return server
    }

    /// Waits for a handler that the main queue runs.
    private func waitFor<T>(_ start: (@escaping (T) -> Void) -> Void) -> T? {
        let done = expectation(description: "completion")
        var value: T?
        start { result in
            value = result
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        return value
    }

    // MARK: Requests as the article describes them

    func testRoutersBuildTheArticlesRequests() throws {
        // given the article's routes
        let model = AuthModel(name: "Ann", email: "ann@example.com", password: "correct horse")
        let json = ["Content-Type": "application/json; charset=UTF-8"]
        let cases: [(AuthHttpRouter, String, String, [String: String])] = [
            (.login(model), "POST", "login", json),
            (.signUp(model), "POST", "register", json),
            (.validate(token: "a1"), "GET", "user", json.merging(["Authorization": "Bearer a1"]) { $1 }),
            (.refreshToken(token: "r1"), "POST", "token/refresh", json.merging(["Authorization": "Bearer r1"]) { $1 }),
            (.logout(token: "a2"), "POST", "logout", json.merging(["Authorization": "Bearer a2"]) { $1 }),
            (.validateEmail(email: "ann@example.com"), "POST", "validate/email", json),
        ]
        for (route, method, path, headers) in cases {
            // when each request is built
            let request = try route.asURLRequest()
            // then method, URL and headers are the article's, and only signUp and validateEmail have a body
            XCTAssertEqual(request.httpMethod, method)
            XCTAssertEqual(request.url?.absoluteString, articleBase + "/" + path)
            XCTAssertEqual(request.allHTTPHeaderFields, headers)
            XCTAssertEqual(request.httpBody == nil, try route.body() == nil)
        }
        let signUp = try XCTUnwrap(try AuthHttpRouter.signUp(model).asURLRequest().httpBody)
        XCTAssertEqual(try JSONDecoder().decode(AuthModel.self, from: signUp), model)
        let email = try XCTUnwrap(try AuthHttpRouter.validateEmail(email: "ann@example.com").asURLRequest().httpBody)
        XCTAssertEqual(try JSONDecoder().decode([String: String].self, from: email), ["email": "ann@example.com"])
        XCTAssertNil(try AuthHttpRouter.login(model).asURLRequest().httpBody)
    }

    // MARK: The article's service against the reference server

    func testCheckEmailAndSignUpAgainstTheGroceryServer() throws {
        let server = try startServer()
        let service = AuthService.shared

        // given a free address, checkEmail is true (200)
        let free = waitFor { service.checkEmail(email: "ann@example.com", completion: $0) }
        XCTAssertEqual(free, true)

        // when the article's signUp registers it
        let signedUp = waitFor { done in
            service.signUp(username: "Ann", email: "ann@example.com", password: "correct horse") { done($0) }
        }
        // then the server made the account from the article's request, and answered 201 Created, which the
        // article's `statusCode == 200` check reports as invalidData
        guard case .failure(let error)? = signedUp, case .invalidData? = error as? SignUpError else {
            return XCTFail("expected the article's invalidData for a 201, got \(String(describing: signedUp))")
        }
        let register = try XCTUnwrap(server.requests.first { $0.path == "/register" })
        XCTAssertEqual(register.method, "POST")
        XCTAssertEqual(register.contentType, "application/json; charset=UTF-8")
        XCTAssertEqual(
            try JSONDecoder().decode(AuthModel.self, from: register.body),
            AuthModel(name: "Ann", email: "ann@example.com", password: "correct horse"))

        // and the address is now taken: 409, outside 200..<400, so checkEmail is false
        let taken = waitFor { service.checkEmail(email: "ann@example.com", completion: $0) }
        XCTAssertEqual(taken, false)

        // and a server that is gone gives no response at all, which checkEmail also reports as false
        server.stop()
        let unreachable = waitFor { service.checkEmail(email: "bob@example.com", completion: $0) }
        XCTAssertEqual(unreachable, false)
    }

    func testTokenRoutesEndToEndThroughResponseJSON() throws {
        _ = try startServer()
        let httpService = AuthService.shared.httpService
        let model = AuthModel(name: "Cat", email: "cat@example.com", password: "correct horse")
        _ = waitFor { done in
            AuthService.shared.signUp(username: "Cat", email: model.email, password: model.password) { done($0) }
        }

        // given the article's login route, which sends no body (its body() covers signUp and validateEmail only)
        let bare = waitFor { done in
            _ = try? AuthHttpRouter.login(model).request(usingHttpService: httpService).responseJSON { done($0) }
        }
        // then the server refuses it (400, the body is not a JSON object), and the failed response still
        // carries the status and the server's error body
        XCTAssertEqual(bare?.response?.statusCode, 400)
        XCTAssertEqual(bare?.data.map { String(decoding: $0, as: UTF8.self).contains("invalid_json") }, true)
        XCTAssertNotNil(bare?.error)

        // when the same request is sent with the credentials as its body, through the service's request(_:)
        var login = try AuthHttpRouter.login(model).asURLRequest()
        login.httpBody = try JSONEncoder().encode(model)
        let loggedIn = waitFor { done in httpService.request(login).responseJSON { done($0) } }
        XCTAssertEqual(loggedIn?.response?.statusCode, 200)
        XCTAssertTrue(loggedIn?.value is [String: Any])
        let tokens = try JSONDecoder().decode(TokenModel.self, from: XCTUnwrap(loggedIn?.data))

        // then the bearer routes work with the tokens: user, refresh, logout
        let user = waitFor { done in
            _ = try? AuthHttpRouter.validate(token: tokens.accessToken).request(usingHttpService: httpService)
                .responseJSON { done($0) }
        }
        XCTAssertEqual(user?.response?.statusCode, 200)
        XCTAssertEqual((user?.value as? [String: Any])?["email"] as? String, "cat@example.com")

        let refreshed = waitFor { done in
            _ = try? AuthHttpRouter.refreshToken(token: tokens.refreshToken).request(usingHttpService: httpService)
                .responseJSON { done($0) }
        }
        XCTAssertEqual(refreshed?.response?.statusCode, 200)
        let rotated = try JSONDecoder().decode(TokenModel.self, from: XCTUnwrap(refreshed?.data))
        XCTAssertNotEqual(rotated.accessToken, tokens.accessToken)

        let loggedOut = waitFor { done in
            _ = try? AuthHttpRouter.logout(token: rotated.accessToken).request(usingHttpService: httpService)
                .responseJSON { done($0) }
        }
        // and an empty 204 is NSNull, as Alamofire's responseJSON gives it
        XCTAssertEqual(loggedOut?.response?.statusCode, 204)
        XCTAssertTrue(loggedOut?.value is NSNull)
    }

    func testHandlersRunOnTheMainQueueOnceEachForOneRequest() throws {
        let server = try startServer()
        let request = try AuthHttpRouter.validateEmail(email: "dan@example.com")
            .request(usingHttpService: AuthService.shared.httpService)
        var calls: [String] = []
        var onMain: [Bool] = []
        let both = expectation(description: "both handlers")
        both.expectedFulfillmentCount = 2
        request
            .responseJSON { response in
                calls.append("json \(response.response?.statusCode ?? 0)")
                onMain.append(Thread.isMainThread)
                both.fulfill()
            }
            .responseData { response in
                calls.append("data \(response.value?.isEmpty == false)")
                onMain.append(Thread.isMainThread)
                both.fulfill()
            }
        wait(for: [both], timeout: 10)
        XCTAssertEqual(calls.sorted(), ["data true", "json 200"])
        XCTAssertEqual(onMain, [true, true])
        XCTAssertEqual(server.requests.filter { $0.path == "/validate/email" }.count, 1)
    }

    func testAStatusOutsideTheValidatedRangeIsAnError() throws {
        _ = try startServer()
        let response = waitFor { done in
            _ = try? AuthHttpRouter.validate(token: "not-a-token")
                .request(usingHttpService: AuthService.shared.httpService)
                .responseJSON { done($0) }
        }
        XCTAssertEqual(response?.response?.statusCode, 401)
        // and, as with Alamofire, the error is an AFError whose responseCode is the status
        XCTAssertEqual(response?.error?.responseCode, 401)
        XCTAssertEqual(response?.error?.isResponseValidationError, true)
    }

    func testARouterWithABadBaseURLThrowsBeforeAnythingIsSent() {
        XCTAssertThrowsError(try BrokenRouter.anything.request(usingHttpService: AuthHttpService()))
    }
}

private enum BrokenRouter: HttpRouter {
    case anything

    var baseUrlString: String { return "not a url" }
    var path: String { return "x" }
    var method: HTTPMethod { return .get }
    var headers: HTTPHeaders? { return nil }
    var parameters: Parameters? { return nil }
}
