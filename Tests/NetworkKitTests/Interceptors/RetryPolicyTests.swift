import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("RetryPolicy")
struct RetryPolicyTests {
    private static let url = URL(string: "http://h/x")!

    private static func context(
        method: HTTPMethod = .get, status: Int = 503, headers: HTTPHeaders = [], attempt: Int = 1,
        totalDelay: Duration = .zero
    ) -> RetryContext {
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        let response = HTTPResponse(
            request: request, statusCode: status, headers: headers, body: Data(), url: url, duration: .zero)
        let failure = HTTPError.StatusFailure(
            request: .init(request), statusCode: status, headers: headers, body: Data())
        return RetryContext(
            request: request, response: response, error: .unacceptableStatus(failure), attempt: attempt,
            totalDelay: totalDelay)
    }

    private static func policy() -> RetryPolicy {
        let policy = RetryPolicy(maximumRetries: 3, baseDelay: .seconds(1), multiplier: 2, jitter: 0.2)
        policy.random = { 0.5 }  // no jitter
        policy.now = { Date(timeIntervalSince1970: 784_111_777) }  // Sun, 06 Nov 1994 08:49:37 GMT
        return policy
    }

    @Test("backoff doubles and stops after the maximum", arguments: [(1, 1), (2, 2), (3, 4)])
    func backoff(attempt: Int, seconds: Int) async {
        // Given a 503 after `attempt` attempts
        let decision = await Self.policy().retry(Self.context(attempt: attempt))
        // Then the wait is base × 2^(attempt-1)
        #expect(decision == .retry(after: .seconds(seconds)))
    }

    @Test("no retry beyond the limit, for POST, or for 404")
    func refusals() async {
        // Given cases outside the policy
        let policy = Self.policy()
        // Then each is not retried
        #expect(await policy.retry(Self.context(attempt: 4)) == .doNotRetry)
        #expect(await policy.retry(Self.context(method: .post)) == .doNotRetry)
        #expect(await policy.retry(Self.context(status: 404)) == .doNotRetry)
    }

    @Test("Retry-After in seconds and as each HTTP date form is honoured")
    func retryAfter() async {
        // Given the RFC 9110 example date plus 30 s, in its three forms, and a seconds value
        let policy = Self.policy()
        let values = [
            "7": Duration.seconds(7),
            "Sun, 06 Nov 1994 08:50:07 GMT": .seconds(30),
            "Sunday, 06-Nov-94 08:50:07 GMT": .seconds(30),
            "Sun Nov  6 08:50:07 1994": .seconds(30),
            "Sun, 06 Nov 1994 08:00:00 GMT": .zero,
        ]
        for (value, expected) in values {
            // When a 503 carries it
            let decision = await policy.retry(Self.context(headers: ["Retry-After": value]))
            // Then the wait is what the server asked
            #expect(decision == .retry(after: expected), "Retry-After: \(value)")
        }
    }

    @Test("a Retry-After longer than the maximum wait, or past the total budget, stops retrying")
    func bounds() async {
        // Given a policy with a 10 s single and 5 s total budget
        let policy = Self.policy()
        policy.maximumDelay = .seconds(10)
        policy.maximumTotalDelay = .seconds(5)
        // Then a long Retry-After and an exhausted budget both stop
        #expect(await policy.retry(Self.context(headers: ["Retry-After": "60"])) == .doNotRetry)
        #expect(await policy.retry(Self.context(attempt: 2, totalDelay: .seconds(4))) == .doNotRetry)
    }

    @Test("jitter keeps every wait within ±20 %")
    func jitterBounds() {
        // Given the real random source
        let policy = RetryPolicy(baseDelay: .seconds(1), jitter: 0.2)
        // When many waits are drawn
        for _ in 0..<200 {
            let wait = policy.backoff(afterAttempt: 2)
            // Then each lies in 2 s ± 20 %
            #expect(wait >= .milliseconds(1600) && wait <= .milliseconds(2400))
        }
    }

    @Test("against httpbin /status/503: attempts counted, waits bounded, no real sleep")
    func integration() async throws {
        // Given a client retrying 3 times whose sleep only records
        let waits = LockedBox<[Duration]>([])
        let recorder = AttemptRecorder()
        let client = HTTPClient {
            $0.retriers = [RetryPolicy(maximumRetries: 3, baseDelay: .milliseconds(100), jitter: 0.2)]
            $0.eventMonitors = [recorder]
            $0.sleep = { duration in waits.update { $0.append(duration) } }
        }
        let router = try HTTPBinRouter("status/503")
        // When an always-503 endpoint is called
        let error = await #expect(throws: HTTPError.self) { try await client.send(router) }
        // Then it was tried 4 times with growing waits within their jitter bounds, then gave up with 503
        #expect(error?.statusCode == 503)
        #expect(recorder.count == 4)
        let recorded = waits.read()
        #expect(recorded.count == 3)
        for (index, wait) in recorded.enumerated() {
            let nominal = 100.0 * pow(2, Double(index))
            #expect(wait >= .milliseconds(Int64(nominal * 0.8)) && wait <= .milliseconds(Int64(nominal * 1.2)))
        }
    }
}
