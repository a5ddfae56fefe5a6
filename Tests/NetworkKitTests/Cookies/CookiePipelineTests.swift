import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cookies in the client's pipeline, through both built-in transports: chosen for every hop of a
/// redirect by that hop's host, stored from every response (a redirect's included), carried on
/// retries and by every kind of request, and never handled by URLSession itself.
@Suite("Cookies on every hop, attempt and request kind, on both transports")
struct CookiePipelineTests {
    static let engines = [BuiltInTransport.libcurl, .urlSession]

    /// A response setting `fields` as separate `Set-Cookie` fields.
    static func setting(_ fields: String..., status: Int = 200, location: String? = nil) -> MockResponse {
        var response = MockResponse.text("ok", status: status)
        for field in fields { response.headers.add("Set-Cookie", field) }
        if let location { response.headers["Location"] = location }
        return response
    }

    /// The `Cookie` header of each recorded request to `path`.
    static func cookies(_ server: MockServer, _ path: String) -> [String?] {
        server.requests.filter { $0.path == path }.map { $0.headers["Cookie"] }
    }

    @Test(
        "a cookie set by a response is sent on the next request, and one set on a 302 on the hop it leads to",
        arguments: engines)
    func loginThenUse(engine: BuiltInTransport) async throws {
        // Given a login that sets a session cookie on a redirect to /home, which sets another
        let server = try MockServer()
        defer { server.stop() }
        server.stub(
            method: .post, path: "/login",
            response: Self.setting("session=s3cr3t; Path=/; HttpOnly", status: 302, location: "/home"))
        server.stub(method: .get, path: "/home", response: Self.setting("theme=dark"))
        server.stub(method: .get, path: "/cart", response: .text("cart"))
        let client = HTTPClient { $0.transport = engine }

        // When the client logs in, then asks for its cart
        var login = URLRequest(url: server.url("login"))
        login.httpMethod = "POST"
        _ = try await client.send(login)
        _ = try await client.send(URLRequest(url: server.url("cart")))

        // Then /home got the cookie set on the 302, and /cart both
        #expect(Self.cookies(server, "/login") == [nil])
        #expect(Self.cookies(server, "/home") == ["session=s3cr3t"])
        #expect(Self.cookies(server, "/cart") == ["session=s3cr3t; theme=dark"])
        #expect(client.configuration.cookies?.cookies.map(\.name).sorted() == ["session", "theme"])
    }

