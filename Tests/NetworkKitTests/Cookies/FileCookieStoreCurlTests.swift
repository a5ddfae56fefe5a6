#if os(Linux) || os(macOS)
    import Foundation
    import MockServerKit
    import NetworkKit
    import ServiceUtilsTestSupport
    import Testing

    /// A FileCookieStore and a real second process, curl, sharing one cookie file.
    @Suite("FileCookieStore shared with the curl command-line tool")
    struct FileCookieStoreCurlTests {
        @Test("curl -b FILE -c FILE sends the store's cookies, and the store then has curl's too")
        func sharedWithCurl() async throws {
            // Given a store with one cookie for the server, and a server that sets another
            let server = try MockServer()
            defer { server.stop() }
            server.stub(
                method: .get, path: "/set", response: MockResponse(headers: ["Set-Cookie": "fromcurl=1; Path=/"]))
            let host = try #require(server.baseURL.host)
            let folder = try TestFolder()
            defer { folder.remove() }
            let file = folder.file("cookies.txt")
            let store = try FileCookieStore(contentsOf: file)
            store.insert(Cookie(name: "ours", value: "1", domain: host))

            // When curl reads and writes the same file
            let curl = try #require(curlExecutable)
            let outcome = try await CommandRunner.run(
                executable: curl, arguments: ["-s", "-b", file.path, "-c", file.path, server.url("set").absoluteString])
            #expect(outcome.status == 0, "\(outcome.error)")

            // Then curl sent our cookie, and the store sees curl's and keeps both when it saves
            #expect(server.requests.last?.headers["Cookie"] == "ours=1")
            #expect(Set(store.cookies.map(\.name)) == ["ours", "fromcurl"])
            store.insert(Cookie(name: "later", value: "1", domain: host))
            #expect(Set(try NetscapeCookieFile.read(contentsOf: file).map(\.name)) == ["ours", "fromcurl", "later"])
            #expect(store.lastError == nil)
        }
    }
#endif
