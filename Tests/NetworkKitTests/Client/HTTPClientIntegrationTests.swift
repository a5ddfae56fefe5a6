import Foundation
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client against the real httpbin that `scripts/test` starts.
@Suite("HTTPClient against httpbin")
struct HTTPClientIntegrationTests {
    let client = HTTPClient()

    @Test("GET with a nested query reaches the server key by key")
    func nestedQuery() async throws {
        // Given a GET with nested parameters and reserved characters
        var router = try HTTPBinRouter("get")
        router.makeParameters = { ["a": ["b": 1, "c": [1, 2]], "q": "x&y=z+1 %"] }
        // When sent
        let echo = try await client.send(router, as: HTTPBinEcho.self)
        // Then httpbin parsed each key and value back
        #expect(echo.args?["a[b]"] == .one("1"))
        #expect(echo.args?["a[c][]"] == .many(["1", "2"]))
        #expect(echo.args?["q"] == .one("x&y=z+1 %"))
    }

    @Test("POST JSON is echoed field by field")
    func postJSON() async throws {
        // Given a JSON body
        var router = try HTTPBinRouter("post", method: .post)
        router.encoding = JSONEncoding.default
        router.makeParameters = { ["name": "Ann", "age": 41, "tags": ["a", "b"], "ok": true, "none": NSNull()] }
        // When sent
        let echo = try await client.send(router, as: HTTPBinEcho.self)
        // Then every field came back with its type
        #expect(echo.json?["name"] == .string("Ann"))
        #expect(echo.json?["age"] == .number(41))
        #expect(echo.json?["tags"] == .array([.string("a"), .string("b")]))
        #expect(echo.json?["ok"] == .bool(true))
        #expect(echo.json?["none"] == .null)
    }

    @Test("POST form and multipart are echoed field by field")
    func postFormAndMultipart() async throws {
        // Given a form POST
        var form = try HTTPBinRouter("post", method: .post)
        form.makeParameters = { ["name": "Ann Lee", "math": "1+1=2&3"] }
        // When sent
        let formEcho = try await client.send(form, as: HTTPBinEcho.self)
        // Then httpbin decoded each field
        #expect(formEcho.form == ["name": "Ann Lee", "math": "1+1=2&3"])

        // Given a multipart body with a field and a file
        var multipart = MultipartFormData()
        multipart.append("Ann", name: "user")
        multipart.append(
            Data("file body\r\n--not a boundary".utf8), name: "doc", fileName: "a.txt", mimeType: "text/plain")
        let body = try multipart.encode()
        var upload = try HTTPBinRouter("post", method: .post)
        upload.headers = [.contentType(multipart.contentType)]
        upload.makeBody = { body }
        // When sent
        let uploadEcho = try await client.send(upload, as: HTTPBinEcho.self)
        // Then the field and the file arrived intact
        #expect(uploadEcho.form == ["user": "Ann"])
        #expect(uploadEcho.files == ["doc": "file body\r\n--not a boundary"])
    }

    @Test("default and custom headers are sent")
    func headers() async throws {
        // Given a router with a custom header
        var router = try HTTPBinRouter("headers")
        router.headers = ["X-Custom": "42"]
        // When sent
        let echo = try await client.send(router, as: HTTPBinEcho.self)
        // Then httpbin saw the custom and the default headers
        #expect(echo.headers?["X-Custom"] == "42")
        #expect(echo.headers?["User-Agent"]?.hasSuffix("NetworkKit") == true)
        #expect(echo.headers?["Accept-Encoding"]?.contains("gzip") == true)
    }

    @Test("success statuses are returned", arguments: [200, 204])
    func successStatus(code: Int) async throws {
        // Given an endpoint answering `code`
        let response = try await client.send(try HTTPBinRouter("status/\(code)"))
        // Then the response carries it
        #expect(response.statusCode == code)
    }

    @Test("redirect statuses are followed to the final URL", arguments: [301, 302])
    func redirectStatus(code: Int) async throws {
        // Given an endpoint redirecting with `code`
        let response = try await client.send(try HTTPBinRouter("status/\(code)"))
        // Then the final answer is httpbin's /get
        #expect(response.statusCode == 200)
        #expect(response.url?.path == "/get")
    }