    @Test("on a redirect chain across hosts each hop gets only its own host's cookies", arguments: engines)
    func acrossHosts(engine: BuiltInTransport) async throws {
        // Given localhost setting `a` and redirecting to 127.0.0.1, which sets `b` and redirects back
        let server = try MockServer()
        defer { server.stop() }
        let port = server.url("x").port ?? 0
        server.stub(
            method: .get, path: "/start",
            response: Self.setting("a=1", status: 302, location: "http://127.0.0.1:\(port)/middle"))
        server.stub(
            method: .get, path: "/middle",
            response: Self.setting("b=2", status: 302, location: "http://localhost:\(port)/end"))
        server.stub(method: .get, path: "/end", response: .text("end"))
        let client = HTTPClient { $0.transport = engine }

        // When the chain is followed from localhost
        let response = try await client.send(
            URLRequest(url: try #require(URL(string: "http://localhost:\(port)/start"))))

        // Then 127.0.0.1 never saw localhost's cookie, and localhost's last hop got only its own
        #expect(response.text == "end")
        #expect(Self.cookies(server, "/start") == [nil])
        #expect(Self.cookies(server, "/middle") == [nil])
        #expect(Self.cookies(server, "/end") == ["a=1"])
        let stored = client.configuration.cookies?.cookies.map { "\($0.name)@\($0.domain)" }.sorted()
        #expect(stored == ["a@localhost", "b@127.0.0.1"])
    }

    @Test("a cookie set by a failed attempt is sent on the retry", arguments: engines)
    func retries(engine: BuiltInTransport) async throws {
        // Given a server that answers 503 with a cookie first, then 200
        let server = try MockServer()
        defer { server.stop() }
        let count = Locked(0)
        server.stub(method: .get, path: "/flaky") { _ in
            let number = count.withLock { value -> Int in
                value += 1
                return value
            }
            return number == 1 ? Self.setting("attempt=1", status: 503) : .text("fine")
        }
        let client = HTTPClient {
            $0.transport = engine
            $0.retriers = [RetryPolicy()]
            $0.sleep = { _ in }
        }

        // When the request is sent
        let response = try await client.send(URLRequest(url: server.url("flaky")))

        // Then the second attempt carried the first one's cookie
        #expect(response.text == "fine")
        #expect(Self.cookies(server, "/flaky") == [nil, "attempt=1"])
    }

    @Test("downloads, uploads, streams and server-sent events carry and store cookies", arguments: engines)
    func everyKind(engine: BuiltInTransport) async throws {
        // Given a server whose every endpoint sets a cookie of its own
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/file", response: Self.setting("download=1"))
        server.stub(method: .post, path: "/upload", response: Self.setting("upload=1"))
        server.stub(method: .get, path: "/lines", response: Self.setting("stream=1"))
        server.stub(method: .get, path: "/events") { _ in
            var response = MockResponse.text("data: one\n\n")
            response.headers["Content-Type"] = "text/event-stream"
            response.headers.add("Set-Cookie", "events=1")
            return response
        }
        let folder = try TestFolder()
        defer { folder.remove() }
        let client = HTTPClient { $0.transport = engine }

        // When each kind runs in turn
        _ = try await client.download(URLRequest(url: server.url("file")), to: folder.file("file.txt"))
        var upload = URLRequest(url: server.url("upload"))
        upload.httpMethod = "POST"
        _ = try await client.upload(.data(Data("body".utf8)), with: upload)
        for try await _ in client.lines(URLRequest(url: server.url("lines"))) {}
        for try await _ in client.events(URLRequest(url: server.url("events"))) { break }

        // Then each carried the cookies the ones before it stored
        #expect(Self.cookies(server, "/file") == [nil])
        #expect(Self.cookies(server, "/upload") == ["download=1"])
        #expect(Self.cookies(server, "/lines") == ["download=1; upload=1"])
        #expect(Self.cookies(server, "/events") == ["download=1; upload=1; stream=1"])
        #expect(client.configuration.cookies?.cookies.count == 4)
    }

    @Test(
        "httpShouldHandleCookies = false neither sends nor stores; a caller's Cookie header is kept and joined",
        arguments: engines)
    func perRequest(engine: BuiltInTransport) async throws {
        // Given a client holding cookie `a`, and a server setting `b`
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/set", response: Self.setting("b=2"))
        let store = InMemoryCookieStore()
        store.insert(Cookie(name: "a", value: "1", domain: "127.0.0.1"))
        let client = HTTPClient {
            $0.transport = engine
            $0.cookies = store
        }

        // When a request opts out, then one sets its own Cookie header
        var optedOut = URLRequest(url: server.url("set"))
        optedOut.httpShouldHandleCookies = false
        optedOut.setValue("mine=0", forHTTPHeaderField: "Cookie")
        _ = try await client.send(optedOut)
        let afterOptOut = store.cookies.map(\.name)
        var own = URLRequest(url: server.url("set"))
        own.setValue("mine=0", forHTTPHeaderField: "Cookie")
        _ = try await client.send(own)

        // Then the first sent only its own header and stored nothing; the second sent both
        #expect(Self.cookies(server, "/set") == ["mine=0", "mine=0; a=1"])
        #expect(afterOptOut == ["a"])
        #expect(store.cookies.map(\.name).sorted() == ["a", "b"])
    }

    @Test("a client without a store sends and keeps no cookies", arguments: engines)
    func noStore(engine: BuiltInTransport) async throws {
        // Given a server that sets a cookie, and a client with cookies off
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/set", response: Self.setting("b=2"))
        let client = HTTPClient {
            $0.transport = engine
            $0.cookies = nil
        }

        // When it asks twice
        _ = try await client.send(URLRequest(url: server.url("set")))
        _ = try await client.send(URLRequest(url: server.url("set")))

        // Then neither request carried a cookie
        #expect(Self.cookies(server, "/set") == [nil, nil])
    }

    @Test("monitors are told what became of each Set-Cookie field, rejections with their reason", arguments: engines)
    func monitorsAreTold(engine: BuiltInTransport) async throws {
        // Given a server setting one good cookie and one for a public suffix
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/set", response: Self.setting("good=1", "bad=1; Domain=com"))
        let monitor = CookieMonitor()
        let client = HTTPClient {
            $0.transport = engine
            $0.eventMonitors = [monitor]
        }

        // When it asks
        _ = try await client.send(URLRequest(url: server.url("set")))

        // Then the monitor saw one stored and one rejected, and the rejection names no value
        let changes = monitor.changes.value
        #expect(changes.count == 2)
        guard changes.count == 2 else { return }
        if case .stored(let cookie) = changes[0] {
            #expect(cookie.name == "good")
        } else {
            Issue.record("\(changes[0])")
        }
        if case .rejected(let rejection) = changes[1] {
            #expect(rejection.name == "bad")
            #expect(
                rejection.reason == .domainMismatch(domain: "com") || rejection.reason == .publicSuffix(domain: "com"))
        } else {
            Issue.record("\(changes[1])")
        }
    }

    @Test("RequestLogger says which cookie was rejected and why, never its value")
    func loggerNamesRejections() async throws {
        // Given a server setting a cookie for another domain, and a client logging to a list
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/set", response: Self.setting("secret=hunter2; Domain=example.com"))
        let lines = Locked<[String]>([])
        let client = HTTPClient { $0.eventMonitors = [RequestLogger { line in lines.withLock { $0.append(line) } }] }

        // When it asks
        _ = try await client.send(URLRequest(url: server.url("set")))

        // Then one line names the rejected cookie and the reason, and no line holds the value
        let rejected = lines.value.filter { $0.contains("cookie secret:") }
        #expect(rejected.count == 1, "\(lines.value)")
        #expect(rejected.first?.contains("example.com") == true)
        #expect(!lines.value.contains { $0.contains("hunter2") })
    }

    @Test(
        "a response with 10,000 Set-Cookie fields leaves the jar within its limits and other hosts' cookies kept",
        arguments: engines)
    func tenThousandFields(engine: BuiltInTransport) async throws {
        // Given a store holding a cookie for localhost, and a server whose answer sets 10,000 cookies
        let server = try MockServer()
        defer { server.stop() }
        var flood = MockResponse.text("ok")
        for number in 0..<10_000 { flood.headers.add("Set-Cookie", "c\(number)=1") }
        server.stub(method: .get, path: "/flood", response: flood)
        let store = InMemoryCookieStore()
        store.insert(Cookie(name: "kept", value: "1", domain: "localhost"))
        let client = HTTPClient {
            $0.transport = engine
            $0.cookies = store
        }

        // When it asks
        let response = try await client.send(URLRequest(url: server.url("flood")))

        // Then the host got no more than the jar's limit per domain, the newest kept, and localhost's stayed
        let names = Set(store.cookies.filter { $0.domain == "127.0.0.1" }.map(\.name))
        #expect(response.statusCode == 200)
        #expect(names.count == CookieJar.Limits().cookiesPerDomain)
        #expect(names.contains("c9999"))
        #expect(store.cookies.contains { $0.name == "kept" && $0.domain == "localhost" })
    }

    @Test("many requests at once each store their cookie and the store keeps all of them", arguments: engines)
    func concurrent(engine: BuiltInTransport) async throws {
        // Given a server that sets cookie cN on /set/N
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/set/:n") { request in
            Self.setting("c\(request.pathParameters["n"] ?? "?")=1")
        }
        let client = HTTPClient { $0.transport = engine }

        // When 64 requests run at once
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 0..<64 {
                group.addTask { _ = try await client.send(URLRequest(url: server.url("set/\(number)"))) }
            }
            try await group.waitForAll()
        }

