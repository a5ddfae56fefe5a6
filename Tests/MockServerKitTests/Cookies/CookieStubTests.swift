import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@Suite("Cookies over the wire: stubs that set them, stubs that match on them, requests that record them")
struct CookieStubTests {
    /// The values of the `Set-Cookie` lines of a raw response head, in order.
    private func setCookieLines(_ head: String) -> [String] {
        head.components(separatedBy: "\r\n").compactMap { line in
            guard line.lowercased().hasPrefix("set-cookie:") else { return nil }
            return line.dropFirst("set-cookie:".count).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Sends one `GET path` per entry of `cookieFields` (each a block of header lines) on one
    /// keep-alive connection and returns each answer's status and body.
    private func send(
        _ path: String, to server: MockServer, each cookieFields: [String]
    ) async throws -> [(status: Int, body: String)] {
        let port = server.port
        return try await onThread {
            let client = try RawClient(port: port)
            var answers: [(status: Int, body: String)] = []
            for fields in cookieFields {
                try client.write("GET \(path) HTTP/1.1\r\nHost: t\r\n\(fields)\r\n")
                let response = try client.readResponse()
                answers.append((response.status, response.text))
            }
            return answers
        }
    }

    @Test(
        "a stub that sets two cookies sends two separate Set-Cookie fields, fixed or from a handler",
        arguments: ["/fixed", "/handler"])
    func twoSetCookieFields(path: String) async throws {
        // Given a fixed stub and a handler stub, each setting two cookies
        let server = try MockServer()
        defer { server.stop() }
        let response = MockResponse.text("signed in")
            .settingCookie("session", "abc", path: "/", maxAge: 3600, flags: [.secure, .httpOnly], sameSite: .lax)
            .settingCookie("theme", "dark", expires: Date(timeIntervalSince1970: 784_111_777))
        server.stub(method: .get, path: "/fixed", response: response)
        server.stub(method: .get, path: "/handler") { _ in response }

        // When a raw client asks for it
        let port = server.port
        let exchange = try await onThread {
            try RawExchange.get(path, port: port, fields: "Connection: close\r\n")
        }

        // Then the head carries both cookies as fields of their own, in order
        #expect(exchange.head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(
            setCookieLines(exchange.head) == [
                "session=abc; Path=/; Max-Age=3600; Secure; HttpOnly; SameSite=Lax",
                "theme=dark; Expires=Sun, 06 Nov 1994 08:49:37 GMT",
            ])
        #expect(String(decoding: exchange.body, as: UTF8.self) == "signed in")
    }

    @Test("a stub that deletes a cookie sends Max-Age=0 for it")
    func deletingCookie() async throws {
        // Given a logout stub
        let server = try MockServer()
        defer { server.stop() }
        server.stub(
            method: .get, path: "/logout", response: MockResponse.status(204).deletingCookie("session", path: "/"))

        // When a raw client asks for it
        let port = server.port
        let exchange = try await onThread {
            try RawExchange.get("/logout", port: port, fields: "Connection: close\r\n")
        }

        // Then the one Set-Cookie field expires the cookie at once
        #expect(setCookieLines(exchange.head) == ["session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0"])
    }

    @Test("a cookie-matching stub answers only requests carrying that cookie and value; others reach the stub below")
    func matchingOnCookie() async throws {
        // Given a default 401 and, added later, a stub for requests with session=abc
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/profile", response: .text("who are you?", status: 401))
        server.stub(method: .get, path: "/profile", matching: [.cookie("session", "abc")]) { request in
            .text("hello \(request.cookies["user"] ?? "?")")
        }

        // When requests come with the cookie, without any, with another value, or with it among others
        let answers = try await send(
            "/profile", to: server,
            each: [
                "Cookie: session=abc; user=ann\r\n", "", "Cookie: session=xyz\r\n",
                "Cookie: theme=dark\r\nCookie: user=bob; session=abc\r\n", "Cookie: session=abcd\r\n",
            ])

        // Then only those carrying session=abc get the matching stub
        #expect(answers.map(\.status) == [200, 401, 401, 200, 401])
        #expect(answers[0].body == "hello ann")
        #expect(answers[3].body == "hello bob")
    }

    @Test("with no stub below, a request that fails a matcher gets 404 naming what it lacks, not 405")
    func unmatchedNamesTheMatcher() async throws {
        // Given only stubs that want a cookie (any value) and a header
        let server = try MockServer()
        defer { server.stop() }
        server.stub(
            method: .get, path: "/admin", matching: [.cookie("session"), .header("X-Role", "admin")],
            response: .text("welcome"))
        server.stub(method: .post, path: "/admin", response: .status(204))

        // When requests come with both, with the cookie only, and with neither
        let answers = try await send(
            "/admin", to: server,
            each: ["Cookie: session=\r\nX-Role: admin\r\n", "Cookie: session=1\r\n", "X-Role: admin\r\n"])

        // Then the first is answered and the others get 404 naming the first matcher they failed
        #expect(answers.map(\.status) == [200, 404, 404])
        #expect(answers[1].body.contains("header X-Role: admin"))
        #expect(answers[2].body.contains("cookie session"))
        #expect(server.requests.count == 3)
    }

    @Test("a HEAD request falls back to a GET stub only when it meets that stub's matchers")
    func headFallbackHonoursMatchers() async throws {
        // Given a GET stub that wants a cookie
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/file", matching: [.cookie("k", "v")], response: .text("data"))

        // When HEAD requests come with and without the cookie
        let port = server.port
        let statuses = try await onThread {
            let client = try RawClient(port: port)
            try client.write("HEAD /file HTTP/1.1\r\nHost: t\r\nCookie: k=v\r\n\r\n")
            let with = try client.readResponse(bodyExpected: false).status
            try client.write("HEAD /file HTTP/1.1\r\nHost: t\r\n\r\n")
            let without = try client.readResponse(bodyExpected: false).status
            return [with, without]
        }

        // Then only the one with the cookie is answered
        #expect(statuses == [200, 404])
    }

    @Test("a predicate matcher sees the route's path parameters")
    func predicateMatcher() async throws {
        // Given a stub that answers only when the cookie `owner` names the item in the path
        let server = try MockServer()
        defer { server.stop() }
        let ownsItem = MockRequestMatcher("the owner's cookie") { request in
            request.cookies["owner"] == request.pathParameters["id"]
        }
        server.stub(method: .get, path: "/item/:id", matching: [ownsItem]) { _ in .text("yours") }

        // When the owner of 7 asks for 7 and for 8
        let mine = try await send("/item/7", to: server, each: ["Cookie: owner=7\r\n"])
        let other = try await send("/item/8", to: server, each: ["Cookie: owner=7\r\n"])

        // Then only item 7 is answered
        #expect(mine.map(\.status) == [200])
        #expect(other.map(\.status) == [404])
        #expect(other.first?.body.contains("the owner's cookie") == true)
    }

    @Test("recorded requests show the Cookie fields parsed: odd pieces, repeats, several fields, raw bytes")
    func recordedCookies() async throws {
        // Given a server answering everything under /r
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/r", response: .status(204))

        // When requests come with odd Cookie fields, one of them with bytes that are not UTF-8 (obs-text)
        let port = server.port
        let statuses = try await onThread {
            let client = try RawClient(port: port)
            var statuses: [Int] = []
            let heads = [
                "Cookie: a=1; flag;  b = two ;; a=3\r\nCookie: =x; c=\r\n",
                "Cookie:\r\n",
                "Cookie: ;  ; \r\n",
            ]
            for fields in heads {
                try client.write("GET /r HTTP/1.1\r\nHost: t\r\n\(fields)\r\n")
                statuses.append(try client.readResponse().status)
            }
            try client.write(
                Array("GET /r HTTP/1.1\r\nHost: t\r\nCookie: j=".utf8) + [0xFF, 0xFE] + Array("; k=v\r\n\r\n".utf8)
            )
            statuses.append(try client.readResponse().status)
            return statuses
        }

        // Then every request was answered and recorded with its cookies parsed
        #expect(statuses == [204, 204, 204, 204])
        let recorded = server.requests
        try #require(recorded.count == 4)
        #expect(recorded[0].cookies == ["a": "1", "": "flag", "b": "two", "c": ""])
        #expect(
            recorded[0].cookiePairs.map { "\($0.name)=\($0.value)" } == ["a=1", "=flag", "b=two", "a=3", "=x", "c="])
        #expect(recorded[1].cookies.isEmpty)
        #expect(recorded[2].cookies.isEmpty)
        #expect(recorded[3].cookies["k"] == "v")
        #expect(recorded[3].cookies["j"] == "\u{FFFD}\u{FFFD}")  // read as UTF-8, each bad byte replaced
    }
}
