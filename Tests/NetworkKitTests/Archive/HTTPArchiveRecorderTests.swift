import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTPArchiveRecorder: what a client sent and received, as HAR 1.2 other readers accept")
struct HTTPArchiveRecorderTests {
    /// A server with a JSON endpoint, an echo for POST, a binary file and a 404.
    private static func makeServer() throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .get, path: "/items", response: .json(data: Data(#"{"items":[1,2]}"#.utf8)))
        server.stub(method: .post, path: "/orders") { request in
            var response = MockResponse.json(data: request.body, status: 201)
            response.headers.add("Set-Cookie", "session=s3cret; Path=/; HttpOnly")
            return response
        }
        server.stub(
            method: .get, path: "/image",
            response: MockResponse(headers: ["Content-Type": "image/png"], body: Data([0x89, 0x50, 0x00, 0xFF, 0xFE])))
        return server
    }

    /// Sends the four requests of these tests through a client recording into `file`.
    private static func record(on server: MockServer, into file: URL, redaction: Redaction = .default) async throws
        -> HTTPArchiveRecorder
    {
        let recorder = try HTTPArchiveRecorder(file: file, redaction: redaction)
        let client = HTTPClient { $0.eventMonitors = [recorder] }
        var items = URLRequest(url: server.url("/items?token=abc&page=2"))
        items.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
        _ = try await client.send(items)
        var order = URLRequest(url: server.url("/orders"))
        order.httpMethod = "POST"
        order.httpBody = Data(#"{"item":7}"#.utf8)
        order.setValue("application/json", forHTTPHeaderField: "Content-Type")
        _ = try await client.send(order)
        _ = try await client.send(URLRequest(url: server.url("/image")))
        await #expect(throws: HTTPError.self) { try await client.send(URLRequest(url: server.url("/missing"))) }
        recorder.close()
        return recorder
    }

    @Test("An entry's queryString masks what its URL masks: secret keys in any case and their bracketed forms")
    func queryStringFollowsTheURLsRule() throws {
        // Given an exchange whose query has a secret key in capitals, a bracketed one and a plain one
        let url = try #require(URL(string: "http://127.0.0.1/items?TOKEN=abc&password%5Bnew%5D=hunter2&page=2"))
        let exchange = HTTPArchive.Exchange(
            method: "GET", url: url, requestHeaders: [("Cookie", "session=1")], requestBody: nil, status: 200,
            responseHeaders: [("X-Plain", "kept")], responseBody: Data(), started: Date(), duration: .milliseconds(5))

        // When it becomes an entry under the default redaction
        let entry = HTTPArchive.Entry(exchange, redaction: .default)

        // Then the URL and the queryString hide the same two values, and only secret headers are masked
        #expect(entry.request.url.hasSuffix("/items?TOKEN=***&password%5Bnew%5D=***&page=2"))
        #expect(entry.request.queryString.map(\.value) == ["***", "***", "2"])
        #expect(entry.request.headers.map(\.value) == ["***"])
        #expect(entry.response.headers.map(\.value) == ["kept"])
    }

    @Test("Every exchange is an entry with redacted credentials, postData and base64 binary bodies")
    func recordsExchanges() async throws {
        // Given a client recording into a file
        let folder = try TestFolder()
        defer { folder.remove() }
        let server = try Self.makeServer()
        defer { server.stop() }
        let file = folder.file("recorded.har")

        // When it sends four requests, the last answered 404
        let recorder = try await Self.record(on: server, into: file)

        // Then the file reads back with all four, secrets masked and bodies kept
        #expect(recorder.entryCount == 4)
        let entries = try HTTPArchive(contentsOf: file).log.entries
        #expect(entries.map(\.response.status) == [200, 201, 200, 404])
        let items = entries[0]
        #expect(items.request.url.hasSuffix("/items?token=***&page=2"))
        #expect(items.request.headers.first { $0.name == "Authorization" }?.value == "***")
        #expect(items.request.queryString.map(\.value) == ["***", "2"])
        #expect(items.response.content.text == #"{"items":[1,2]}"#)
        #expect(entries[1].request.postData?.text == #"{"item":7}"#)
        #expect(entries[1].request.postData?.mimeType == "application/json")
        #expect(entries[1].response.cookies.map(\.value) == ["***"])
        #expect(entries[2].response.content.encoding == "base64")
        #expect(entries[2].response.content.text == Data([0x89, 0x50, 0x00, 0xFF, 0xFE]).base64EncodedString())
        #expect(entries.allSatisfy { $0.time >= 0 && $0.timings.wait >= 0 })
    }

    @Test("Redaction.none keeps the credentials")
    func redactionNone() async throws {
        // Given a recorder told to hide nothing
        let folder = try TestFolder()
        defer { folder.remove() }
        let server = try Self.makeServer()
        defer { server.stop() }
        let file = folder.file("open.har")

        // When it records the requests
        _ = try await Self.record(on: server, into: file, redaction: .none)

        // Then the token and the header are there as sent
        let items = try HTTPArchive(contentsOf: file).log.entries[0]
        #expect(items.request.headers.first { $0.name == "Authorization" }?.value == "Bearer secret-token")
        #expect(items.request.url.contains("token=abc"))
    }

    @Test("The file is valid HAR 1.2 for jsonschema and haralyzer")
    func independentReaders() async throws {
        // Given a recorded file
        let folder = try TestFolder()
        defer { folder.remove() }
        let server = try Self.makeServer()
        defer { server.stop() }
        let file = folder.file("checked.har")
        _ = try await Self.record(on: server, into: file)

        // When the independent readers read it
        let check = try await HARCheck.run(file)

        // Then it meets the schema and haralyzer sees every entry as written
        #expect(check.schemaErrors == [])
        #expect(check.creator.hasPrefix("ServiceUtils"))
        #expect(check.entries.map(\.method) == ["GET", "POST", "GET", "GET"])
        #expect(check.entries.map(\.status) == [200, 201, 200, 404])
        #expect(check.entries.allSatisfy { $0.started })
        #expect(check.entries[0].headers["authorization"] == "***")
        #expect(check.entries[1].postText == #"{"item":7}"#)
        #expect(check.entries[2].encoding == "base64")
    }

    @Test("A recorded file replays: MockServer answers as the server did")
    func roundTrip() async throws {
        // Given a recorded file, and the original server gone
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("replayed.har")
        let original = try Self.makeServer()
        _ = try await Self.record(on: original, into: file)
        original.stop()

        // When a new server replays it
        let replay = try MockServer()
        defer { replay.stop() }
        try replay.replay(archiveAt: file)
        let client = HTTPClient()
        let items = try await client.send(URLRequest(url: replay.url("/items?page=2&token=***")))
        let image = try await client.send(URLRequest(url: replay.url("/image")))

        // Then the answers are the recorded ones (the token was recorded masked)
        #expect(items.text == #"{"items":[1,2]}"#)
        #expect(image.body == Data([0x89, 0x50, 0x00, 0xFF, 0xFE]))
    }

    @Test("The file on disk is valid HAR after every append")
    func validAfterEachAppend() throws {
        // Given an archive file being written
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("growing.har")
        let archive = try HTTPArchiveFile(creating: file)
        defer { archive.close() }
        #expect(try HTTPArchive(contentsOf: file).log.entries.isEmpty)
        let exchange = HTTPArchive.Exchange(
            method: "GET", url: URL(fileURLWithPath: "/").deletingLastPathComponent(), requestHeaders: [],
            requestBody: nil, status: 200, responseHeaders: [("Content-Type", "text/plain")],
            responseBody: Data("x".utf8), started: Date(), duration: .milliseconds(3))

        for count in 1...5 {
            // When one more entry is appended
            try archive.append(HTTPArchive.Entry(exchange, redaction: .default))

            // Then the file as it is on disk reads, with every entry so far
            #expect(try HTTPArchive(contentsOf: file).log.entries.count == count)
        }
    }
}
