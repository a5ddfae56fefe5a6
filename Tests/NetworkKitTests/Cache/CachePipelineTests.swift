import Foundation
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client's ``HTTPCache`` in its pipeline, through both built-in transports: fresh answers
/// without the network, 304 revalidation, stale answers after errors, policies, and invalidation.
@Suite("HTTPCache in the client's pipeline, on both transports")
struct CachePipelineTests {
    static let engines = [BuiltInTransport.libcurl, .urlSession]

    /// A client on `engine` with an in-memory cache.
    static func client(_ engine: BuiltInTransport, cache: HTTPCache? = HTTPCache(maximumBytes: 1 << 20)) -> HTTPClient {
        HTTPClient {
            $0.transport = engine
            $0.cache = cache
        }
    }

    /// A JSON answer with these fields.
    static func answer(_ body: String, status: Int = 200, _ fields: [(String, String)]) -> MockResponse {
        var response = MockResponse(
            status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        for (name, value) in fields { response.headers[name] = value }
        return response
    }

    /// How many requests for `path` the server saw.
    static func count(_ server: MockServer, _ path: String) -> Int {
        server.requests.filter { $0.path == path }.count
    }

    @Test("a fresh response answers the next request without the network, with its Age", arguments: engines)
    func freshHit(engine: BuiltInTransport) async throws {
        // Given a server whose answer is fresh for a minute
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/items", response: Self.answer("[1]", [("Cache-Control", "max-age=60")]))
        let client = Self.client(engine)

        // When it is asked twice
        let first = try await client.send(URLRequest(url: server.url("items")))
        let second = try await client.send(URLRequest(url: server.url("items")))

        // Then the server saw one request; the second answer came from the cache, whole
        #expect(Self.count(server, "/items") == 1)
        #expect(first.source == .network)
        #expect(second.source == .cache)
        #expect(second.statusCode == 200)
        #expect(second.text == "[1]")
        #expect(second.headers["Age"].flatMap { Int($0) }.map { $0 >= 0 } == true)
    }

    @Test("a stale response is revalidated with If-None-Match, and a 304 answers from the cache", arguments: engines)
    func revalidation(engine: BuiltInTransport) async throws {
        // Given a server whose answer must be revalidated, and which answers 304 to its tag
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/items") { request in
            if request.headers["If-None-Match"] == "\"v1\"" {
                return MockResponse(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "no-cache"])
            }
            return Self.answer("[1,2]", [("ETag", "\"v1\""), ("Cache-Control", "no-cache")])
        }
        let client = Self.client(engine)

        // When it is asked twice
        _ = try await client.send(URLRequest(url: server.url("items")))
        let second = try await client.send(URLRequest(url: server.url("items")))

        // Then the second request was conditional, and its answer is the stored body, revalidated
        let tags = server.requests.filter { $0.path == "/items" }.map { $0.headers["If-None-Match"] }
        #expect(tags == [nil, "\"v1\""])
        #expect(second.source == .revalidated)
        #expect(second.statusCode == 200)
        #expect(second.text == "[1,2]")
    }

    @Test("stale-if-error answers a 5xx, and a transport error, with the stored response", arguments: engines)
    func staleIfError(engine: BuiltInTransport) async throws {
        // Given an answer stale at once that may be used for a day after an error
        let server = try MockServer()
        defer { server.stop() }
        server.stub(
            method: .get, path: "/items",
            response: Self.answer("[3]", [("Cache-Control", "max-age=0, stale-if-error=86400")]))
        let client = Self.client(engine)
        _ = try await client.send(URLRequest(url: server.url("items")))

        // When the server then fails with a 503
        server.stub(method: .get, path: "/items", response: Self.answer("down", status: 503, []))
        let afterFailure = try await client.send(URLRequest(url: server.url("items")))

        // Then the stored answer came back, marked stale
        #expect(afterFailure.source == .stale)
        #expect(afterFailure.text == "[3]")

        // When the server is gone altogether
        let url = server.url("items")
        server.stop()
        let afterError = try await client.send(URLRequest(url: url))

        // Then the stored answer came back too
        #expect(afterError.source == .stale)
        #expect(afterError.text == "[3]")
    }

    @Test("no-store is never kept; a client without a cache keeps nothing", arguments: engines)
    func notStored(engine: BuiltInTransport) async throws {
        // Given one answer with no-store and one fresh for a minute
        let server = try MockServer()
        defer { server.stop() }
        server.stub(
            method: .get, path: "/secret", response: Self.answer("s", [("Cache-Control", "no-store, max-age=60")]))
        server.stub(method: .get, path: "/items", response: Self.answer("i", [("Cache-Control", "max-age=60")]))
        let cached = Self.client(engine)
        let uncached = Self.client(engine, cache: nil)

        // When each is asked twice, by a client with a cache and by one without
        for client in [cached, uncached] {
            for path in ["secret", "items"] {
                for _ in 0..<2 { _ = try await client.send(URLRequest(url: server.url(path))) }
            }
        }

        // Then only the cached client's second request for /items stayed home
        #expect(Self.count(server, "/secret") == 4)
        #expect(Self.count(server, "/items") == 3)
    }

    @Test(
        "cache policies: returnCacheDataDontLoad gives 504 without an entry; reload skips a fresh one",
        arguments: engines)
    func policies(engine: BuiltInTransport) async throws {
        // Given a fresh stored answer
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/items", response: Self.answer("[4]", [("Cache-Control", "max-age=60")]))
        let client = HTTPClient {
            $0.transport = engine
            $0.cache = HTTPCache(maximumBytes: 1 << 20)
            $0.acceptableStatusCodes = 200..<600
        }
        _ = try await client.send(URLRequest(url: server.url("items")))

        // When it is asked offline-only for another URL, Then 504 without the network
        var offline = URLRequest(url: server.url("other"))
        offline.cachePolicy = .returnCacheDataDontLoad
        let missing = try await client.send(offline)
        #expect(missing.statusCode == 504)
        #expect(Self.count(server, "/other") == 0)

        // When it is asked offline-only for the stored URL, Then the stored answer
        var stored = URLRequest(url: server.url("items"))
        stored.cachePolicy = .returnCacheDataDontLoad
        #expect(try await client.send(stored).text == "[4]")

        // When it is asked ignoring local data, Then the network answers
        var reload = URLRequest(url: server.url("items"))
        reload.cachePolicy = .reloadIgnoringLocalCacheData
        let reloaded = try await client.send(reload)
        #expect(reloaded.source == .network)
        #expect(Self.count(server, "/items") == 2)
    }

    @Test("a successful POST invalidates its URL's stored response", arguments: engines)
    func invalidation(engine: BuiltInTransport) async throws {
        // Given a fresh stored answer for /items
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/items", response: Self.answer("[5]", [("Cache-Control", "max-age=60")]))
        server.stub(method: .post, path: "/items", response: Self.answer("{}", status: 201, []))
        let client = Self.client(engine)
        _ = try await client.send(URLRequest(url: server.url("items")))

        // When a POST to the same URL succeeds
        var post = URLRequest(url: server.url("items"))
        post.httpMethod = "POST"
        post.httpBody = Data("{}".utf8)
        _ = try await client.send(post)

        // Then the next GET goes to the network
        let after = try await client.send(URLRequest(url: server.url("items")))
        #expect(after.source == .network)
        #expect(server.requests.filter { $0.path == "/items" && $0.method == .get }.count == 2)
    }
}
