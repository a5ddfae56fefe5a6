import Dispatch
import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An OAuth-style credential: a bearer token, maybe already expired.
struct BearerCredential: AuthenticationCredential, Sendable, Equatable {
    let accessToken: String
    var requiresRefresh = false
}

/// An authenticator in Alamofire's completion form: refresh `n` gives `a<n>` after `delay`, or the
/// error `failure` returns.
final class BearerAuthenticator: Authenticator {
    struct RefreshFailed: Error, Equatable {}

    let refreshes = Locked(0)
    /// The sessions the refreshes were given, by identity only: a session holds its interceptor,
    /// which holds this authenticator, so keeping the sessions themselves would be a cycle that
    /// outlives the test (see `AuthenticationState.Refresh.failed`).
    let sessions = Locked<[ObjectIdentifier]>([])
    let delay: Double
    let failure: RefreshFailed?
    let expiredAfterRefresh: Bool

    init(delay: Double = 0.05, failure: RefreshFailed? = nil, expiredAfterRefresh: Bool = false) {
        self.delay = delay
        self.failure = failure
        self.expiredAfterRefresh = expiredAfterRefresh
    }

    func apply(_ credential: BearerCredential, to urlRequest: inout URLRequest) {
        urlRequest.headers.update(.authorization(bearerToken: credential.accessToken))
    }

    func refresh(
        _ credential: BearerCredential, for session: Session,
        completion: @escaping @Sendable (Result<BearerCredential, any Error>) -> Void
    ) {
        let number = refreshes.withLock { count -> Int in
            count += 1
            return count
        }
        sessions.withLock { $0.append(ObjectIdentifier(session)) }
        let result: Result<BearerCredential, any Error> =
            failure.map { .failure($0) }
            ?? .success(BearerCredential(accessToken: "a\(number)", requiresRefresh: expiredAfterRefresh))
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { completion(result) }
    }

    func didRequest(
        _ urlRequest: URLRequest, with response: HTTPURLResponse, failDueToAuthenticationError error: any Error
    ) -> Bool {
        response.statusCode == 401
    }

    func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: BearerCredential) -> Bool {
        urlRequest.headers["Authorization"] == "Bearer \(credential.accessToken)"
    }
}

/// An authenticator as Alamofire's documentation writes one: its completion is not `@Sendable`, and
/// it calls it at once, on the caller's thread.
final class SynchronousAuthenticator: Authenticator {
    let refreshes = Locked(0)

    func apply(_ credential: BearerCredential, to urlRequest: inout URLRequest) {
        urlRequest.headers.update(.authorization(bearerToken: credential.accessToken))
    }

    func refresh(
        _ credential: BearerCredential, for session: Session,
        completion: @escaping (Result<BearerCredential, any Error>) -> Void
    ) {
        refreshes.withLock { $0 += 1 }
        completion(.success(BearerCredential(accessToken: "a1")))
    }

    func didRequest(
        _ urlRequest: URLRequest, with response: HTTPURLResponse, failDueToAuthenticationError error: any Error
    ) -> Bool {
        response.statusCode == 401
    }

    func isRequest(_ urlRequest: URLRequest, authenticatedWith credential: BearerCredential) -> Bool {
        urlRequest.headers["Authorization"] == "Bearer \(credential.accessToken)"
    }
}

/// Alamofire's `AuthenticationInterceptor` on the façade's `Session` and on `HTTPClient`, against MockServer.
@Suite("AuthenticationInterceptor: Alamofire's authenticator, refresh window and errors")
struct AuthenticationInterceptorAlamofireTests {
    let queue = DispatchQueue(label: "AuthenticationInterceptorAlamofireTests")