        // Then all 64 cookies were stored
        #expect(client.configuration.cookies?.cookies.count == 64)
    }

    @Test("httpbin: /cookies/set sets cookies on a redirect to /cookies, which shows them", arguments: engines)
    func httpbin(engine: BuiltInTransport) async throws {
        // Given httpbin and a client
        let base = try Fixture.url("SU_HTTPBIN_URL")
        let client = HTTPClient { $0.transport = engine }

        // When /cookies/set?a=1&b=two is asked (a 302 to /cookies), then /cookies/delete?a
        let set = try await client.send(
            URLRequest(url: try #require(URL(string: "\(base.absoluteString)/cookies/set?a=1&b=two"))))
        let deleted = try await client.send(
            URLRequest(url: try #require(URL(string: "\(base.absoluteString)/cookies/delete?a"))))

        // Then /cookies saw both cookies on the redirected hop, and after the delete only b
        struct Cookies: Decodable { let cookies: [String: String] }
        #expect(try JSONDecoder().decode(Cookies.self, from: set.body).cookies == ["a": "1", "b": "two"])
        #expect(try JSONDecoder().decode(Cookies.self, from: deleted.body).cookies == ["b": "two"])
    }
}

/// Keeps every cookie change it is told of.
final class CookieMonitor: EventMonitor {
    let changes = Locked<[CookieChange]>([])

    func requestDidReceiveCookies(_ request: URLRequest, changes: [CookieChange], from url: URL) {
        self.changes.withLock { $0 += changes }
    }
}
