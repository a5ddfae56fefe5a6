import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Replay of HAR files exported by Chrome, Firefox, Charles and mitmproxy")
struct BrowserExportReplayTests {
    @Test("Chrome: repeated requests in recording order, the last repeating, query in any order")
    func chromeRepeatedRequests() async throws {
        // Given Chrome's export, which recorded GET /api/items twice with different bodies
        let server = try ReplayFixtures.server(replaying: "chrome.har")
        defer { server.stop() }
        let client = HTTPClient()

        // When the same request is sent three times, the query items in another order the last time
        let first = try await client.send(URLRequest(url: server.url("/api/items?page=1&sort=name")))
        let second = try await client.send(URLRequest(url: server.url("/api/items?page=1&sort=name")))
        let third = try await client.send(URLRequest(url: server.url("/api/items?sort=name&page=1")))

        // Then the recordings come in order and the last one repeats
        #expect(first.text.contains("\"version\":\"v1\""))
        #expect(second.text.contains("\"version\":\"v2\""))
        #expect(third.text.contains("\"version\":\"v2\""))
    }

    @Test("Chrome: decoded text saved under a gzip header is sent without Content-Encoding")
    func chromeDecodedGzipText() async throws {
        // Given Chrome's export, whose items entry holds decoded text beside `content-encoding: gzip`
        let server = try ReplayFixtures.server(replaying: "chrome.har")
        defer { server.stop() }

        // When the items are fetched
        let response = try await ReplayFixtures.raw(server, "GET /api/items?page=1&sort=name HTTP/1.1\r\nHost: t")

        // Then the body is the plain JSON with its true length and no gzip header
        #expect(response.status == 200)
        #expect(response.headers["content-encoding"] == nil)
        #expect(response.headers["content-length"] == String(response.body.count))
        #expect(response.text.hasPrefix("{\"items\""))
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
    }

    @Test(
        "Chrome: a redirect's Location on the recorded site points at the replay; base64 bodies are decoded; pseudo-headers are not sent"
    )
    func chromeRedirectAndBinary() async throws {
        // Given Chrome's export with a 301 and a base64 PNG
        let server = try ReplayFixtures.server(replaying: "chrome.har")
        defer { server.stop() }

        // When both are fetched
        let redirect = try await ReplayFixtures.raw(server, "GET /old-items HTTP/1.1\r\nHost: t")
        let logo = try await HTTPClient().send(URLRequest(url: server.url("/logo.png")))

        // Then the redirect points at the same path and query on the replaying server, and the PNG
        // arrives as bytes
        #expect(redirect.status == 301)
        #expect(redirect.headers["location"] == server.url("/api/items?page=1&sort=name").absoluteString)
        #expect(Array(logo.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(logo.body.count == 35)
        #expect(logo.headers["Content-Type"] == "image/png")
    }

    @Test("Chrome: an aborted entry (status 0) is skipped and its request gets the 404 listing")
    func chromeAbortedEntry() async throws {
        // Given Chrome's export, whose tracker request was blocked (status 0)
        let server = try ReplayFixtures.server(replaying: "chrome.har")
        defer { server.stop() }

        // When that request is sent
        let response = try await ReplayFixtures.raw(server, "GET /track?campaign=7 HTTP/1.1\r\nHost: t")

        // Then nothing answers it: a 404 whose JSON names the request and the closest recordings
        #expect(response.status == 404)
        let miss = try JSONDecoder().decode(Miss.self, from: response.body)
        #expect(miss.target == "/track?campaign=7")
        #expect(miss.closest.count == 3)
        #expect(miss.closest.allSatisfy { $0.differs.contains("path") })
    }

