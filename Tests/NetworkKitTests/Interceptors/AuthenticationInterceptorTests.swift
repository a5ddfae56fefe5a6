import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bearer tokens `stale` → `fresh-1` → `fresh-2`…, counting refreshes.
struct CountingAuthenticator: Authenticator {
    let refreshes = LockedCount()
    var failsRefresh = false

    struct RefreshError: Error {}

    func apply(_ credential: String, to request: inout URLRequest) {
        request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: String) async throws -> String {
        refreshes.increment()
        if failsRefresh { throw RefreshError() }
        return "fresh-\(refreshes.value)"
    }
}

/// An endpoint the stub protocol answers.
struct StubRouter: HTTPRouter {
    var path = "items"
    var baseUrlString: String { "http://stub.invalid/api" }
    var method: HTTPMethod { .get }
}

@Suite("AuthenticationInterceptor")
struct AuthenticationInterceptorTests {
    private func client(_ authenticator: CountingAuthenticator) -> (
        HTTPClient, AuthenticationInterceptor<CountingAuthenticator>
    ) {
        let interceptor = AuthenticationInterceptor(authenticator: authenticator, credential: "stale")
        let client = HTTPClient {
            $0.add(interceptor)
            $0.configureSession = { $0.protocolClasses = [TokenCheckingProtocol.self] }
        }
        return (client, interceptor)
    }

    @Test("100 concurrent requests with an expired token cause exactly one refresh")
    func singleFlight() async throws {
        // Given a stale token the server refuses
        let authenticator = CountingAuthenticator()
        let (client, interceptor) = client(authenticator)
        // When 100 requests run at once
        let statuses = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<100 { group.addTask { try? await client.send(StubRouter()).statusCode } }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        // Then all succeeded after a single refresh with its token
        #expect(statuses.count == 100 && statuses.allSatisfy { $0 == 200 })
        #expect(authenticator.refreshes.value == 1)
        #expect(await interceptor.credential == "fresh-1")
    }

    @Test("a refusal right after a refresh stops instead of looping")
    func refreshLoop() async throws {
        // Given an endpoint that refuses every token
        let authenticator = CountingAuthenticator()
        let (client, _) = client(authenticator)
        // When called
        let error = await #expect(throws: HTTPError.self) { try await client.send(StubRouter(path: "always-401")) }
        // Then it refreshed once and failed with refreshedCredentialRejected
        guard case .authenticationFailed(_, let reason) = error else { throw HTTPError.invalidURL(.missingURL) }
        #expect(reason == .refreshedCredentialRejected)
        #expect(authenticator.refreshes.value == 1)
    }

    @Test("a failed refresh fails every waiting request with authenticationFailed")
    func refreshFailure() async {
        // Given a refresh that throws
        var authenticator = CountingAuthenticator()
        authenticator.failsRefresh = true
        let (client, _) = client(authenticator)
        // When 10 requests run at once
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do {
                        _ = try await client.send(StubRouter())
                        return false
                    } catch {
                        if case .authenticationFailed(_, .refreshFailed) = error as? HTTPError { return true }
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        // Then all failed that way
        #expect(failures.count == 10 && failures.allSatisfy { $0 })
    }

    @Test("without a credential the request is not sent")
    func missingCredential() async {
        // Given no credential
        let interceptor = AuthenticationInterceptor(authenticator: CountingAuthenticator(), credential: nil)
        let client = HTTPClient { $0.add(interceptor) }
        // Then the adapter refuses
        let error = await #expect(throws: HTTPError.self) { try await client.send(StubRouter()) }
        guard case .authenticationFailed(_, let reason) = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
        #expect(reason == .missingCredential)
    }
}
