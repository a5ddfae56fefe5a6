#if os(Linux) || os(macOS)
    import Foundation
    import MockServerKit
    import NetworkKit
    import ServiceUtilsTestSupport
    import Testing

    /// The format against the real curl command-line tool: what curl writes is read, and what is written
    /// curl reads (so `curl -b FILE` sends those cookies).
    @Suite("NetscapeCookieFile with the curl command-line tool")
    struct NetscapeCookieFileCurlTests {
        @Test("a jar curl writes (curl -c) is read with every cookie and its flags")
        func readsCurlJar() async throws {
            // Given a server whose response sets four cookies
            let server = try MockServer()
            defer { server.stop() }
            var headers: MockHeaders = [:]
            headers.add("Set-Cookie", "session=abc123; Path=/; HttpOnly")
            headers.add("Set-Cookie", "theme=dark; Path=/app; Max-Age=3600")
            headers.add("Set-Cookie", "empty=; Path=/")
            headers.add("Set-Cookie", "lasting=yes; Path=/; Expires=Wed, 01 Jan 2098 00:00:00 GMT")
            server.stub(method: .get, path: "/login", response: MockResponse(headers: headers))
            let folder = try TestFolder()
            defer { folder.remove() }
            let jar = folder.file("curl-jar.txt")

            // When curl fetches it, saving its cookie jar
            let curl = try #require(curlExecutable)
            let outcome = try await CommandRunner.run(
                executable: curl, arguments: ["-s", "-c", jar.path, server.url("login").absoluteString])
            #expect(outcome.status == 0, "\(outcome.error)")
            let cookies = try NetscapeCookieFile.read(contentsOf: jar)

            // Then every cookie is read back with the flags curl wrote
            let byName = Dictionary(cookies.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
            #expect(Set(byName.keys) == ["session", "theme", "empty", "lasting"])
            let session = try #require(byName["session"])
            #expect(session.value == "abc123" && session.isHTTPOnly && session.isSession)
            #expect(session.domain == "127.0.0.1" && session.isHostOnly && session.path == "/" && !session.isSecure)
            let theme = try #require(byName["theme"])
            #expect(theme.path == "/app" && !theme.isHTTPOnly)
            let themeExpiry = try #require(theme.expiresAt)
            #expect(abs(themeExpiry.timeIntervalSinceNow - 3600) < 120)
            #expect(byName["empty"]?.value == "")
            // (curl 8 caps expiries at 400 days, RFC 6265bis; older versions keep 2098)
            #expect((byName["lasting"]?.expiresAt?.timeIntervalSinceNow ?? 0) > 300 * 86_400)
        }

        @Test("curl -b sends the cookies of a file written here, and only those that apply")
        func curlReadsOurFile() async throws {
            // Given a file written here with cookies for the server's host, and some that must not go
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .get, path: "/api/items", response: .text("ok"))
            let host = try #require(server.baseURL.host)
            let cookies = [
                Cookie(name: "a", value: "1", domain: host),
                Cookie(name: "b", value: "2", domain: host, path: "/api", expiresAt: Date(timeIntervalSinceNow: 3600)),
                Cookie(name: "c", value: "3", domain: host, isHTTPOnly: true),
                Cookie(name: "empty", value: "", domain: host),
                Cookie(name: "other-path", value: "x", domain: host, path: "/admin"),
                Cookie(name: "secure", value: "x", domain: host, isSecure: true),
                Cookie(name: "secure-elsewhere", value: "x", domain: "example.com", isSecure: true),
                Cookie(name: "expired", value: "x", domain: host, expiresAt: Date(timeIntervalSince1970: 1_000_000)),
                Cookie(name: "elsewhere", value: "x", domain: "example.com"),
            ]
            let folder = try TestFolder()
            defer { folder.remove() }
            let file = folder.file("cookies.txt")
            try NetscapeCookieFile.write(cookies, to: file)

            // When curl sends a request with the file
            let curl = try #require(curlExecutable)
            let outcome = try await CommandRunner.run(
                executable: curl, arguments: ["-s", "-b", file.path, server.url("api/items").absoluteString])
            #expect(outcome.status == 0, "\(outcome.error)")

            // Then the server got exactly the cookies that apply
            let request = try #require(server.requests.last)
            let header = try #require(request.headers["Cookie"])
            let pairs = Set(header.components(separatedBy: "; "))
            // (curl treats a loopback host as secure, as browsers do, so the secure cookie goes too)
            #expect(pairs == ["a=1", "b=2", "c=3", "empty=", "secure=x"], "\(header)")
        }
    }
#endif
