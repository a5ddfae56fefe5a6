import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads, uploads and streams beside the client's ``HTTPCache``: a download is written from a
/// stored response and stored when it fits; an upload's success invalidates; a stream's live body
/// never touches the cache. On both transports.
@Suite("HTTPCache with downloads, uploads and streams")
struct CacheTransfersTests {
    static let engines = [BuiltInTransport.libcurl, .urlSession]

    /// A server whose `/file` answers `content` with `fields`, counting its requests.
    static func server(_ content: Data, _ fields: [String: String]) throws -> MockServer {
        let server = try MockServer()
        var response = MockResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: content)
        for (name, value) in fields { response.headers[name] = value }
        server.stub(method: .get, path: "/file", response: response)
        return server
    }

    /// How many `GET /file` the server saw.
    static func gets(_ server: MockServer) -> Int {
        server.requests.filter { $0.method == "GET" && $0.path == "/file" }.count
    }

    @Test("a fresh download is written again from the cache, without the network", arguments: engines)
    func downloadFromCache(engine: BuiltInTransport) async throws {
        // Given a 100 kB file fresh for a minute, and a client with a cache
        let content = testBytes(100_000)
        let server = try Self.server(content, ["Cache-Control": "max-age=60"])
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let client = HTTPClient {
            $0.transport = engine
            $0.cache = HTTPCache(maximumBytes: 8 << 20)
        }

        // When it is downloaded twice, to two files
        let first = try await client.download(ServerRoute(server, "file"), to: folder.file("first.bin"))
        let second = try await client.download(ServerRoute(server, "file"), to: folder.file("second.bin"))

        // Then the server saw one request; the second file came from the cache, whole
        #expect(Self.gets(server) == 1)
        #expect(first.response.source == .network)
        #expect(second.response.source == .cache)
        #expect(try Data(contentsOf: first.fileURL) == content)
        #expect(try Data(contentsOf: second.fileURL) == content)
        #expect(second.byteCount == Int64(content.count))
        #expect(folder.contents.sorted() == ["first.bin", "second.bin"])
    }

    @Test("a data request's stored answer is written by a download too, and the other way round")
    func sharedWithDataRequests() async throws {
        // Given a stored answer from a download
        let content = testBytes(5_000)
        let server = try Self.server(content, ["Cache-Control": "max-age=60"])
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let client = HTTPClient { $0.cache = HTTPCache(maximumBytes: 8 << 20) }
        _ = try await client.download(ServerRoute(server, "file"), to: folder.file("a.bin"))

        // When the same URL is asked with a data request
        let answer = try await client.send(ServerRoute(server, "file"))

        // Then the download's stored answer came back
        #expect(answer.source == .cache)
        #expect(answer.body == content)
        #expect(Self.gets(server) == 1)
    }

    @Test("a download larger than the cache's entry limit is not stored, and removes the answer it replaces")
    func tooLargeNotStored() async throws {
        // Given a cache of 80 kB (entries up to 10 kB) holding a small answer for /file
        let server = try Self.server(testBytes(2_000), ["Cache-Control": "max-age=0"])
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let cache = HTTPCache(maximumBytes: 80_000)
        let client = HTTPClient { $0.cache = cache }
        _ = try await client.send(ServerRoute(server, "file"))
        #expect(cache.currentBytes > 0)

        // When /file has grown to 64 kB and is downloaded (the stored answer is stale)
        let large = testBytes(64_000)
        server.stub(
            method: .get, path: "/file",
            response: MockResponse(
                status: 200, headers: ["Cache-Control": "max-age=60", "Content-Type": "application/octet-stream"],
                body: large))
        let file = try await client.download(ServerRoute(server, "file"), to: folder.file("large.bin"))

        // Then the file is whole, nothing is stored, and the next download goes to the network
        #expect(try Data(contentsOf: file.fileURL) == large)
        #expect(cache.currentBytes == 0)
        let again = try await client.download(
            ServerRoute(server, "file"), to: folder.file("again.bin"), options: .replaceExisting)
        #expect(again.response.source == .network)
        #expect(Self.gets(server) == 3)
    }

    @Test("bad input: a 1 GiB response fresh for an hour is downloaded whole, never read back or stored")
    func gigabyteNotStored() async throws {
        // Given nginx's 1 GiB file with max-age, and a client whose disk cache takes entries up to 8 MiB
        let url = try Fixture.url("SU_NGINX_URL").appendingPathComponent("huge.bin")
        let folder = try TestFolder()
        defer { folder.remove() }
        let cache = HTTPCache(directory: folder.file("cache"), maximumBytes: 64 << 20)
        // On libcurl in every run: the cache's decision is the same on each transport (the tests
        // above show it on both), and a gibibyte through FoundationNetworking keeps its queues so
        // busy that another test's URLSession timeout fired 4 s late.
        let client = HTTPClient {
            $0.transport = .libcurl
            $0.cache = cache
        }
        let before = ProcessFigures.read()

        // When it is downloaded, then asked of the cache alone
        let first = try await client.download(URLRequest(url: url), to: folder.file("huge.bin"))
        let after = ProcessFigures.read()
        try FileManager.default.removeItem(at: first.fileURL)
        let cachedOnly = try await client.send(
            URLRequest(url: url, cachePolicy: .returnCacheDataDontLoad), acceptableStatusCodes: 200..<600)

        // Then the download was whole, from the network; nothing was stored (the cache has no
        // answer: 504), and the body was never held in memory (a read-back would add a gibibyte;
        // AddressSanitizer's quarantine makes resident memory meaningless there)
        #expect(first.byteCount == 1 << 30)
        #expect(first.response.source == .network)
        #expect(cachedOnly.statusCode == 504)
        #expect(cache.currentBytes == 0)
        #expect(cache.lastError == nil)
        if !ProcessFigures.underAddressSanitizer, let before, let after {
            #expect(after.residentKilobytes - before.residentKilobytes < 768 * 1024)
        }
    }

    @Test("only-if-cached with nothing stored fails a download with 504 and leaves no file", arguments: engines)
    func onlyIfCachedMiss(engine: BuiltInTransport) async throws {
        // Given an empty cache and a request that may only be answered from it
        let server = try Self.server(testBytes(10), ["Cache-Control": "max-age=60"])
        defer { server.stop() }
        let folder = try TestFolder()
        defer { folder.remove() }
        let client = HTTPClient {
            $0.transport = engine
            $0.cache = HTTPCache(maximumBytes: 1 << 20)
        }
        var request = URLRequest(url: server.url("file"))
        request.cachePolicy = .returnCacheDataDontLoad

        // When it is downloaded
        let outcome: Result<DownloadedFile, HTTPError>
        do {
            outcome = .success(try await client.download(request, to: folder.file("none.bin")))
        } catch {
            outcome = .failure(error)
        }

        // Then it failed with the cache's 504, nothing was sent and no file is left
        guard case .failure(.unacceptableStatus(let failure)) = outcome else {
            Issue.record("expected a 504 failure, got \(outcome)")
            return
        }
        #expect(failure.statusCode == 504)
        #expect(server.requests.isEmpty)
        #expect(folder.contents.isEmpty)
    }

    @Test("a successful upload invalidates the stored answer of its URL (RFC 9111 §4.4)", arguments: engines)
    func uploadInvalidates(engine: BuiltInTransport) async throws {
        // Given a stored fresh answer for /file, and a server that takes a PUT there
        let server = try Self.server(testBytes(1_000), ["Cache-Control": "max-age=60"])
        defer { server.stop() }
        server.stub(method: .put, path: "/file", response: MockResponse(status: 204))
        let client = HTTPClient {
            $0.transport = engine
            $0.cache = HTTPCache(maximumBytes: 1 << 20)
        }
        _ = try await client.send(ServerRoute(server, "file"))
        #expect(try await client.send(ServerRoute(server, "file")).source == .cache)

        // When a file is uploaded to it
        _ = try await client.upload(.data(testBytes(3_000)), to: ServerRoute(server, "file", method: .put))

        // Then the next GET goes to the network
        #expect(try await client.send(ServerRoute(server, "file")).source == .network)
        #expect(Self.gets(server) == 2)
    }

    @Test("a stream is neither answered from the cache nor stored; an unsafe stream invalidates", arguments: engines)
    func streamsSkipCache(engine: BuiltInTransport) async throws {
        // Given a stored fresh answer for /file, and a POST that succeeds there
        let content = testBytes(4_000)
        let server = try Self.server(content, ["Cache-Control": "max-age=60"])
        defer { server.stop() }
        server.stub(method: .post, path: "/file", response: .text("done"))
        let cache = HTTPCache(maximumBytes: 1 << 20)
        let client = HTTPClient {
            $0.transport = engine
            $0.cache = cache
        }
        _ = try await client.send(ServerRoute(server, "file"))
        let stored = cache.currentBytes

        // When /file is streamed
        var streamed = Data()
        for try await chunk in try await client.stream(ServerRoute(server, "file")).chunks { streamed.append(chunk) }

        // Then the stream came from the network, whole, and the cache is as it was
        #expect(streamed == content)
        #expect(Self.gets(server) == 2)
        #expect(cache.currentBytes == stored)

        // When a POST to /file is streamed
        for try await _ in try await client.stream(ServerRoute(server, "file", method: .post)).chunks {}

        // Then the stored answer is gone
        #expect(cache.currentBytes == 0)
    }
}
