import Dispatch
import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Alamofire's `Session`, `Request` and interceptor shapes, end to end against MockServer.
@Suite("Session: Alamofire's requests, interceptors and retries over HTTPClient")
struct SessionTests {
    struct Refused: Error, Equatable {}

    let queue = DispatchQueue(label: "SessionTests")

    /// A server whose `/flaky` answers 503 `failures` times, then 200 `{"id":7}`, and whose `/echo`
    /// answers 200 with an empty JSON object.
    static func server(failures: Int = 0) throws -> MockServer {
        let server = try MockServer()
        let count = Locked(0)
        server.stub(method: .get, path: "/flaky") { _ in
            let number = count.withLock { count -> Int in
                count += 1
                return count
            }
            guard number > failures else { return MockResponse(status: 503, body: Data("busy".utf8)) }
            return MockResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id":7}"#.utf8))
        }
        server.stub(method: .get, path: "/echo") { _ in
            MockResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        }
        return server
    }

    func data(_ request: DataRequest) async -> AFDataResponse<Data> {
        await withCheckedContinuation { continuation in
            request.responseData(queue: queue) { continuation.resume(returning: $0) }
        }
    }

    @Test("the session's interceptor, then the request's, adapt the request: completion and async forms alike")
    func adapters() async throws {
        // Given a session adapting in Alamofire's completion form and a request adapting in NetworkKit's async form
        let server = try Self.server()
        defer { server.stop() }
        let session = Session(
            interceptor: Adapter { request, _, completion in
                var request = request
                request.setValue("session", forHTTPHeaderField: "X-First")
                completion(.success(request))
            })
        let own = Adapter { request in
            var request = request
            request.setValue(
                (request.value(forHTTPHeaderField: "X-First") ?? "none") + "+own", forHTTPHeaderField: "X-Second")
            return request
        }
        // When it is sent
        let request = session.request(URLRequest(url: server.url("echo")), interceptor: own)
        let response = await data(request)
        // Then both adapted, in order, and the request keeps what was built and what was sent
        #expect(response.error == nil)
        let sent = try #require(server.requests.last)
        #expect(sent.headers["X-First"] == "session")
        #expect(sent.headers["X-Second"] == "session+own")
        #expect(request.requests.count == 2)
        #expect(request.firstRequest?.value(forHTTPHeaderField: "X-First") == nil)
        #expect(request.request?.value(forHTTPHeaderField: "X-Second") == "session+own")
        #expect(request.isFinished)
    }

    @Test("a validation failure is retried until the retrier stops; retryCount counts the retries")
    func retriesValidationFailures() async throws {
        // Given a server that is busy twice, and a retrier that retries at most three times
        let server = try Self.server(failures: 2)
        defer { server.stop() }
        let session = Session(
            interceptor: Retrier { request, _, error, completion in
                completion(request.retryCount < 3 && error.asAFError?.responseCode == 503 ? .retry : .doNotRetry)
            })
        // When a validated request is sent
        let request = session.request(URLRequest(url: server.url("flaky"))).validate()
        let response = await data(request)
        // Then the third attempt's answer arrives, after two retries
        #expect(response.value == Data(#"{"id":7}"#.utf8))
        #expect(request.retryCount == 2)
        #expect(server.requests.count == 3)
        #expect(response.response?.statusCode == 200)
    }

    @Test("doNotRetryWithError fails with requestRetryFailed, holding both errors")
    func retryFailure() async throws {
        let server = try Self.server(failures: 10)
        defer { server.stop() }
        let session = Session(
            interceptor: Retrier { _, _, _, completion in completion(.doNotRetryWithError(Refused())) })
        let response = await data(session.request(URLRequest(url: server.url("flaky"))).validate(statusCode: 200..<300))
        guard case .requestRetryFailed(let retryError, let original)? = response.error else {
            Issue.record("expected requestRetryFailed, got \(String(describing: response.error))")
            return
        }
        #expect(retryError as? Refused == Refused())
        #expect(original.asAFError?.responseCode == 503)
        // And the failed response is still reported
        #expect(response.response?.statusCode == 503)
        #expect(response.data == Data("busy".utf8))
    }

