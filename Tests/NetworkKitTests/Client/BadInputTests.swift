import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Inputs a caller or a server can get wrong: each is a typed error, never a crash or a hang.
@Suite("Bad input")
struct BadInputTests {
    @Test("a 10 MiB error body is kept up to its first MiB and described in one short line")
    func largeErrorBody() async throws {
        // Given a server answering 500 with 10 MiB
        let client = HTTPClient { $0.configureSession = { $0.protocolClasses = [LargeErrorProtocol.self] } }
        // When called
        let error = await #expect(throws: HTTPError.self) { try await client.send(StubRouter()) }
        // Then the status and the body's first maximumBodyLength bytes (1 MiB) are there, as for
        // every kind of request, and the description stays one short line
        #expect(error?.statusCode == 500)
        #expect(LargeErrorProtocol.bodySize > HTTPError.StatusFailure.maximumBodyLength)
        #expect(error?.responseBody?.count == HTTPError.StatusFailure.maximumBodyLength)
        let description = error?.description ?? ""
        #expect(!description.contains("\n") && description.count < 200)
    }

    @Test("more redirects than URLSession follows is a transport error, like a redirect loop")
    func tooManyRedirects() async throws {
        // Given a chain of 25 redirects (URLSession stops at 20 on Linux, 16 on Apple platforms)
        let router = try HTTPBinRouter("redirect/25")
        // Then the error is httpTooManyRedirects
        let error = await #expect(throws: HTTPError.self) { try await HTTPClient().send(router) }
        #expect(error?.urlErrorCode == .httpTooManyRedirects)
    }

    @Test("an adapter's error fails the request before it is sent")
    func adapterFailure() async throws {
        // Given an adapter that throws a foreign error
        struct Refused: Error {}
        let recorder = AttemptRecorder()
        let client = HTTPClient {
            $0.adapters = [.adapter { _ in throw Refused() }]
            $0.eventMonitors = [recorder]
        }
        // Then the request fails with adaptationFailed and nothing was sent
        let error = await #expect(throws: HTTPError.self) { try await client.send(StubRouter()) }
        guard case .adaptationFailed = error else { throw HTTPError.invalidURL(.missingURL) }
        #expect(recorder.count == 0)
    }

    @Test("a throwing body becomes encodingFailed")
    func throwingBody() async {
        // Given a router whose body throws a foreign error
        struct BrokenBody: HTTPRouter {
            struct Broken: Error {}
            var baseUrlString: String { "http://127.0.0.1:9" }
            var path: String { "x" }
            var method: HTTPMethod { .post }
            func body() throws -> Data? { throw Broken() }
        }
        // Then sending it throws encodingFailed without a connection attempt
        let error = await #expect(throws: HTTPError.self) { try await HTTPClient().send(BrokenBody()) }
        guard case .encodingFailed = error else {
            Issue.record("expected encodingFailed, got \(String(describing: error))")
            return
        }
    }
}

@Suite("Attempt limit")
struct AttemptLimitTests {
    @Test("a retrier that always retries stops at maximumAttempts")
    func cap() async throws {
        // Given a retrier that always retries at once and a limit of 5 attempts
        let recorder = AttemptRecorder()
        let client = HTTPClient {
            $0.retriers = [.retrier { _ in .retry(after: .zero) }]
            $0.maximumAttempts = 5
            $0.eventMonitors = [recorder]
            $0.configureSession = { $0.protocolClasses = [LargeErrorProtocol.self] }
        }
        // When a failing endpoint is called
        let error = await #expect(throws: HTTPError.self) { try await client.send(StubRouter()) }
        // Then exactly 5 attempts were made and the last error is reported
        #expect(error?.statusCode == 500)
        #expect(recorder.count == 5)
    }
}
