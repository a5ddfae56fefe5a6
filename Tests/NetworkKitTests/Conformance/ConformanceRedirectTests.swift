import Foundation
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport conformance suite, redirects: every transport follows them by the exchange's rules
/// (``HTTPExchange/redirectRequest(after:for:)``), stops where the rules refuse
/// one, and hands the redirect itself over when the exchange does not follow redirects.
@Suite("Transport conformance: redirects by the exchange's rules", .timeLimit(.minutes(1)))
struct ConformanceRedirectTests {
    @Test(
        "301, 302, 307 and 308 are followed to the end; the response names the last URL",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func chain(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server sending /a through each kind of redirect to /end
        let rig = try ConformanceRig(transport)
        let hops = [("/a", 301, "/b"), ("/b", 302, "/c"), ("/c", 307, "/d"), ("/d", 308, "/end")]
        for (from, status, to) in hops {
            rig.redirect(from, status: status, to: to)
        }
        rig.server.stub(method: .get, path: "/end") { _ in .text("the end") }

        // When the transport is asked for /a
        let response = try await rig.send(rig.request("a"), via: path)
        await rig.finish()

        // Then every hop was asked once, in order, and the last one answered
        #expect(response.statusCode == 200 && response.text == "the end")
        #expect(response.url == rig.server.url("end"))
        #expect(rig.server.requests.map(\.path) == ["/a", "/b", "/c", "/d", "/end"])
    }

    @Test(
        "a 303 after a POST arrives at its target as a GET without a body or the body's headers",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func seeOther(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server answering a form POST to /submit with 303 to /result
        let rig = try ConformanceRig(transport)
        rig.redirect("/submit", method: .post, status: 303, to: "/result")
        rig.server.stub(method: .get, path: "/result") { request in .text("GET \(request.body.count)") }
        var request = rig.request("submit", method: "POST")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")

        // When the transport posts the form
        let response = try await rig.send(request, body: .data(Data("name=Ann".utf8)), via: path)
        await rig.finish()

        // Then the POST carried the form, and /result got a GET without it
        #expect(response.text == "GET 0")
        let requests = rig.server.requests
        #expect(requests.map { "\($0.method) \($0.path)" } == ["POST /submit", "GET /result"])
        #expect(requests.first?.bodyText == "name=Ann")
        let get = try #require(requests.last)
        #expect(get.headers["Content-Type"] == nil)
        #expect(get.headers["Content-Length"] == nil || get.headers["Content-Length"] == "0")
    }

    @Test(
        "a 307 after a POST keeps the method and sends the body again from its start",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func temporaryRedirect(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server answering a POST to /temporary with 307 to /result, which echoes the body
        let rig = try ConformanceRig(transport)
        rig.redirect("/temporary", method: .post, status: 307, to: "/result")
        rig.server.stub(method: .post, path: "/result") { request in .text("POST \(request.bodyText ?? "")") }

        // When the transport posts the form
        let request = rig.request("temporary", method: "POST")
        let response = try await rig.send(request, body: .data(Data("name=Ann".utf8)), via: path)
        await rig.finish()

        // Then the same POST with the same body reached /result
        #expect(response.text == "POST name=Ann")
        #expect(rig.server.requests.map { "\($0.method) \($0.path)" } == ["POST /temporary", "POST /result"])
        #expect(rig.server.requests.last?.bodyText == "name=Ann")
    }

    @Test(
        "a 308 after a PUT sends a body of each kind again, whole and framed as the first time",
        arguments: ConformanceTransport.all, ConformanceRequestTests.BodyKind.allCases)
    func permanentRedirect(transport: ConformanceTransport, kind: ConformanceRequestTests.BodyKind) async throws {
        // Given a server answering a PUT to /moved with 308 to /result, which answers with the length it read
        let rig = try ConformanceRig(transport)
        rig.redirect("/moved", method: .put, status: 308, to: "/result")
        rig.server.stub(method: .put, path: "/result") { request in .text("\(request.body.count)") }
        let folder = try TestFolder()
        defer { folder.remove() }
        let content = ConformanceRequestTests.content
        let body = try kind.body(content, in: folder)

        // When an exchange puts the body there
        let response = try await rig.send(rig.request("moved", method: "PUT"), body: body, via: .exchange)
        await rig.finish()

        // Then both hops were the PUT with the whole body (a stream made afresh), framed the same way
        #expect(response.statusCode == 200 && response.text == "\(content.count)")
        let requests = rig.server.requests
        #expect(requests.map { "\($0.method) \($0.path)" } == ["PUT /moved", "PUT /result"])
        let chunked = ConformanceRequestTests.isChunked(kind, on: rig.transport.inner)
        for request in requests {
            #expect(ConformanceRequestTests.isContent(request.body), "\(request.path) read \(request.body.count) bytes")
            #expect(request.headers["Content-Length"] == (chunked ? nil : "\(content.count)"))
        }
    }

    @Test(
        "a redirect to another origin drops Authorization and Cookie; one on the same origin keeps them",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func credentials(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server that sends /away to itself as localhost, and /near to itself as 127.0.0.1
        let rig = try ConformanceRig(transport)
        let landing = try #require(URL(string: "http://localhost:\(rig.server.port)/landing"))
        rig.redirect("/away", to: landing.absoluteString)
        rig.redirect("/near", to: "/landing")
        rig.server.stub(method: .get, path: "/landing") { _ in .text("landed") }
        func request(_ path: String) -> URLRequest {
            var request = rig.request(path)
            request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
            request.setValue("session=1", forHTTPHeaderField: "Cookie")
            return request
        }

        // When the transport follows each with credentials
        let away = try await rig.send(request("away"), via: path)
        let near = try await rig.send(request("near"), via: path)
        await rig.finish()

        // Then they reached /away and both /landings' origins as the rules say
        #expect(away.url == landing && near.text == "landed")
        let requests = rig.server.requests
        #expect(requests.map(\.path) == ["/away", "/landing", "/near", "/landing"])
        #expect(requests[0].headers["Authorization"] == "Bearer secret")
        #expect(requests[1].headers["Authorization"] == nil && requests[1].headers["Cookie"] == nil)
        #expect(requests[3].headers["Authorization"] == "Bearer secret" && requests[3].headers["Cookie"] == "session=1")
    }

    @Test(
        "16 redirects are followed, the 17th is httpTooManyRedirects, without asking for it",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func tooMany(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server whose /hop/N redirects to /hop/N+1 up to /hop/17, which answers
        let rig = try ConformanceRig(transport)
        rig.server.stub(method: .get, path: "/hop/:n") { request in
            let hop = Int(request.pathParameters["n"] ?? "") ?? 0
            return hop < 17 ? MockResponse(status: 302, headers: ["Location": "/hop/\(hop + 1)"]) : .text("end")
        }

        // When the transport starts 16 hops away, then 17
        let followed = try await rig.send(rig.request("hop/1"), via: path)
        rig.server.clearRequests()
        let error = await #expect(throws: HTTPError.self) { try await rig.send(rig.request("hop/0"), via: path) }
        await rig.finish()

        // Then the first reached the end, the second stopped at the limit
        #expect(followed.text == "end")
        #expect(error?.urlErrorCode == .httpTooManyRedirects, "\(String(describing: error))")
        #expect(rig.server.requests.map(\.path) == (0...16).map { "/hop/\($0)" })
    }

    @Test(
        "a redirect to a refused scheme (ftp) is unsupportedURL naming the location, and is not followed",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func refusedScheme(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server sending /files to an FTP server
        let rig = try ConformanceRig(transport)
        rig.redirect("/files", to: "ftp://files.example/report.pdf")

        // When the transport is asked for /files
        let error = await #expect(throws: HTTPError.self) { try await rig.send(rig.request("files"), via: path) }
        await rig.finish()

        // Then it is a transport error of code unsupportedURL naming the location, and nothing else was asked
        guard case .transport(let failure)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure.code == .unsupportedURL)
        #expect(failure.reason.contains("ftp://files.example/report.pdf"), "\(failure.reason)")
        #expect(rig.server.requests.map(\.path) == ["/files"])
    }

    @Test(
        "with followsRedirects off, the redirect is the answer: its status, Location and body",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func notFollowed(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server redirecting /old to /new with a body of its own
        let rig = try ConformanceRig(transport)
        rig.redirect("/old", to: "/new", body: "see /new")
        rig.server.stub(method: .get, path: "/new") { _ in .text("new") }

        // When the transport is asked for /old without following redirects
        let response = try await rig.send(rig.request("old"), via: path, followsRedirects: false)
        await rig.finish()

        // Then the redirect itself came back, and /new was never asked for
        #expect(response.statusCode == 302)
        #expect(response.headers["Location"] == "/new")
        #expect(response.text == "see /new")
        #expect(rig.server.requests.map(\.path) == ["/old"])
    }

    @Test(
        "a redirect onto a pinned host over plain http is refused before that host is asked",
        arguments: ConformanceTransport.all, ConformancePath.allCases)
    func ontoPinnedHost(transport: ConformanceTransport, path: ConformancePath) async throws {
        // Given a server reachable as 127.0.0.1 and as localhost, pins for localhost, and a redirect there
        let rig = try ConformanceRig(transport)
        let pinned = try #require(URL(string: "http://localhost:\(rig.server.port)/secret"))
        rig.redirect("/open", to: pinned.absoluteString)
        rig.server.stub(method: .get, path: "/secret") { _ in .text("secret") }
        var pins = PublicKeyPins()
        try pins.pin("localhost", to: ["i7WTqTvh0OioIruIfFR4kMPnBqrS2rdiVPl/s2uC/CY="])

        // When the transport is asked for /open on 127.0.0.1
        let request = rig.request("open")
        let error = await #expect(throws: HTTPError.self) { try await rig.send(request, via: path, pins: pins) }
        await rig.finish()

        // Then the redirect was refused for the pins, as the transport's ability says, and
        // localhost never asked
        let reason: HTTPError.PinningFailureReason =
            transport.checksServerTrust ? .insecureScheme("http") : .unsupportedPlatform
        #expect(
            error?.pinningFailure
                == HTTPError.PinningFailure(
                    request: HTTPError.RequestSummary(request), host: "localhost", reason: reason))
        #expect(rig.server.requests.map(\.path) == ["/open"])
    }
}