    @Test("an adapter's error fails the request with requestAdaptationFailed, and nothing is sent")
    func adaptationFailure() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let session = Session(interceptor: Adapter { _, _, completion in completion(.failure(Refused())) })
        let response = await data(session.request(URLRequest(url: server.url("echo"))))
        guard case .requestAdaptationFailed(let error)? = response.error else {
            Issue.record("expected requestAdaptationFailed, got \(String(describing: response.error))")
            return
        }
        #expect(error as? Refused == Refused())
        #expect(server.requests.isEmpty)
    }

    @Test("without startRequestsImmediately nothing is sent until resume(); a cancelled request is never sent")
    func startAndCancel() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let session = Session(startRequestsImmediately: false)
        // Given a request with a handler, not resumed
        let waiting = session.request(URLRequest(url: server.url("echo")))
        let pending = Task { await data(waiting) }
        let cancelled = session.request(URLRequest(url: server.url("echo")))
        #expect(waiting.state == .initialized)
        // When one is cancelled and the other resumed
        cancelled.cancel()
        let cancelledResponse = await data(cancelled)
        waiting.resume()
        let response = await pending.value
        // Then the cancelled one ends as explicitlyCancelled without a request, the other succeeds
        #expect(cancelledResponse.error?.isExplicitlyCancelledError == true)
        #expect(cancelled.isCancelled)
        #expect(response.error == nil)
        #expect(waiting.isFinished)
        #expect(server.requests.count == 1)
    }

    @Test("an unbuildable URL or parameters fail the request with the AFError that says why")
    func unbuildable() async throws {
        let bad = await data(Session.default.request(""))
        #expect(bad.error?.isInvalidURLError == true)
        struct Query: Encodable, Sendable { let q: String }
        let server = try Self.server()
        defer { server.stop() }
        let encoded = await data(
            Session.default.request(
                server.url("echo").absoluteString, parameters: Query(q: "a b"), encoder: .urlEncodedForm))
        #expect(encoded.error == nil)
        #expect(server.requests.last?.target == "/echo?q=a%20b")
    }

    @Test("responseDecodable decodes; responseString reads the charset; AF is Session.default")
    func serializers() async throws {
        struct Item: Decodable, Sendable { let id: Int }
        let server = try Self.server()
        defer { server.stop() }
        let item = await withCheckedContinuation { continuation in
            AF.request(server.url("flaky")).responseDecodable(of: Item.self, queue: queue) {
                continuation.resume(returning: $0.value?.id)
            }
        }
        #expect(item == 7)
        #expect(AF === Session.default)
        let text = await withCheckedContinuation { continuation in
            AF.request(server.url("echo")).responseString(queue: queue) { continuation.resume(returning: $0.value) }
        }
        #expect(text == "{}")
    }

    @Test("cURLDescription shows the request with secrets masked")
    func curl() async throws {
        var urlRequest = URLRequest(url: try #require(URL(string: "https://example.com/items?access_token=abc&page=2")))
        urlRequest.setValue("Bearer s3cret", forHTTPHeaderField: "Authorization")
        let request = Session(startRequestsImmediately: false).request(urlRequest)
        #expect(request.cURLDescription() == "$ curl command could not be created")
        let described = await withCheckedContinuation { continuation in
            request.cURLDescription { continuation.resume(returning: $0) }
            request.resume()
        }
        request.cancel()
        #expect(described.hasPrefix("$ curl -v"))
        #expect(described.contains("page=2"))
        #expect(!described.contains("s3cret"))
        #expect(!described.contains("abc"))
    }
}

/// Alamofire's interceptor forms bridged to NetworkKit's and back, without a network.
@Suite("Interceptors: Alamofire's completion forms and NetworkKit's async forms")
struct InterceptorFormTests {
    struct Tag: RequestAdapter {
        let value: String
        func adapt(_ request: URLRequest) async throws -> URLRequest {
            var request = request
            request.setValue((request.value(forHTTPHeaderField: "X-Tags") ?? "") + value, forHTTPHeaderField: "X-Tags")
            return request
        }
    }

    /// Neither form: must leave requests alone and never retry, without hanging.
    struct Inert: RequestInterceptor {}

    /// Calls its completion twice (only the first counts) or never (the request goes on unchanged).
    struct Unruly: RequestAdapter {
        let calls: Int
        func adapt(
            _ urlRequest: URLRequest, for session: Session,
            completion: @escaping @Sendable (Result<URLRequest, any Error>) -> Void
        ) {
            var first = urlRequest
            first.setValue("first", forHTTPHeaderField: "X-Call")
            for index in 0..<calls { completion(.success(index == 0 ? first : urlRequest)) }
        }
    }

