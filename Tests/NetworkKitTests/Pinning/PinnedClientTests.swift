import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTPClient with public-key pins: a pinned host is never reached unpinned")
struct PinnedClientTests {
    /// A pin of no key of these servers.
    static let pin = "i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY="

    /// Why a plain-HTTP request to a pinned host is refused here: because plain HTTP has no key to
    /// check, or, on a transport that cannot check pins at all (URLSession on Linux, the fallback),
    /// because of that.
    static let reason: HTTPError.PinningFailureReason =
        HTTPClient().checksServerTrust ? .insecureScheme("http") : .unsupportedPlatform

    /// A client pinning `host`.
    static func client(
        pinning host: String, expires: Date? = nil, _ configure: (inout HTTPClient.Configuration) -> Void = { _ in }
    )
        throws -> HTTPClient
    {
        var configuration = HTTPClient.Configuration()
        try configuration.publicKeyPins.pin(host, to: [pin], expires: expires)
        configure(&configuration)
        return HTTPClient(configuration: configuration)
    }

    /// The server's URL for `path` with `host` in place of 127.0.0.1.
    static func url(_ server: MockServer, _ path: String, host: String = "127.0.0.1") throws -> URL {
        try #require(URL(string: "http://\(host):\(server.port)/\(path)"))
    }

