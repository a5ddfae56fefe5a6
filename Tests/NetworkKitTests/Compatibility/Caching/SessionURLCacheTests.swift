import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `Session` made from a `URLSessionConfiguration` stores data responses in its `urlCache` when a
/// `CachedResponseHandler` lets it, as URLSession does for Alamofire.
@Suite("Session and the configuration's URLCache: what a CachedResponseHandler stores")
struct SessionURLCacheTests {
    /// A session whose configuration has a cache of its own, and that cache.
    static func session(handler: (any CachedResponseHandler)? = nil) -> (Session, URLCache) {
        let cache = URLCache(memoryCapacity: 1_000_000, diskCapacity: 0, diskPath: nil)
        let configuration = URLSessionConfiguration.af.default
        configuration.urlCache = cache
        return (Session(configuration: configuration, cachedResponseHandler: handler), cache)
    }

    static func server() throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/page") { _ in .text("page") }
        server.stub(method: .get, path: "/private") { _ in
            MockResponse(status: 200, headers: ["Cache-Control": "no-store"], body: Data("secret".utf8))
        }
        server.stub(method: .post, path: "/page") { _ in .text("posted") }
        return server
    }

    @Test("a request's .cache stores the response; .doNotCache and no handler store nothing")
    func requestHandlers() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let (session, cache) = Self.session()

        // Given three requests for the same page: cached, not cached, and without a handler
        let cached = session.request(server.url("page")).cacheResponse(using: ResponseCacher.cache)
        _ = try await cached.serializingString().value
        let stored = try #require(cache.cachedResponse(for: URLRequest(url: server.url("page"))))
        #expect(String(decoding: stored.data, as: UTF8.self) == "page")
        #expect((stored.response as? HTTPURLResponse)?.statusCode == 200)

        // Then the others leave the cache as it is
        cache.removeAllCachedResponses()
        _ = try await session.request(server.url("page")).cacheResponse(using: ResponseCacher.doNotCache)
            .serializingString().value
        _ = try await session.request(server.url("page")).serializingString().value
        #expect(cache.cachedResponse(for: URLRequest(url: server.url("page"))) == nil)
    }

    @Test("the session's .modify stores what it returns, userInfo included; no-store and POST are not offered")
    func sessionHandler() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let offered = Locked(0)
        let (session, cache) = Self.session(
            handler: ResponseCacher.modify { _, response in
                offered.withLock { $0 += 1 }
                return CachedURLResponse(
                    response: response.response, data: response.data, userInfo: ["key": "value"],
                    storagePolicy: .allowed)
            })

        _ = try await session.request(server.url("page")).serializingString().value
        let stored = try #require(cache.cachedResponse(for: URLRequest(url: server.url("page"))))
        #expect(stored.userInfo?["key"] as? String == "value")

        _ = try await session.request(server.url("private")).serializingString().value
        _ = try await session.request(server.url("page"), method: .post).serializingString().value
        #expect(cache.cachedResponse(for: URLRequest(url: server.url("private"))) == nil)
        #expect(offered.value == 1)
    }
}