    @Test("Chrome: a POST matches its exact body; another body gets a 404 saying the body differs")
    func chromeBodyMatching() async throws {
        // Given Chrome's export with POST /api/cart and its JSON body
        let server = try ReplayFixtures.server(replaying: "chrome.har")
        defer { server.stop() }

        // When it is sent with the recorded body, then with another
        let same = try await ReplayFixtures.raw(
            server, "POST /api/cart HTTP/1.1\r\nHost: t\r\nContent-Type: application/json",
            body: "{\"item\":1,\"quantity\":1}")
        let other = try await ReplayFixtures.raw(
            server, "POST /api/cart HTTP/1.1\r\nHost: t\r\nContent-Type: application/json",
            body: "{\"item\":2,\"quantity\":1}")

        // Then the first gets the recorded 201, the second a miss whose closest entry differs in body only
        #expect(same.status == 201)
        #expect(same.text == "{\"cart\":\"c-19\",\"count\":1}")
        #expect(other.status == 404)
        let miss = try JSONDecoder().decode(Miss.self, from: other.body)
        #expect(miss.closest.first?.entry == 5)
        #expect(miss.closest.first?.differs == ["body"])
    }

    @Test("Firefox: a form POST's params match, its 302 keeps Location, a br header over text is dropped")
    func firefoxExport() async throws {
        // Given Firefox's export
        let server = try ReplayFixtures.server(replaying: "firefox.har")
        defer { server.stop() }

        // When the login form is posted and the feed fetched through HTTPClient (which would fail
        // to decode text sent as brotli)
        let login = try await ReplayFixtures.raw(
            server, "POST /login HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded",
            body: "user=ann&password=s3cret")
        let feed = try await HTTPClient().send(URLRequest(url: server.url("/feed.json")))

        // Then the login redirects home with its cookie, and the feed is the recorded JSON
        #expect(login.status == 302)
        #expect(login.headers["location"] == "/home")
        #expect(login.headers["set-cookie"] == "session=xyz; Path=/; HttpOnly")
        #expect(feed.text == "{\"stories\":[{\"title\":\"Local bakery wins prize\"}]}")
        #expect(feed.headers["Content-Encoding"] == nil)
    }

    @Test("Charles: base64 JPEG, hop-by-hop fields dropped, DELETE answered 204")
    func charlesExport() async throws {
        // Given Charles's export (HTTP/1.1, chunked and keep-alive fields recorded)
        let server = try ReplayFixtures.server(replaying: "charles.har")
        defer { server.stop() }
        let client = HTTPClient()

        // When the user, the avatar and a delete are requested
        let user = try await client.send(URLRequest(url: server.url("/v1/users?fields=name&id=7")))
        let avatar = try await client.send(URLRequest(url: server.url("/v1/avatar/7")))
        var delete = URLRequest(url: server.url("/v1/users/7"))
        delete.httpMethod = "DELETE"
        let deleted = try await client.send(delete)

        // Then each gets what was recorded
        #expect(user.text == "{\"id\":7,\"name\":\"Ann\"}")
        #expect(Array(avatar.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect(avatar.body.count == 22)
        #expect(deleted.statusCode == 204)
        #expect(deleted.body.isEmpty)
    }

    @Test("mitmproxy: the Host header picks a recorded host; an unknown host matches any")
    func mitmproxyHosts() async throws {
        // Given mitmproxy's export with /config recorded on two hosts
        let server = try ReplayFixtures.server(replaying: "mitmproxy.har")
        defer { server.stop() }

        // When /config is asked for under each host, then under a host the file does not know
        let first = try await ReplayFixtures.raw(server, "GET /config HTTP/1.1\r\nHost: b.example.com")
        let second = try await ReplayFixtures.raw(server, "GET /config HTTP/1.1\r\nHost: a.example.com")
        let unknown = try await ReplayFixtures.raw(server, "GET /config HTTP/1.1\r\nHost: localhost:9")

        // Then each host gets its own answer, and the unknown host the first recorded one
        #expect(first.text == "B")
        #expect(second.text == "A")
        #expect(unknown.text == "A")
    }

