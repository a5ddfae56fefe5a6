import Foundation
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect rules every transport shares (``HTTPExchange/redirectRequest(after:for:)``), through
/// both built-in transports: libcurl, which asks the exchange about each redirect it meets, and
/// URLSession, whose delegate sends the request the exchange returns.
@Suite("Redirect rules through the built-in transports")
struct TransportRedirectTests {
    static let engines = [BuiltInTransport.libcurl, .urlSession]

    /// A `method` request for `path` on `server`, with a small body when the method takes one.
    static func request(_ server: MockServer, _ path: String, method: HTTPMethod = .get) -> URLRequest {
        var request = URLRequest(url: server.url(path))
        request.httpMethod = method.rawValue
        if method != .get { request.httpBody = Data("name=Ann".utf8) }
        return request
    }

    @Test(
        "a redirect to file:///etc/passwd is unsupportedURL naming the location, for GET and PUT",
        arguments: engines, [HTTPMethod.get, .put])
    func fileLocation(engine: BuiltInTransport, method: HTTPMethod) async throws {
        // Given a server sending the request on to a local file
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: MockRequest.Method(rawValue: method.rawValue), path: "/leak") { _ in
            MockResponse(status: 302, headers: ["Location": "file:///etc/passwd"])
        }
        let client = HTTPClient { $0.transport = engine }

        // When the client sends it
        let error = await #expect(throws: HTTPError.self) {
            try await client.send(Self.request(server, "leak", method: method))
        }

        // Then it is a transport error of code unsupportedURL that names the location, and the
        // server saw only the first request
        guard case .transport(let failure)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure.code == .unsupportedURL)
        #expect(failure.reason.contains("file:///etc/passwd"), "\(failure.reason)")
        #expect(error?.description.contains("file:///etc/passwd") == true)
        #expect(server.requests.map(\.path) == ["/leak"])
    }

    @Test("with followsRedirects off, a redirect is the answer: status, Location and body", arguments: engines)
    func notFollowed(engine: BuiltInTransport) async throws {
        // Given a server redirecting /old to /new with a body of its own
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/old") { _ in
            MockResponse(status: 302, headers: ["Location": "/new"], body: Data("see /new".utf8))
        }
        server.stub(method: .get, path: "/new") { _ in .text("new") }
        let client = HTTPClient {
            $0.transport = engine
            $0.followsRedirects = false
        }

        // When the client asks for /old
        let response = try await client.send(Self.request(server, "old"))

        // Then the redirect itself is the answer, and /new was never asked for
        #expect(response.statusCode == 302)
        #expect(response.headers["Location"] == "/new")
        #expect(response.text == "see /new")
        #expect(server.requests.map(\.path) == ["/old"])
    }

    @Test("a Location that is not a URL is badURL", arguments: engines)
    func locationNotAURL(engine: BuiltInTransport) async throws {
        // Given a server answering with a Location that does not parse as a URL
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/broken") { _ in
            MockResponse(status: 302, headers: ["Location": "http://[oops"])
        }
        let client = HTTPClient { $0.transport = engine }

        // When the client asks for it
        let error = await #expect(throws: HTTPError.self) { try await client.send(Self.request(server, "broken")) }

        // Then it is a transport error of code badURL, and nothing else was asked
        #expect(error?.urlErrorCode == .badURL, "\(String(describing: error))")
        #expect(server.requests.map(\.path) == ["/broken"])
    }

    @Test("16 chained redirects are followed; 17 are httpTooManyRedirects", arguments: engines)
    func redirectLimit(engine: BuiltInTransport) async throws {
        // Given a server whose /hop/N redirects to /hop/N+1 up to /hop/17, which answers
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/hop/:n") { request in
            let hop = Int(request.pathParameters["n"] ?? "") ?? 0
            return hop < 17 ? MockResponse(status: 302, headers: ["Location": "/hop/\(hop + 1)"]) : .text("end")
        }
        let client = HTTPClient { $0.transport = engine }

        // When the client starts 16 hops away, then 17
        let followed = try await client.send(Self.request(server, "hop/1"))
        server.clearRequests()
        let error = await #expect(throws: HTTPError.self) { try await client.send(Self.request(server, "hop/0")) }

        // Then 16 were followed to the end, and the 17th was refused without being asked
        #expect(followed.text == "end")
        #expect(followed.url == server.url("hop/17"))
        #expect(error?.urlErrorCode == .httpTooManyRedirects, "\(String(describing: error))")
        #expect(server.requests.map(\.path) == (0...16).map { "/hop/\($0)" })
    }

    @Test("a 303 after a POST arrives at its target as a GET without a body", arguments: engines)
    func seeOtherAfterPost(engine: BuiltInTransport) async throws {
        // Given a server answering a form POST with 303 to /result
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .post, path: "/submit") { _ in
            MockResponse(status: 303, headers: ["Location": "/result"])
        }
        server.stub(method: .get, path: "/result") { _ in .text("done") }
        var request = Self.request(server, "submit", method: .post)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let client = HTTPClient { $0.transport = engine }

        // When the client posts the form
        let response = try await client.send(request)

        // Then the POST carried the form, and /result got a GET without a body or a body's headers
        #expect(response.text == "done")
        let requests = server.requests
        #expect(requests.map { "\($0.method) \($0.path)" } == ["POST /submit", "GET /result"])
        #expect(requests.first?.body == Data("name=Ann".utf8))
        let target = try #require(requests.last)
        #expect(target.body.isEmpty)
        #expect(target.headers["Content-Type"] == nil)
        #expect(target.headers["Content-Length"] == nil || target.headers["Content-Length"] == "0")
    }

    @Test(
        "a redirect to another origin (127.0.0.1 to localhost) drops Authorization and Cookie; one to the same origin keeps them",
        arguments: engines)
    func crossOriginDropsCredentials(engine: BuiltInTransport) async throws {
        // Given a server that sends /away to itself as localhost and /near to itself as 127.0.0.1
        let server = try MockServer()
        defer { server.stop() }
        let landing = try #require(URL(string: "http://localhost:\(server.port)/landing"))
        server.stub(method: .get, path: "/away") { _ in
            MockResponse(status: 302, headers: ["Location": landing.absoluteString])
        }
        server.stub(method: .get, path: "/near") { _ in MockResponse(status: 302, headers: ["Location": "/landing"]) }
        server.stub(method: .get, path: "/landing") { _ in .text("landed") }
        let client = HTTPClient { $0.transport = engine }
        func request(_ path: String) -> URLRequest {
            var request = Self.request(server, path)
            request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
            request.setValue("session=1", forHTTPHeaderField: "Cookie")
            return request
        }

        // When the client follows each with credentials
        let away = try await client.send(request("away"))
        let afterAway = server.requests
        server.clearRequests()
        let near = try await client.send(request("near"))
        let afterNear = server.requests

        // Then the credentials reached /away but not the other origin's /landing, and stayed on the
        // same origin's redirect
        #expect(away.text == "landed" && away.url == landing)
        #expect(afterAway.map(\.path) == ["/away", "/landing"])
        #expect(afterAway.first?.headers["Authorization"] == "Bearer secret")
        #expect(afterAway.last?.headers["Authorization"] == nil)
        #expect(afterAway.last?.headers["Cookie"] == nil)
        #expect(near.text == "landed")
        #expect(afterNear.map(\.path) == ["/near", "/landing"])
        #expect(afterNear.last?.headers["Authorization"] == "Bearer secret")
        #expect(afterNear.last?.headers["Cookie"] == "session=1")
    }
}