    @Test("a request to a pinned host fails before it is sent; other hosts are reached")
    func pinnedHostRefused() async throws {
        // Given a server reachable as localhost and as 127.0.0.1, and a client pinning localhost
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/secret") { _ in .text("secret") }
        server.stub(method: .get, path: "/open") { _ in .text("open") }
        let client = try Self.client(pinning: "localhost")
        let secret = try Self.url(server, "secret", host: "localhost")

        // When it asks for both
        let error = await #expect(throws: HTTPError.self) { try await client.send(URLRequest(url: secret)) }
        let open = try await client.send(URLRequest(url: Self.url(server, "open")))

        // Then the pinned one failed with the typed reason, and only the other one reached the server
        #expect(
            error?.pinningFailure
                == HTTPError.PinningFailure(
                    request: HTTPError.RequestSummary(method: .get, url: secret), host: "localhost", reason: Self.reason
                ))
        #expect(error?.description.contains("the request was not sent") == true)
        #expect(open.statusCode == 200)
        #expect(server.requests.map(\.path) == ["/open"])
    }

    @Test("an adapter that moves a request onto a pinned host is refused after it runs")
    func adaptedOntoPinnedHost() async throws {
        // Given a client pinning localhost whose adapter sends every request there
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/open") { _ in .text("open") }
        let client = try Self.client(pinning: "localhost") { configuration in
            configuration.adapters = [
                .adapter { request in
                    var moved = request
                    var components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
                    components?.host = "localhost"
                    moved.url = components?.url
                    return moved
                }
            ]
        }

        // When it asks for 127.0.0.1, and a plain client asks too
        let error = await #expect(throws: HTTPError.self) {
            try await client.send(URLRequest(url: Self.url(server, "open")))
        }
        _ = try await HTTPClient().send(URLRequest(url: Self.url(server, "open")))

        // Then the adapted request was refused for localhost and only the plain client's arrived
        #expect(error?.pinningFailure?.host == "localhost")
        #expect(error?.pinningFailure?.reason == Self.reason)
        #expect(server.requests.count == 1)
    }

    @Test("a redirect to a pinned host is not followed, for data requests and downloads alike")
    func redirectToPinnedHost() async throws {
        // Given a server whose /start redirects to itself as localhost, and a client pinning localhost
        let server = try MockServer()
        defer { server.stop() }
        let target = try Self.url(server, "target", host: "localhost")
        server.stub(method: .get, path: "/start") { _ in
            MockResponse(status: 302, headers: ["Location": target.absoluteString], body: Data("moved".utf8))
        }
        server.stub(method: .get, path: "/target") { _ in .text("pinned content") }
        let client = try Self.client(pinning: "localhost")
        let start = try Self.url(server, "start")
        let folder = try TestFolder()
        defer { folder.remove() }

        // When the redirecting URL is requested and downloaded
        let sent = await #expect(throws: HTTPError.self) { try await client.send(URLRequest(url: start)) }
        let downloaded = await #expect(throws: HTTPError.self) {
            try await client.download(URLRequest(url: start), to: folder.file("file"))
        }

        // Then both failed naming the original request and the pinned host, the redirect was never
        // followed, and the download left nothing behind
        let expected = HTTPError.pinningFailed(
            HTTPError.PinningFailure(
                request: HTTPError.RequestSummary(method: .get, url: start), host: "localhost", reason: Self.reason))
        #expect(sent == expected)
        #expect(downloaded == expected)
        #expect(server.requests.map(\.path) == ["/start", "/start"])
        #expect(folder.contents.isEmpty)
    }

    @Test("once its rule has expired, a pinned host is reached again")
    func expiredRule() async throws {
        // Given a client whose rule for 127.0.0.1 expired an hour ago
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/open") { _ in .text("open") }
        let client = try Self.client(pinning: "127.0.0.1", expires: Date(timeIntervalSinceNow: -3_600))

        // When it asks the server
        let response = try await client.send(URLRequest(url: Self.url(server, "open")))

        // Then the request went through
        #expect(response.statusCode == 200)
        #expect(server.requests.map(\.path) == ["/open"])
    }

    @Test("downloads, uploads, streams, lines and events to a pinned host fail the same way, leaving no file")
    func transfersRefused() async throws {
        // Given a server, a client pinning it, and a folder for files (also the client's temporary folder)
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/file") { _ in .text("content") }
        server.stub(method: .post, path: "/upload") { _ in .text("stored") }
        let folder = try TestFolder()
        defer { folder.remove() }
        let source = folder.file("source.bin")
        try Data(repeating: 7, count: 4096).write(to: source)
        let client = try Self.client(pinning: "127.0.0.1") { $0.temporaryDirectory = folder.url }
        let file = try Self.url(server, "file")
        var upload = URLRequest(url: try Self.url(server, "upload"))
        upload.httpMethod = "POST"
        var multipart = MultipartFormData()
        try multipart.append(streamingFileAt: source, name: "file")

        // When each kind of transfer is tried
        var errors: [HTTPError?] = []
        errors.append(
            await #expect(throws: HTTPError.self) {
                try await client.download(URLRequest(url: file), to: folder.file("out"))
            })
        errors.append(
            await #expect(throws: HTTPError.self) { try await client.upload(.data(Data("hello".utf8)), with: upload) })
        errors.append(await #expect(throws: HTTPError.self) { try await client.upload(.file(source), with: upload) })
        errors.append(
            await #expect(throws: HTTPError.self) {
                try await client.upload(
                    .multipart(multipart), with: upload, options: UploadOptions(multipartMemoryThreshold: 1))
            })
        errors.append(await #expect(throws: HTTPError.self) { try await client.stream(URLRequest(url: file)) })
        errors.append(
            await #expect(throws: HTTPError.self) { for try await _ in client.lines(URLRequest(url: file)) {} })
        errors.append(
            await #expect(throws: HTTPError.self) { for try await _ in client.events(URLRequest(url: file)) {} })

        // Then every one failed for the pins of 127.0.0.1, nothing reached the server, and only the
        // source file is in the folder
        for error in errors {
            #expect(error?.pinningFailure?.host == "127.0.0.1")
            #expect(error?.pinningFailure?.reason == Self.reason)
        }
        #expect(server.requests.isEmpty)
        #expect(folder.contents == ["source.bin"])
        _ = try await HTTPClient().send(URLRequest(url: file))
        #expect(server.requests.map(\.path) == ["/file"])
    }
}