    @Test("error statuses throw unacceptableStatus, never hang", arguments: [400, 401, 404, 418, 429, 500, 503])
    func errorStatus(code: Int) async throws {
        // Given an endpoint answering `code` (401 carries WWW-Authenticate: Basic)
        let router = try HTTPBinRouter("status/\(code)")
        // When sent
        // Then the error carries the status
        let error = await #expect(throws: HTTPError.self) { try await client.send(router) }
        #expect(error?.statusCode == code)
    }

    @Test("redirect chains end at the target")
    func redirects() async throws {
        // Given three redirects
        let response = try await client.send(try HTTPBinRouter("redirect/3"))
        // Then the last URL answered
        #expect(response.url?.path == "/get")
    }

    @Test("gzip and deflate bodies are decoded", arguments: ["gzip", "deflate"])
    func compressed(path: String) async throws {
        // Given a compressed endpoint
        let echo = try await client.send(try HTTPBinRouter(path), as: HTTPBinEcho.self)
        // Then the JSON inside was readable
        #expect(echo.gzipped == true || echo.deflated == true)
    }

    @Test("a slow response times out with .timedOut")
    func timeout() async throws {
        // Given a 1 s timeout on a 5 s delay
        var router = try HTTPBinRouter("delay/5")
        router.timeout = 1
        // When sent
        // Then it times out
        let error = await #expect(throws: HTTPError.self) { try await client.send(router) }
        #expect(error?.isTimedOut == true)
    }

    @Test("cancelling the task mid-flight throws .cancelled")
    func cancellation() async throws {
        // Given a request that would take 10 s, observed as it starts
        let (started, continuation) = AsyncStream.makeStream(of: Void.self)
        let monitor = StartSignal(continuation: continuation)
        let observed = HTTPClient { $0.eventMonitors = [monitor] }
        let router = try HTTPBinRouter("delay/10")
        let task = Task { try await observed.send(router) }
        // When the task is cancelled after the request started
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        // Then the error is .cancelled
        let result = await task.result
        #expect((result.error as? HTTPError)?.isCancelled == true)
    }

    @Test("a cancellation that arrives after the attempt's own check still gives .cancelled")
    func cancellationBeforeSending() async throws {
        // Given a client whose adapter cancels the calling task, after the check that starts each
        // attempt and before the request reaches URLSession
        let cancelling = HTTPClient {
            $0.adapters = [
                Adapter { request in
                    withUnsafeCurrentTask { $0?.cancel() }
                    return request
                }
            ]
        }
        // When a request is sent through it
        let result = await Task { try await cancelling.send(try HTTPBinRouter("get")) }.result
        // Then the caller gets .cancelled, not the answer it gave up on
        #expect((result.error as? HTTPError)?.isCancelled == true)
    }

    @Test("Basic auth: without credentials a 401 (no hang), with them a 200")
    func basicAuth() async throws {
        // Given the protected endpoint
        var router = try HTTPBinRouter("basic-auth/u/p")
        // When sent without credentials
        let error = await #expect(throws: HTTPError.self) { try await client.send(router) }
        // Then it is a 401 carrying the challenge
        #expect(error?.statusCode == 401)
        if case .unacceptableStatus(let failure) = error {
            #expect(failure.headers["WWW-Authenticate"]?.hasPrefix("Basic") == true)
        }
        // When sent with them
        router.headers = [.authorization(username: "u", password: "p")]
        let echo = try await client.send(router, as: HTTPBinEcho.self)
        // Then it is authenticated
        #expect(echo.authenticated == true)
    }

    @Test("Bearer: with a token 200, without 401")
    func bearer() async throws {
        // Given the bearer endpoint
        var router = try HTTPBinRouter("bearer")
        // Then without a token it is a 401
        let error = await #expect(throws: HTTPError.self) { try await client.send(router) }
        #expect(error?.statusCode == 401)
        // And with one the server sees it
        router.headers = [.authorization(bearerToken: "abc")]
        let echo = try await client.send(router, as: HTTPBinEcho.self)
        #expect(echo.token == "abc")
    }

    @Test("the default client keeps cookies (as URLSession's default configuration); cookies = nil keeps none")
    func cookies() async throws {
        // Given a response that sets a cookie (and redirects to /cookies)
        var router = try HTTPBinRouter("cookies/set")
        router.makeParameters = { ["flavour": "oat"] }
        let stateless = HTTPClient { $0.cookies = nil }
        // When each client follows it with a request for the cookies
        _ = try await client.send(router)
        let kept = try await client.send(try HTTPBinRouter("cookies"), as: HTTPBinEcho.self)
        _ = try await stateless.send(router)
        let none = try await stateless.send(try HTTPBinRouter("cookies"), as: HTTPBinEcho.self)
        // Then the default client sent it back, and the one without a store did not
        #expect(kept.cookies == ["flavour": "oat"])
        #expect(none.cookies == [:])
    }