    /// A server whose `/secure` answers 200 only to a token in `accepted` (401 otherwise) and whose
    /// `/refused` always answers 401; `onRequest` sees each `/secure` token first.
    static func server(
        accepting accepted: Set<String>, onRequest: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/secure") { request in
            let token = request.headers["Authorization"] ?? ""
            onRequest(token)
            guard accepted.contains(token) else { return MockResponse(status: 401, body: Data("expired".utf8)) }
            return MockResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("ok".utf8))
        }
        server.stub(method: .get, path: "/refused") { _ in MockResponse(status: 401, body: Data("no".utf8)) }
        return server
    }

    /// The validated response of `request`; `session` is kept alive until then (a session that
    /// goes away fails its requests with `sessionDeinitialized`, as Alamofire's does).
    func response(_ request: DataRequest, of session: Session? = nil) async -> AFDataResponse<Data> {
        defer { withExtendedLifetime(session) {} }
        return await withCheckedContinuation { continuation in
            request.validate().responseData(queue: queue) { continuation.resume(returning: $0) }
        }
    }

    func tokens(_ server: MockServer) -> [String] {
        server.requests.map { $0.headers["Authorization"] ?? "" }
    }

    @Test("a 401 refreshes the credential once and the request is retried with the new one")
    func refreshesOn401() async throws {
        // Given a server that takes only the refreshed token
        let server = try Self.server(accepting: ["Bearer a1"])
        defer { server.stop() }
        let authenticator = BearerAuthenticator()
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: BearerCredential(accessToken: "a0"))
        let session = Session()
        // When a request is sent with the old token
        let response = await response(session.request(server.url("secure"), interceptor: interceptor))
        // Then it was refreshed once, with this session, and retried
        #expect(response.error == nil)
        #expect(response.value == Data("ok".utf8))
        #expect(authenticator.refreshes.value == 1)
        #expect(authenticator.sessions.value.first == ObjectIdentifier(session))
        #expect(interceptor.credential == BearerCredential(accessToken: "a1"))
        #expect(tokens(server) == ["Bearer a0", "Bearer a1"])
    }

    @Test("requests refused while a refresh runs all wait for that one refresh")
    func concurrentRequestsShareOneRefresh() async throws {
        // Given a slow refresh and 12 requests sent at once with the old token
        let server = try Self.server(accepting: ["Bearer a1"])
        defer { server.stop() }
        let authenticator = BearerAuthenticator(delay: 0.3)
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: BearerCredential(accessToken: "a0"))
        let session = Session(interceptor: interceptor)
        // When they run
        let errors = await withTaskGroup(of: AFError?.self) { group in
            for _ in 0..<12 { group.addTask { await response(session.request(server.url("secure"))).error } }
            return await group.reduce(into: [AFError?]()) { $0.append($1) }
        }
        // Then all succeeded after a single refresh
        #expect(errors.count == 12)
        #expect(errors.allSatisfy { $0 == nil })
        #expect(authenticator.refreshes.value == 1)
        #expect(tokens(server).filter { $0 == "Bearer a1" }.count == 12)
    }

    @Test("without a credential the request fails with requestAdaptationFailed(missingCredential), unsent")
    func missingCredential() async throws {
        // Given no credential
        let server = try Self.server(accepting: ["Bearer a1"])
        defer { server.stop() }
        let interceptor = AuthenticationInterceptor<BearerAuthenticator>(authenticator: BearerAuthenticator())
        // When a request is made
        let session = Session()
        let response = await response(session.request(server.url("secure"), interceptor: interceptor), of: session)
        // Then the adapter refused it and nothing reached the server
        let error = try #require(response.error)
        guard case .requestAdaptationFailed(let reason) = error else {
            Issue.record("expected requestAdaptationFailed, got \(error)")
            return
        }
        #expect(reason as? AuthenticationError == .missingCredential)
        #expect(server.requests.isEmpty)
    }

    @Test("refreshing more often than the refresh window allows fails with excessiveRefresh")
    func excessiveRefresh() async throws {
        // Given a server that refuses every token and a window of 2 refreshes
        let server = try Self.server(accepting: [])
        defer { server.stop() }
        let authenticator = BearerAuthenticator(delay: 0)
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: BearerCredential(accessToken: "a0"),
            refreshWindow: .init(interval: 30, maximumAttempts: 2))
        // When a request is sent
        let session = Session()
        let request = session.request(server.url("refused"), interceptor: interceptor)
        let response = await response(request, of: session)
        // Then it refreshed twice, was sent three times, and failed as Alamofire's does
        let error = try #require(response.error)
        guard case .requestRetryFailed(let retryError, let originalError) = error else {
            Issue.record("expected requestRetryFailed, got \(error)")
            return
        }
        #expect(retryError as? AuthenticationError == .excessiveRefresh)
        #expect(originalError.asAFError?.responseCode == 401)
        #expect(authenticator.refreshes.value == 2)
        #expect(request.retryCount == 2)
        #expect(tokens(server) == ["Bearer a0", "Bearer a1", "Bearer a2"])
    }

    @Test("a failed refresh fails the request with its error, and later refusals of that credential too")
    func refreshFailurePropagates() async throws {
        // Given a refresh that fails
        let server = try Self.server(accepting: ["Bearer a1"])
        defer { server.stop() }
        let authenticator = BearerAuthenticator(failure: .init())
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: BearerCredential(accessToken: "a0"))
        let session = Session(interceptor: interceptor)
        // When a request is refused
        let response = await response(session.request(server.url("secure")))
        // Then it fails with the refresh's error beside the 401
        let error = try #require(response.error)
        guard case .requestRetryFailed(let retryError, let originalError) = error else {
            Issue.record("expected requestRetryFailed, got \(error)")
            return
        }
        #expect(retryError as? BearerAuthenticator.RefreshFailed == .init())
        #expect(originalError.asAFError?.isResponseValidationError == true)
        #expect(authenticator.refreshes.value == 1)
        #expect(interceptor.credential == BearerCredential(accessToken: "a0"))
    }

    @Test("a credential that requires a refresh is refreshed before the request is sent")
    func requiresRefreshRefreshesFirst() async throws {
        // Given an expired credential
        let server = try Self.server(accepting: ["Bearer a1"])
        defer { server.stop() }
        let authenticator = BearerAuthenticator(delay: 0.2)
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: BearerCredential(accessToken: "a0", requiresRefresh: true))
        let session = Session(interceptor: interceptor)
        // When three requests are made at once
        let errors = await withTaskGroup(of: AFError?.self) { group in
            for _ in 0..<3 { group.addTask { await response(session.request(server.url("secure"))).error } }
            return await group.reduce(into: [AFError?]()) { $0.append($1) }
        }
        // Then one refresh ran first and the server only saw the new token
        #expect(errors.allSatisfy { $0 == nil })
        #expect(authenticator.refreshes.value == 1)
        #expect(tokens(server) == ["Bearer a1", "Bearer a1", "Bearer a1"])
    }

    @Test("a request refused with an outdated credential is retried with the current one, without a refresh")
    func outdatedCredentialRetriesWithoutRefresh() async throws {
        // Given a credential replaced while the request that carries the old one is in flight
        let authenticator = BearerAuthenticator()
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: BearerCredential(accessToken: "a0"))
        let server = try Self.server(accepting: ["Bearer b"]) { token in
            if token == "Bearer a0" { interceptor.credential = BearerCredential(accessToken: "b") }
        }
        defer { server.stop() }
        // When the old token is refused
        let session = Session()
        let response = await response(session.request(server.url("secure"), interceptor: interceptor), of: session)
        // Then the request was retried with the new one and nothing was refreshed
        #expect(response.error == nil)
        #expect(authenticator.refreshes.value == 0)
        #expect(tokens(server) == ["Bearer a0", "Bearer b"])
    }

    @Test("an authenticator whose completion is not @Sendable and is called at once is used, without deadlock")
    func synchronousAuthenticator() async throws {
        // Given Alamofire's documented shape of authenticator, on a Session and on an HTTPClient
        let server = try Self.server(accepting: ["Bearer a1"])
        defer { server.stop() }
        let authenticator = SynchronousAuthenticator()
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: BearerCredential(accessToken: "a0"))
        let session = Session()
        // When a request is refused on each
        let response = await response(session.request(server.url("secure"), interceptor: interceptor), of: session)
        interceptor.credential = BearerCredential(accessToken: "a0")
        let answer = try await HTTPClient { $0.add(interceptor) }.send(URLRequest(url: server.url("secure")))
        // Then its own refresh ran each time (not a bridging default) and both were retried
        #expect(response.error == nil)
        #expect(answer.statusCode == 200)
        #expect(authenticator.refreshes.value == 2)
    }

    @Test("an authenticator in NetworkKit's async form works on a Session too")
    func asyncAuthenticatorOnSession() async throws {
        // Given NetworkKit's CountingAuthenticator (`stale` → `fresh-1`) on a Session
        let server = try Self.server(accepting: ["Bearer fresh-1"])
        defer { server.stop() }
        let authenticator = CountingAuthenticator()
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: "stale")
        // When a request is refused
        let session = Session()
        let response = await response(session.request(server.url("secure"), interceptor: interceptor), of: session)
        // Then the async refresh ran once and the request was retried
        #expect(response.error == nil)
        #expect(authenticator.refreshes.value == 1)
        #expect(await interceptor.credential == "fresh-1")
    }

    @Test("an authenticator in Alamofire's completion form works on an HTTPClient, refreshing with Session.default")
    func completionAuthenticatorOnHTTPClient() async throws {
        // Given Alamofire's form of authenticator as an HTTPClient interceptor
        let server = try Self.server(accepting: ["Bearer a1"])
        defer { server.stop() }
        let authenticator = BearerAuthenticator()
        let interceptor = AuthenticationInterceptor(
            authenticator: authenticator, credential: BearerCredential(accessToken: "a0"))
        let client = HTTPClient { $0.add(interceptor) }
        // When a request is refused, and another is sent after the refresh
        let first = try await client.send(URLRequest(url: server.url("secure")))
        let second = try await client.send(URLRequest(url: server.url("secure")))
        // Then one refresh served both, through Session.default
        #expect(first.statusCode == 200 && second.statusCode == 200)
        #expect(authenticator.refreshes.value == 1)
        #expect(authenticator.sessions.value.first == ObjectIdentifier(Session.default))
        #expect(tokens(server) == ["Bearer a0", "Bearer a1", "Bearer a1"])
    }

    @Test("on an HTTPClient, excessive refreshes and a missing credential are authenticationFailed")
    func httpClientErrors() async throws {
        // Given a window that allows no refresh, and an interceptor without a credential
        let server = try Self.server(accepting: [])
        defer { server.stop() }
        let limited = AuthenticationInterceptor(
            authenticator: BearerAuthenticator(), credential: BearerCredential(accessToken: "a0"),
            refreshWindow: .init(maximumAttempts: 0))
        let empty = AuthenticationInterceptor<BearerAuthenticator>(authenticator: BearerAuthenticator())
        // When each sends a request
        let refused = await #expect(throws: HTTPError.self) {
            try await HTTPClient { $0.add(limited) }.send(URLRequest(url: server.url("secure")))
        }
        let unsent = await #expect(throws: HTTPError.self) {
            try await HTTPClient { $0.add(empty) }.send(URLRequest(url: server.url("secure")))
        }
        // Then both are NetworkKit's authentication failures
        guard case .authenticationFailed(_, .refreshFailed) = refused else {
            Issue.record("expected refreshFailed, got \(String(describing: refused))")
            return
        }
        guard case .authenticationFailed(_, .missingCredential) = unsent else {
            Issue.record("expected missingCredential, got \(String(describing: unsent))")
            return
        }
    }
}
