import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``CachedResponseHandler`` and ``ResponseCacher`` (Alamofire's API) deciding what the client's
/// ``HTTPCache`` stores, per client and per request, on both transports; and event monitors told
/// where each answer came from.
@Suite("CachedResponseHandler: cache, don't cache or modify, per client and per request")
struct CachedResponseHandlerTests {
    static let engines = [BuiltInTransport.libcurl, .urlSession]

    /// A server whose `/items` answers `[n]` (n counting its requests) with `fields`.
    static func server(_ fields: [String: String]) throws -> MockServer {
        let server = try MockServer()
        let count = Locked(0)
        server.stub(method: .get, path: "/items") { _ in
            let number = count.withLock { count -> Int in
                count += 1
                return count
            }
            var response = MockResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data("[\(number)]".utf8))
            for (name, value) in fields { response.headers[name] = value }
            return response
        }
        return server
    }

    /// A client on `engine` with an in-memory cache and `handler`.
    static func client(_ engine: BuiltInTransport, handler: (any CachedResponseHandler)?) -> HTTPClient {
        HTTPClient {
            $0.transport = engine
            $0.cache = HTTPCache(maximumBytes: 1 << 20)
            $0.cachedResponseHandler = handler
        }
    }

    @Test("ResponseCacher.cache stores what RFC 9111 allows; .doNotCache stores nothing", arguments: engines)
    func cacheAndDoNotCache(engine: BuiltInTransport) async throws {
        // Given a server whose answer is fresh for a minute
        let server = try Self.server(["Cache-Control": "max-age=60"])
        defer { server.stop() }

        // When a client that caches asks twice, and one that does not cache asks twice
        let caching = Self.client(engine, handler: ResponseCacher.cache)
        let first = try await caching.send(URLRequest(url: server.url("items")))
        let second = try await caching.send(URLRequest(url: server.url("items")))
        let refusing = Self.client(engine, handler: .doNotCache)
        let third = try await refusing.send(URLRequest(url: server.url("items")))
        let fourth = try await refusing.send(URLRequest(url: server.url("items")))

        // Then the first client's second answer was its first, from the cache; the other's both
        // came from the network
        #expect([first.text, second.text] == ["[1]", "[1]"])
        #expect(second.source == .cache)
        #expect([third.text, fourth.text] == ["[2]", "[3]"])
        #expect([third.source, fourth.source] == [.network, .network])
    }

    @Test("a handler's modified response is stored instead, and the caller still gets the server's", arguments: engines)
    func modify(engine: BuiltInTransport) async throws {
        // Given a server whose answer says nothing about caching (no freshness, not storable for
        // long), and a handler that gives what it stores an hour of freshness and its own body
        let server = try Self.server(["Cache-Control": "no-cache"])
        defer { server.stop() }
        let seen = Locked<[String]>([])
        let handler = ResponseCacher.modify { task, proposed in
            seen.withLock { $0.append(task.originalRequest?.url?.path ?? "none") }
            guard let response = proposed.response as? HTTPURLResponse, let url = response.url else { return nil }
            var fields = response.allHeaderFields as? [String: String] ?? [:]
            fields["Cache-Control"] = "max-age=3600"
            return HTTPURLResponse(url: url, statusCode: response.statusCode, httpVersion: nil, headerFields: fields)
                .map { CachedURLResponse(response: $0, data: Data("[0]".utf8)) }
        }
        let client = Self.client(engine, handler: handler)

        // When it is asked twice
        let first = try await client.send(URLRequest(url: server.url("items")))
        let second = try await client.send(URLRequest(url: server.url("items")))

        // Then the handler saw the request's task once; the caller got the server's answer first,
        // then the modified one, fresh, from the cache
        #expect(seen.value == ["/items"])
        #expect(first.text == "[1]")
        #expect(first.source == .network)
        #expect(second.text == "[0]")
        #expect(second.source == .cache)
        #expect(second.headers["Cache-Control"] == "max-age=3600")
        #expect(server.requests.count == 1)
    }

    @Test("a refusal also removes the variant stored before, so an out-of-date answer is not used")
    func refusalRemovesOldEntry() async throws {
        // Given a cache holding a fresh answer
        let server = try Self.server(["Cache-Control": "max-age=0"])
        defer { server.stop() }
        let cache = HTTPCache(maximumBytes: 1 << 20)
        let storing = HTTPClient { $0.cache = cache }
        _ = try await storing.send(URLRequest(url: server.url("items")))
        #expect(cache.currentBytes > 0)

        // When a client on the same cache whose handler refuses sends again (the entry is stale)
        let refusing = HTTPClient {
            $0.cache = cache
            $0.cachedResponseHandler = ResponseCacher.doNotCache
        }
        let answer = try await refusing.send(URLRequest(url: server.url("items")))

        // Then the new answer came from the network and nothing is stored any more
        #expect(answer.text == "[2]")
        #expect(cache.currentBytes == 0)
    }

    @Test("a storage policy of .notAllowed stores nothing; a completion called twice is heard once")
    func notAllowedAndTwice() async throws {
        // Given handlers that answer .notAllowed, and that call their completion twice
        let server = try Self.server(["Cache-Control": "max-age=60"])
        defer { server.stop() }
        let notAllowed = ResponseCacher.modify { _, proposed in
            CachedURLResponse(
                response: proposed.response, data: proposed.data, userInfo: nil, storagePolicy: .notAllowed)
        }
        let cache = HTTPCache(maximumBytes: 1 << 20)
        let client = HTTPClient {
            $0.cache = cache
            $0.cachedResponseHandler = notAllowed
        }

        // When each is used
        _ = try await client.send(URLRequest(url: server.url("items")))
        let bytesAfterNotAllowed = cache.currentBytes
        let twice = HTTPClient {
            $0.cache = cache
            $0.cachedResponseHandler = TwiceHandler()
        }
        _ = try await twice.send(URLRequest(url: server.url("items")))
        let again = try await twice.send(URLRequest(url: server.url("items")))

        // Then the first stored nothing; the second stored the first answer it gave (nil came second)
        #expect(bytesAfterNotAllowed == 0)
        #expect(again.source == .cache)
        #expect(again.text == "[2]")
    }

    /// Passes the response on, then says nil.
    struct TwiceHandler: CachedResponseHandler {
        func dataTask(
            _ task: URLSessionDataTask, willCacheResponse response: CachedURLResponse,
            completion: @escaping (CachedURLResponse?) -> Void
        ) {
            completion(response)
            completion(nil)
        }
    }

    @Test("a request's handler (DataRequest.cacheResponse) comes before the client's")
    func perRequest() async throws {
        // Given a session whose client caches everything allowed
        let server = try Self.server(["Cache-Control": "max-age=60"])
        defer { server.stop() }
        let session = Session(
            client: HTTPClient {
                $0.cache = HTTPCache(maximumBytes: 1 << 20)
                $0.cachedResponseHandler = ResponseCacher.cache
            })
        let url = server.url("items")

        // When one request refuses to be stored, and the next two are stored as the client says
        let first = await Self.text(session.request(URLRequest(url: url)).cacheResponse(with: .doNotCache))
        let second = await Self.text(session.request(URLRequest(url: url)))
        let third = await Self.text(session.request(URLRequest(url: url)).cacheResponse(using: ResponseCacher.cache))

        // Then the first answer was not kept, the second was, and the third came from the cache
        #expect([first, second, third] == ["[1]", "[2]", "[2]"])
        #expect(server.requests.count == 2)
    }

    /// The body of `request`'s response, delivered on a queue of its own.
    static func text(_ request: DataRequest) async -> String? {
        await withCheckedContinuation { continuation in
            request.responseData(queue: DispatchQueue(label: "CachedResponseHandlerTests")) { response in
                continuation.resume(returning: response.data.map { String(decoding: $0, as: UTF8.self) })
            }
        }
    }

    @Test("event monitors are told where each answer came from: network, cache, revalidated", arguments: engines)
    func monitorsSeeSource(engine: BuiltInTransport) async throws {
        // Given a server that answers 304 to its tag, and a monitor that notes each answer's source
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/items") { request in
            if request.headers["If-None-Match"] == "\"v1\"" {
                return MockResponse(status: 304, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=0"])
            }
            return MockResponse(
                status: 200, headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=60", "Content-Type": "text/plain"],
                body: Data("v1".utf8))
        }
        let monitor = SourceMonitor()
        let client = HTTPClient {
            $0.transport = engine
            $0.cache = HTTPCache(maximumBytes: 1 << 20)
            $0.eventMonitors = [monitor]
        }

        // When it is asked three times, the last with the stored answer to be revalidated
        _ = try await client.send(URLRequest(url: server.url("items")))
        _ = try await client.send(URLRequest(url: server.url("items")))
        var revalidating = URLRequest(url: server.url("items"))
        revalidating.cachePolicy = .reloadRevalidatingCacheData
        _ = try await client.send(revalidating)

        // Then the monitor saw the three sources in order
        #expect(monitor.sources.value == [.network, .cache, .revalidated])
    }

    /// Notes the source of every answer it is told of.
    final class SourceMonitor: EventMonitor {
        let sources = Locked<[HTTPResponseSource]>([])

        func requestDidFinish(_ request: URLRequest, result: Result<HTTPResponse, HTTPError>, attempt: Int) {
            if case .success(let response) = result { sources.withLock { $0.append(response.source) } }
        }
    }
}
