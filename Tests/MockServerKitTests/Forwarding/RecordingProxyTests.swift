import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Recording reverse proxy: forwards to an upstream and appends each exchange to a HAR file")
struct RecordingProxyTests {
    private static func makeUpstream() throws -> MockServer {
        let upstream = try MockServer()
        upstream.stub(method: .get, path: "/api/items") { request in
            .json(data: Data(#"{"page":"\#(request.queryValue("page") ?? "")"}"#.utf8))
        }
        upstream.stub(method: .post, path: "/api/echo") { request in
            MockResponse(status: 201, headers: ["Content-Type": "application/json"], body: request.body)
        }
        upstream.stub(
            method: .get, path: "/api/blob",
            response: MockResponse(
                headers: ["Content-Type": "application/octet-stream"], body: Data([0, 1, 0xFE, 0xFF])))
        upstream.stub(method: .get, path: "/api/gone", response: .text("gone", status: 410))
        return upstream
    }

    @Test("Answers come from the upstream, and the file holds every exchange after each one")
    func forwardsAndRecords() async throws {
        // Given an upstream and a proxy recording to a file
        let folder = try TestFolder()
        defer { folder.remove() }
        let upstream = try Self.makeUpstream()
        defer { upstream.stop() }
        let proxy = try MockServer()
        defer { proxy.stop() }
        let file = folder.file("proxy.har")
        let recorder = try proxy.forward(to: upstream.url("/api"), recordingTo: file)
        let client = HTTPClient { $0.acceptableStatusCodes = 200..<500 }

        // When four requests go through the proxy, the file read after each one
        var counts: [Int] = []
        var items = URLRequest(url: proxy.url("/items?page=3"))
        items.setValue("Bearer hidden", forHTTPHeaderField: "Authorization")
        let itemsResponse = try await client.send(items)
        counts.append(try HTTPArchive(contentsOf: file).log.entries.count)
        var echo = URLRequest(url: proxy.url("/echo"))
        echo.httpMethod = "POST"
        echo.httpBody = Data(#"{"x":1}"#.utf8)
        echo.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let echoResponse = try await client.send(echo)
        counts.append(try HTTPArchive(contentsOf: file).log.entries.count)
        let blob = try await client.send(URLRequest(url: proxy.url("/blob")))
        counts.append(try HTTPArchive(contentsOf: file).log.entries.count)
        let gone = try await client.send(URLRequest(url: proxy.url("/gone")))
        counts.append(try HTTPArchive(contentsOf: file).log.entries.count)

        // Then each answer is the upstream's, and the file grew by one valid entry each time
        #expect(itemsResponse.text == #"{"page":"3"}"#)
        #expect(echoResponse.statusCode == 201)
        #expect(echoResponse.text == #"{"x":1}"#)
        #expect(blob.body == Data([0, 1, 0xFE, 0xFF]))
        #expect(gone.statusCode == 410)
        #expect(counts == [1, 2, 3, 4])
        #expect(recorder.entryCount == 4)
        let entries = try HTTPArchive(contentsOf: file).log.entries
        #expect(entries[0].request.url == upstream.url("/api/items?page=3").absoluteString)
        #expect(entries[0].request.headers.first { $0.name == "Authorization" }?.value == "***")
        #expect(entries[1].request.postData?.text == #"{"x":1}"#)
        #expect(entries[2].response.content.encoding == "base64")
    }

    @Test("The proxy's file is valid HAR 1.2 for jsonschema and haralyzer, and replays offline")
    func recordThenReplay() async throws {
        // Given a proxy that recorded two requests, and the upstream then gone
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("offline.har")
        let upstream = try Self.makeUpstream()
        let proxy = try MockServer()
        let recorder = try proxy.forward(to: upstream.baseURL, recordingTo: file)
        _ = try await HTTPClient().send(URLRequest(url: proxy.url("/api/items?page=1")))
        _ = try await HTTPClient().send(URLRequest(url: proxy.url("/api/blob")))
        proxy.stop()
        recorder.close()
        upstream.stop()

        // When the independent readers check the file and a server replays it
        let check = try await HARCheck.run(file)
        let replay = try MockServer()
        defer { replay.stop() }
        try replay.replay(archiveAt: file)
        let items = try await HTTPClient().send(URLRequest(url: replay.url("/api/items?page=1")))
        let blob = try await HTTPClient().send(URLRequest(url: replay.url("/api/blob")))

        // Then the file meets the schema and the replay answers as the upstream did
        #expect(check.schemaErrors == [])
        #expect(check.entries.map(\.status) == [200, 200])
        #expect(items.text == #"{"page":"1"}"#)
        #expect(blob.body == Data([0, 1, 0xFE, 0xFF]))
    }

    @Test("A redirect passes through as sent, its Location pointed back at the proxy, and is recorded")
    func redirectsPassThrough() async throws {
        // Given an upstream redirecting with an absolute Location on itself, one elsewhere, a
        // relative one and one that is not a URL, and a proxy recording to a file
        let folder = try TestFolder()
        defer { folder.remove() }
        let upstream = try MockServer()
        defer { upstream.stop() }
        let movedTo = upstream.url("/api/new?from=moved").absoluteString
        upstream.stub(method: .get, path: "/api/moved") { _ in
            MockResponse(status: 301, headers: ["Location": movedTo], body: Data("moved".utf8))
        }
        upstream.stub(method: .get, path: "/api/away") { _ in
            MockResponse(status: 302, headers: ["Location": "https://elsewhere.example/x"])
        }
        upstream.stub(method: .get, path: "/api/relative") { _ in
            MockResponse(status: 303, headers: ["Location": "/api/new"])
        }
        upstream.stub(method: .get, path: "/api/broken") { _ in
            MockResponse(status: 307, headers: ["Location": "http://[oops"])
        }
        let proxy = try MockServer()
        defer { proxy.stop() }
        let file = folder.file("redirects.har")
        let recorder = try proxy.forward(to: upstream.url("/api"), recordingTo: file)
        let client = HTTPClient { $0.followsRedirects = false }

        // When the four are asked through the proxy by a client that does not follow redirects
        let moved = try await client.send(URLRequest(url: proxy.url("/moved")))
        let away = try await client.send(URLRequest(url: proxy.url("/away")))
        let relative = try await client.send(URLRequest(url: proxy.url("/relative")))
        let broken = try await client.send(URLRequest(url: proxy.url("/broken")))

        // Then each redirect arrives as the upstream sent it, the upstream's own address and path
        // turned into the proxy's (proxy /new is upstream /api/new), the others (one not even a URL)
        // untouched; the upstream saw no request for /api/new; and the file holds the four redirects
        #expect(moved.statusCode == 301)
        #expect(moved.headers["Location"] == proxy.url("/new?from=moved").absoluteString)
        #expect(moved.text == "moved")
        #expect(away.statusCode == 302)
        #expect(away.headers["Location"] == "https://elsewhere.example/x")
        #expect(relative.statusCode == 303)
        #expect(relative.headers["Location"] == "/new")
        #expect(broken.statusCode == 307)
        #expect(broken.headers["Location"] == "http://[oops")
        #expect(upstream.requests.map(\.path) == ["/api/moved", "/api/away", "/api/relative", "/api/broken"])
        #expect(recorder.entryCount == 4)
        let entries = try HTTPArchive(contentsOf: file).log.entries
        #expect(entries.map(\.response.status) == [301, 302, 303, 307])
    }

    @Test("A redirect recorded through the proxy replays pointing at the replaying server, not the upstream")
    func recordedRedirectReplaysOnServer() async throws {
        // Given an upstream under /api redirecting with an absolute Location on itself, one
        // elsewhere and a relative one, recorded through a proxy by a client that follows the first
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.file("redirects.har")
        let upstream = try MockServer()
        let movedTo = upstream.url("/api/new?from=moved").absoluteString
        upstream.stub(method: .get, path: "/api/moved") { _ in
            MockResponse(status: 301, headers: ["Location": movedTo], body: Data("moved".utf8))
        }
        upstream.stub(method: .get, path: "/api/new", response: .text("the new place"))
        upstream.stub(method: .get, path: "/api/away") { _ in
            MockResponse(status: 302, headers: ["Location": "https://elsewhere.example/x"])
        }
        upstream.stub(method: .get, path: "/api/relative") { _ in
            MockResponse(status: 303, headers: ["Location": "/api/new?from=relative"])
        }
        let proxy = try MockServer()
        let recorder = try proxy.forward(to: upstream.url("/api"), recordingTo: file)
        let followed = try await HTTPClient().send(URLRequest(url: proxy.url("/moved")))
        let notFollowing = HTTPClient { $0.followsRedirects = false }
        _ = try await notFollowing.send(URLRequest(url: proxy.url("/away")))
        _ = try await notFollowing.send(URLRequest(url: proxy.url("/relative")))
        proxy.stop()
        recorder.close()
        upstream.stop()
        let upstreamOrigin = "http://127.0.0.1:\(upstream.port)"

        // When a new server replays the file, asked without following and then following
        let replay = try MockServer()
        defer { replay.stop() }
        try replay.replay(archiveAt: file)
        let moved = try await notFollowing.send(URLRequest(url: replay.url("/api/moved")))
        let away = try await notFollowing.send(URLRequest(url: replay.url("/api/away")))
        let relative = try await notFollowing.send(URLRequest(url: replay.url("/api/relative")))
        let arrived = try await HTTPClient().send(URLRequest(url: replay.url("/api/moved")))

        // Then the file kept the upstream's Location, the replay points it at itself (path and
        // query kept), leaves the other two alone, and a following client ends on the replayed target
        let recorded = try HTTPArchive(contentsOf: file).log.entries.compactMap { entry in
            entry.response.headers.first { $0.name.lowercased() == "location" }?.value
        }
        #expect(followed.text == "the new place")
        #expect(recorded.first == movedTo)
        #expect(movedTo.hasPrefix(upstreamOrigin + "/"))
        #expect(moved.statusCode == 301)
        #expect(moved.headers["Location"] == replay.url("/api/new?from=moved").absoluteString)
        #expect(away.headers["Location"] == "https://elsewhere.example/x")
        #expect(relative.headers["Location"] == "/api/new?from=relative")
        #expect(arrived.statusCode == 200)
        #expect(arrived.text == "the new place")
        #expect(arrived.url == replay.url("/api/new?from=moved"))
        #expect(replay.requests.map(\.target).suffix(2) == ["/api/moved", "/api/new?from=moved"])
    }

    @Test("An unreachable upstream gives 502 and records nothing")
    func unreachableUpstream() async throws {
        // Given a proxy to a port nobody listens on: bound without listening and held for the whole
        // test, so no server started by another test can take it meanwhile
        let folder = try TestFolder()
        defer { folder.remove() }
        let held = try LoopbackSocket.bind()
        defer { close(held.descriptor) }
        let deadURL = try #require(URL(string: "http://127.0.0.1:\(held.port)"))
        let proxy = try MockServer()
        defer { proxy.stop() }
        let file = folder.file("empty.har")
        let recorder = try proxy.forward(to: deadURL, recordingTo: file)

        // When a request goes through
        let response = try await HTTPClient { $0.acceptableStatusCodes = 200..<600 }.send(
            URLRequest(url: proxy.url("/anything")))

        // Then it gets 502 and the file stays a valid, empty archive
        #expect(response.statusCode == 502)
        #expect(recorder.entryCount == 0)
        #expect(try HTTPArchive(contentsOf: file).log.entries.isEmpty)
    }
}