    @Test("HTML where JSON is expected is a decoding error with an excerpt")
    func notJSON() async throws {
        // Given an HTML page
        let router = try HTTPBinRouter("html")
        // When decoded as JSON
        let error = await #expect(throws: HTTPError.self) { try await client.send(router, as: HTTPBinEcho.self) }
        // Then the error quotes the body
        guard case .decodingFailed(let failure) = error else { throw HTTPError.invalidURL(.missingURL) }
        #expect(failure.excerpt.contains("<html>"))
        #expect(failure.type == "HTTPBinEcho")
    }

    @Test("a mistyped field names its key path")
    func typeMismatch() async throws {
        // Given a type whose `url` is a number
        struct Wrong: Decodable { var url: Int }
        let router = try HTTPBinRouter("get")
        // When /get is decoded into it
        let error = await #expect(throws: HTTPError.self) { try await client.send(router, as: Wrong.self) }
        // Then the path names the field
        guard case .decodingFailed(let failure) = error else { throw HTTPError.invalidURL(.missingURL) }
        #expect(failure.codingPath == "url")
    }

    @Test("response headers arrive whole, sorted by name, case-insensitive, and the same from every reader")
    func responseHeaders() async throws {
        // Given httpbin answering with headers the query names
        var router = try HTTPBinRouter("response-headers")
        router.makeParameters = { ["X-Zeta": "last", "X-Alpha": "first, second"] }
        // When sent
        let response = try await client.send(router)
        // Then the media type is read on its own, before the list is converted
        #expect(response.mimeType == "application/json")
        // And the whole list has them all, sorted by name, looked up in any case
        let headers = response.headers
        #expect(headers["x-zeta"] == "last")
        #expect(headers["X-ALPHA"] == "first, second")
        #expect(headers["Content-Length"] == String(response.body.count))
        let names = headers.map(\.name)
        #expect(names == names.sorted())
        #expect(names.count == Set(names.map { $0.lowercased() }).count)
        // And readers on many tasks at once all see that same list
        let seen = await withTaskGroup(of: HTTPHeaders.self) { group in
            for _ in 0..<16 { group.addTask { response.headers } }
            return await group.reduce(into: [HTTPHeaders]()) { $0.append($1) }
        }
        #expect(seen.count == 16 && seen.allSatisfy { $0 == headers })
    }

    @Test(
        "Accept: application/json refuses an HTML body, whatever the case of the header's name",
        arguments: ["Accept", "accept", "ACCEPT"])
    func contentType(name: String) async throws {
        // Given a request that accepts only JSON
        var router = try HTTPBinRouter("html")
        router.headers = [HTTPHeader(name: name, value: "application/json")]
        // Then the HTML answer is refused
        let error = await #expect(throws: HTTPError.self) { try await client.send(router) }
        guard case .unacceptableContentType(let failure) = error else { throw HTTPError.invalidURL(.missingURL) }
        #expect(failure.received == "text/html")
    }

    @Test("a connection refused is a transport error with its code")
    func refused() async throws {
        // Given a port nothing listens on (port 9 on loopback)
        struct Closed: HTTPRouter {
            var baseUrlString: String { "http://127.0.0.1:9" }
            var path: String { "x" }
            var method: HTTPMethod { .get }
        }
        // Then the error is transport with cannotConnectToHost
        let error = await #expect(throws: HTTPError.self) { try await client.send(Closed()) }
        #expect(error?.urlErrorCode == .cannotConnectToHost)
    }

    @Test("the completion form delivers the same response")
    func completion() async throws {
        // Given the completion-handler form
        let router = try HTTPBinRouter("status/200")
        // When sent
        let status = await withCheckedContinuation { continuation in
            client.send(router) { result in continuation.resume(returning: (try? result.get())?.statusCode) }
        }
        // Then the status arrived
        #expect(status == 200)
    }
}

/// Signals when the first attempt starts.
final class StartSignal: EventMonitor {
    let continuation: AsyncStream<Void>.Continuation

    init(continuation: AsyncStream<Void>.Continuation) {
        self.continuation = continuation
    }

    func requestWillStart(_ request: URLRequest, attempt: Int) {
        continuation.yield()
    }
}

extension Result {
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
