import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``RetryPolicy`` in Alamofire's shape: its defaults, its completion form and
/// ``ConnectionLostRetryPolicy``.
@Suite("RetryPolicy: Alamofire's initializer, defaults and completion form")
struct AlamofireRetryPolicyTests {
    static let url = URL(fileURLWithPath: "/")

    /// A request that failed with `status` (if any), after `retries` retries.
    final class Failed: DataRequest, @unchecked Sendable {
        // Sendable as DataRequest is: the added properties are immutable lets.
        private let stubbed: HTTPURLResponse?

        init(method: HTTPMethod, status: Int?, headers: [String: String] = [:], retries: Int, session: Session) {
            var request = URLRequest(url: AlamofireRetryPolicyTests.url)
            request.httpMethod = method.rawValue
            stubbed = status.flatMap {
                HTTPURLResponse(
                    url: AlamofireRetryPolicyTests.url, statusCode: $0, httpVersion: nil, headerFields: headers)
            }
            super.init(
                convertible: request, underlyingQueue: session.rootQueue,
                serializationQueue: session.serializationQueue,
                eventMonitor: nil, interceptor: nil, delegate: session)
            for _ in 0..<retries { prepareForRetry() }
        }

        override var request: URLRequest? { try? convertible.asURLRequest() }
        override var response: HTTPURLResponse? { stubbed }
    }

    let session = Session(startRequestsImmediately: false)

    func decide(_ policy: RetryPolicy, _ request: Request, _ error: any Error) async -> RetryResult {
        await withCheckedContinuation { continuation in
            policy.retry(request, for: session, dueTo: error) { continuation.resume(returning: $0) }
        }
    }

    @Test("RetryPolicy() has Alamofire's defaults")
    func defaults() {
        let policy = RetryPolicy()
        #expect(policy.retryLimit == 2)
        #expect(policy.exponentialBackoffBase == 2)
        #expect(policy.exponentialBackoffScale == 0.5)
        #expect(policy.retryableHTTPMethods == [.delete, .get, .head, .options, .put, .trace])
        #expect(policy.retryableHTTPStatusCodes == [408, 500, 502, 503, 504])
        #expect(policy.retryableURLErrorCodes.contains(.networkConnectionLost))
        #expect(!policy.retryableURLErrorCodes.contains(.cancelled))
        #expect(policy.jitter == 0)
        // NetworkKit's initializer keeps its own: 429 and jitter
        let networkKit = RetryPolicy(maximumRetries: 2)
        #expect(networkKit.retryableStatusCodes.contains(429))
        #expect(networkKit.jitter == 0.2)
    }

    @Test("the completion form backs off scale × base^retries, up to the limit, for retryable methods and codes")
    func backoff() async {
        let policy = RetryPolicy(retryLimit: 3, exponentialBackoffScale: 0.1)
        let lost = AFError.sessionTaskFailed(error: URLError(.networkConnectionLost))
        var delays: [Double?] = []
        for retries in 0...3 {
            let result = await decide(
                policy, Failed(method: .get, status: nil, retries: retries, session: session), lost)
            delays.append(result.delay)
        }
        #expect(delays.map { $0.map { ($0 * 1000).rounded() } } == [100, 200, 400, nil])
        // A POST, a 404 and a cancellation are not retried; a 503 is
        let post = await decide(policy, Failed(method: .post, status: 503, retries: 0, session: session), lost)
        let missing = await decide(
            policy, Failed(method: .get, status: 404, retries: 0, session: session),
            AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: 404)))
        let busy = await decide(
            policy, Failed(method: .get, status: 503, retries: 0, session: session),
            AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: 503)))
        let cancelled = await decide(
            policy, Failed(method: .get, status: nil, retries: 0, session: session),
            AFError.sessionTaskFailed(error: URLError(.cancelled)))
        #expect(!post.retryRequired && !missing.retryRequired && !cancelled.retryRequired)
        #expect(busy.delay == 0.1)
    }

    @Test("Retry-After sets the wait in both forms")
    func retryAfter() async {
        let policy = RetryPolicy()
        let result = await decide(
            policy, Failed(method: .get, status: 503, headers: ["Retry-After": "3"], retries: 0, session: session),
            AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: 503)))
        #expect(result.delay == 3)
    }

    @Test("ConnectionLostRetryPolicy retries lost connections only; the static members make both")
    func connectionLost() async {
        let policy = ConnectionLostRetryPolicy()
        let lost = await decide(
            policy, Failed(method: .get, status: nil, retries: 0, session: session),
            AFError.sessionTaskFailed(error: URLError(.networkConnectionLost)))
        let timedOut = await decide(
            policy, Failed(method: .get, status: nil, retries: 0, session: session),
            AFError.sessionTaskFailed(error: URLError(.timedOut)))
        let busy = await decide(
            policy, Failed(method: .get, status: 503, retries: 0, session: session),
            AFError.responseValidationFailed(reason: .unacceptableStatusCode(code: 503)))
        #expect(lost.retryRequired && !timedOut.retryRequired && !busy.retryRequired)
        let interceptors: [any RequestInterceptor] = [.retryPolicy, .connectionLostRetryPolicy(retryLimit: 5)]
        #expect((interceptors[1] as? ConnectionLostRetryPolicy)?.retryLimit == 5)
        #expect(interceptors[0] is RetryPolicy)
    }
}