    static let request = URLRequest(url: URL(fileURLWithPath: "/"))

    func adapted(_ adapter: any RequestAdapter) async throws -> URLRequest {
        try await adapter.adapt(Self.request)
    }

    @Test("Interceptor runs adapters in order, either form, through both of its own forms")
    func chain() async throws {
        let completionForm = Adapter { request, _, completion in
            var request = request
            request.setValue((request.value(forHTTPHeaderField: "X-Tags") ?? "") + "a", forHTTPHeaderField: "X-Tags")
            completion(.success(request))
        }
        let interceptor = Interceptor(adapters: [completionForm, Tag(value: "b")], interceptors: [Adapter { $0 }])
        #expect(interceptor.adapters.count == 3)
        #expect(try await adapted(interceptor).value(forHTTPHeaderField: "X-Tags") == "ab")
        let viaCompletion = await withCheckedContinuation { continuation in
            interceptor.adapt(Self.request, for: .default) { continuation.resume(returning: $0) }
        }
        #expect(try viaCompletion.get().value(forHTTPHeaderField: "X-Tags") == "ab")
    }

    @Test("retriers are asked in order until one does not answer doNotRetry")
    func retriers() async {
        let asked = Locked([String]())
        func retrier(_ name: String, _ result: RetryResult) -> Retrier {
            Retrier { _, _, _, completion in
                asked.withLock { $0.append(name) }
                completion(result)
            }
        }
        let interceptor = Interceptor(retriers: [
            retrier("no", .doNotRetry), retrier("delay", .retryWithDelay(1.5)), retrier("never", .retry),
        ])
        let context = RetryContext(
            request: Self.request, response: nil, error: .timedOut(.init(Self.request)), attempt: 1, totalDelay: .zero)
        let decision = await interceptor.retry(context)
        #expect(decision == .retry(after: .milliseconds(1500)))
        #expect(asked.value == ["no", "delay"])
    }

    @Test("an adapter or retrier with neither form changes nothing and never retries")
    func inert() async throws {
        #expect(try await adapted(Inert()) == Self.request)
        let context = RetryContext(
            request: Self.request, response: nil, error: .timedOut(.init(Self.request)), attempt: 1, totalDelay: .zero)
        #expect(await Inert().retry(context) == .doNotRetry)
        let result = await withCheckedContinuation { continuation in
            Inert().adapt(Self.request, for: .default) { continuation.resume(returning: $0) }
        }
        #expect(try result.get() == Self.request)
    }

    @Test("a completion called twice counts once; a dropped completion leaves the request unchanged")
    func unruly() async throws {
        #expect(try await adapted(Unruly(calls: 2)).value(forHTTPHeaderField: "X-Call") == "first")
        #expect(try await adapted(Unruly(calls: 0)) == Self.request)
    }

    @Test("a NetworkKit retrier answers Alamofire's completion form from a Request's state")
    func asyncRetrierThroughCompletion() async {
        let retrier = Retrier { context in
            context.attempt == 1 && context.error.isTimedOut ? .retry(after: .seconds(2)) : .doNotRetry
        }
        let session = Session(startRequestsImmediately: false)
        let request = session.request(Self.request)
        let result = await withCheckedContinuation { continuation in
            retrier.retry(request, for: session, dueTo: AFError.sessionTaskFailed(error: URLError(.timedOut))) {
                continuation.resume(returning: $0)
            }
        }
        #expect(result.delay == 2)
        #expect(result.retryRequired)
    }

    @Test("an Alamofire adapter adapts the requests of a plain HTTPClient")
    func completionAdapterInClient() async throws {
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/echo") { _ in MockResponse(status: 204) }
        let client = HTTPClient {
            $0.adapters = [
                Adapter { request, _, completion in
                    var request = request
                    request.setValue("yes", forHTTPHeaderField: "X-Adapted")
                    completion(.success(request))
                }
            ]
        }
        _ = try await client.send(URLRequest(url: server.url("echo")))
        #expect(server.requests.last?.headers["X-Adapted"] == "yes")
    }
}