    @Test("mitmproxy: a percent-encoded query matches; gzip bytes in base64 keep their header")
    func mitmproxyQueryAndGzip() async throws {
        // Given mitmproxy's export
        let server = try ReplayFixtures.server(replaying: "mitmproxy.har")
        defer { server.stop() }

        // When the search (query reordered, space as +) and the gzip-encoded entry are fetched
        let search = try await HTTPClient().send(URLRequest(url: server.url("/search?lang=en&q=milk+bar")))
        let compressed = try await HTTPClient().send(URLRequest(url: server.url("/compressed")))

        // Then both are found, and the gzip body is decoded by the client as the server declared it
        #expect(search.text == "{\"results\":[\"milk\"]}")
        #expect(compressed.text == "{\"compressed\":true}")
    }

    @Test("mitmproxy: body matching exact tells two PUTs apart; ignored answers them in order")
    func mitmproxyBodyMatching() async throws {
        // Given mitmproxy's export with two PUTs to /items/3 with different bodies
        let exact = try ReplayFixtures.server(replaying: "mitmproxy.har")
        defer { exact.stop() }
        var options = MockServer.ReplayOptions()
        options.bodyMatching = .ignored
        let ignoring = try ReplayFixtures.server(replaying: "mitmproxy.har", options: options)
        defer { ignoring.stop() }
        let head = "PUT /items/3 HTTP/1.1\r\nHost: t\r\nContent-Type: application/json"

        // When the second body is sent to the exact server, and any body twice to the other
        let rye = try await ReplayFixtures.raw(exact, head, body: "{\"name\":\"rye\"}")
        let firstAny = try await ReplayFixtures.raw(ignoring, head, body: "{}")
        let secondAny = try await ReplayFixtures.raw(ignoring, head, body: "{}")

        // Then exact matching finds the 409, and ignoring bodies walks the recording
        #expect(rye.status == 409)
        #expect(firstAny.status == 200)
        #expect(secondAny.status == 409)
    }

    @Test("A HEAD request with no recorded HEAD gets the GET's head without its body")
    func headFallsBackToGet() async throws {
        // Given Charles's export, which recorded only GETs of the user
        let server = try ReplayFixtures.server(replaying: "charles.har")
        defer { server.stop() }

        // When the user is asked for with HEAD
        let port = server.port
        let response = try await onThread { () -> RawResponse in
            let client = try RawClient(port: port)
            try client.write("HEAD /v1/users?id=7&fields=name HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            return try client.readResponse(bodyExpected: false)
        }

        // Then the status and length are the GET's, and no body came
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == "21")
        #expect(response.body.isEmpty)
    }

    @Test("Replayed answers go through the server's conditions and lose to stubs")
    func conditionsAndStubs() async throws {
        // Given a replay whose server fails its first request and has a stub over one path
        let server = try ReplayFixtures.server(replaying: "charles.har")
        defer { server.stop() }
        server.conditions = [.failFirst(1, status: 503)]
        server.stub(method: .get, path: "/v1/avatar/7", response: .text("stubbed"))

        // When the user is asked for twice and the avatar once
        let failed = try await ReplayFixtures.raw(server, "GET /v1/users?id=7&fields=name HTTP/1.1\r\nHost: t")
        let user = try await ReplayFixtures.raw(server, "GET /v1/users?id=7&fields=name HTTP/1.1\r\nHost: t")
        let avatar = try await ReplayFixtures.raw(server, "GET /v1/avatar/7 HTTP/1.1\r\nHost: t")

        // Then the condition applied first, then the recording, and the stub won
        #expect(failed.status == 503)
        #expect(user.text == "{\"id\":7,\"name\":\"Ann\"}")
        #expect(avatar.text == "stubbed")
    }
}

/// The JSON body of a replay's 404.
struct Miss: Decodable {
    struct Closest: Decodable {
        var entry: Int
        var method: String
        var url: String
        var differs: [String]
    }
    var error: String
    var method: String
    var target: String
    var closest: [Closest]
}
