#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
    import InternalServiceUtilities
    import MockServerKit
    import NetworkKit
    import ServiceUtilsTestSupport
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    /// What the libcurl transport (Linux's automatic ``BuiltInTransport``) must do as the URLSession one
    /// does; every other transfer test runs through it too, and these compare the two where it matters.
    @Suite("Transfers through libcurl and through URLSession")
    struct CurlTransportTests {
        @Test(
            "a server that stops sending mid-body times out after the configured idle time",
            arguments: [BuiltInTransport.libcurl, .urlSession])
        func idleTimeout(engine: BuiltInTransport) async throws {
            // Given a server that sends its head and a first piece, then nothing
            let server = try MockServer()
            defer { server.stop() }
            let hold = Latch()
            defer { hold.open() }
            server.stub(method: .get, path: "/idle") { _ in
                .streaming(headers: ["Content-Length": "1000"]) { writer in
                    try await writer.write("first")
                    await hold.wait()
                }
            }
            let folder = try TestFolder()
            defer { folder.remove() }
            let client = HTTPClient {
                $0.timeout = 1
                $0.transport = engine
            }

            // When a download waits for the rest
            let error = await #expect(throws: HTTPError.self) {
                try await client.download(ServerRoute(server, "idle"), to: folder.file("idle.bin"))
            }

            // Then it timed out, and nothing but the partial file kept for a resume is left
            #expect(error?.isTimedOut == true, "\(String(describing: error))")
            #expect(!folder.contents.contains("idle.bin"))
        }

        @Test("the automatic transport is libcurl, or URLSession when SERVICE_UTILS_TRANSPORT=urlSession")
        func automaticEngine() async throws {
            // Given a file above the memory threshold, which only libcurl sends with its length on Linux
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .post, path: "/upload") { request in MockResponse(status: 201, body: request.body) }
            let folder = try TestFolder()
            defer { folder.remove() }
            let file = folder.file("body.bin")
            try testBytes(50_000).write(to: file)

            // When a client with the default configuration uploads it
            _ = try await HTTPClient().upload(
                .file(file), to: ServerRoute(server, "upload", method: .post),
                options: UploadOptions(framing: .contentLength, multipartMemoryThreshold: 1_000))

            // Then the framing says which transport sent it: the one the environment asks for
            let viaURLSession = ProcessInfo.processInfo.environment["SERVICE_UTILS_TRANSPORT"] == "urlSession"
            let headers = try #require(server.requests.last?.headers)
            #expect(headers["Content-Length"] == (viaURLSession ? nil : "50000"))
            #expect(headers["Transfer-Encoding"] == (viaURLSession ? "chunked" : nil))
        }

        @Test(
            "a 307 redirect of a streamed upload sends the whole body again to the new place",
            arguments: [UploadOptions.Framing.contentLength, .chunked])
        func redirectedStreamedUpload(framing: UploadOptions.Framing) async throws {
            // Given a server that moves /old to /new, and a file large enough to be streamed
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .post, path: "/old") { _ in
                MockResponse(status: 307, headers: ["Location": "/new"])
            }
            server.stub(method: .post, path: "/new") { request in MockResponse(status: 201, body: request.body) }
            let folder = try TestFolder()
            defer { folder.remove() }
            let content = testBytes(300_000)
            let file = try folder.write(content, to: "body.bin")

            // When it is uploaded to /old
            let response = try await HTTPClient { $0.transport = .libcurl }.upload(
                .file(file), to: ServerRoute(server, "old", method: .post),
                options: UploadOptions(framing: framing, multipartMemoryThreshold: 1_000))

            // Then /new received it whole with the same method, framed as asked
            #expect(response.statusCode == 201)
            #expect(response.body == content)
            let moved = try #require(server.requests.last)
            #expect(moved.path == "/new" && moved.method == "POST")
            #expect(moved.headers["Content-Length"] == (framing == .contentLength ? String(content.count) : nil))
        }

        @Test(
            "one client's transfers in a row reuse its connection",
            arguments: [BuiltInTransport.libcurl, .urlSession])
        func connectionReuse(engine: BuiltInTransport) async throws {
            // Given a server and one client
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .get, path: "/piece") { _ in .text("piece") }
            let client = HTTPClient { $0.transport = engine }
            let folder = try TestFolder()
            defer { folder.remove() }

            // When it streams, downloads and streams again, one after the other
            for round in 0..<3 {
                if round == 1 {
                    _ = try await client.download(ServerRoute(server, "piece"), to: folder.file("piece.txt"))
                } else {
                    var body = Data()
                    for try await chunk in try await client.stream(ServerRoute(server, "piece")).chunks {
                        body.append(chunk)
                    }
                    #expect(body == Data("piece".utf8))
                }
            }

            // Then the three requests came over one connection
            let connections = Set(server.requests.map(\.connectionID))
            #expect(server.requests.count == 3)
            #expect(connections.count == 1, "connections: \(connections)")
        }

        @Test(
            "a streamed POST sends its body; an infinite timeout is no limit",
            arguments: [BuiltInTransport.libcurl, .urlSession])
        func streamedPostWithBody(engine: BuiltInTransport) async throws {
            // Given a server echoing what it is sent, and a POST carrying JSON
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .post, path: "/report") { request in MockResponse(status: 200, body: request.body) }
            var request = URLRequest(url: server.baseURL.appendingPathComponent("report"))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"month":"2026-11"}"#.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let client = HTTPClient {
                $0.transport = engine
                $0.timeout = .infinity
            }

            // When it is streamed
            var body = Data()
            for try await chunk in try await client.stream(request).chunks { body.append(chunk) }

            // Then the server got the body with its length and type, and echoed it
            let sent = try #require(server.requests.last)
            #expect(sent.body == request.httpBody)
            #expect(sent.headers["Content-Length"] == String(request.httpBody?.count ?? -1))
            #expect(sent.headers["Content-Type"] == "application/json")
            #expect(body == request.httpBody)
            // And the same client's data requests take the unlimited timeout too
            #expect(try await client.send(request).body == request.httpBody)
        }

        @Test(
            "a PUT answered 303 is followed with a GET; answered 307, with the PUT and its body again",
            arguments: [BuiltInTransport.libcurl, .urlSession])
        func putRedirects(engine: BuiltInTransport) async throws {
            // Given a server that sends a PUT on to /done, with a 303 or a 307
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .put, path: "/see-other") { _ in
                MockResponse(status: 303, headers: ["Location": "/done"])
            }
            server.stub(method: .put, path: "/temporary") { _ in
                MockResponse(status: 307, headers: ["Location": "/done"])
            }
            server.stub(method: .get, path: "/done") { _ in .text("got") }
            server.stub(method: .put, path: "/done") { request in MockResponse(status: 201, body: request.body) }
            let client = HTTPClient { $0.transport = engine }
            let content = testBytes(70_000)

            // When data is uploaded with PUT to each
            let seen = try await client.upload(.data(content), to: ServerRoute(server, "see-other", method: .put))
            let afterSeeOther = try #require(server.requests.last)
            let kept = try await client.upload(.data(content), to: ServerRoute(server, "temporary", method: .put))
            let afterTemporary = try #require(server.requests.last)

            // Then the 303 became a GET without a body, and the 307 kept the PUT and the whole body
            #expect(seen.text == "got")
            #expect(afterSeeOther.method == "GET" && afterSeeOther.path == "/done" && afterSeeOther.body.isEmpty)
            #expect(kept.statusCode == 201 && afterTemporary.method == "PUT")
            #expect(kept.body == content && afterTemporary.body == content)
        }

        @Test(
            "a redirect to a Location that is not an http(s) URL is a typed error, whichever side follows it",
            arguments: [HTTPMethod.get, .put])
        func badRedirectLocations(method: HTTPMethod) async throws {
            // Given a server sending every request on to another scheme, or to something that is no URL
            let server = try MockServer()
            defer { server.stop() }
            for (path, location) in [("/elsewhere", "ftp://127.0.0.1/file"), ("/broken", "http://[oops")] {
                server.stub(method: method == .put ? .put : .get, path: path) { _ in
                    MockResponse(status: 303, headers: ["Location": location])
                }
            }
            let client = HTTPClient { $0.transport = .libcurl }
            let folder = try TestFolder()
            defer { folder.remove() }

            // When a download (GET, followed by libcurl) or an upload (PUT, followed here) goes there
            func send(_ path: String) async throws {
                if method == .put {
                    _ = try await client.upload(.data(Data("x".utf8)), to: ServerRoute(server, path, method: .put))
                } else {
                    _ = try await client.download(ServerRoute(server, path), to: folder.file("file"))
                }
            }
            let scheme = await #expect(throws: HTTPError.self) { try await send("elsewhere") }
            let broken = await #expect(throws: HTTPError.self) { try await send("broken") }

            // Then each is the transport error URLSession would give, and nothing was left on disk
            #expect(scheme?.urlErrorCode == .unsupportedURL, "\(String(describing: scheme))")
            #expect(broken?.urlErrorCode == .badURL, "\(String(describing: broken))")
            #expect(folder.contents.isEmpty)
        }

        @Test(
            "nothing listening is cannotConnectToHost, and no file is made",
            arguments: [BuiltInTransport.libcurl, .urlSession])
        func connectionRefused(engine: BuiltInTransport) async throws {
            // Given a port bound without listening, held for the whole test (closing it would let a
            // server of another test take it)
            let bound = try LoopbackSocket.bind()
            defer { close(bound.descriptor) }
            let url = try #require(URL(string: "http://127.0.0.1:\(bound.port)/file"))
            let folder = try TestFolder()
            defer { folder.remove() }

            // When a download starts there
            let error = await #expect(throws: HTTPError.self) {
                try await HTTPClient { $0.transport = engine }.download(
                    URLRequest(url: url), to: folder.file("file.bin"))
            }

            // Then the error is the connection's, and the folder is empty
            #expect(error?.urlErrorCode == .cannotConnectToHost, "\(String(describing: error))")
            #expect(folder.contents.isEmpty)
        }

        @Test(
            "repeated response headers are joined with commas; the status and head arrive as sent",
            arguments: [BuiltInTransport.libcurl, .urlSession])
        func responseHead(engine: BuiltInTransport) async throws {
            // Given a server answering with a repeated header and a custom reason phrase
            let server = try MockServer()
            defer { server.stop() }
            server.stub(method: .get, path: "/head") { _ in
                var headers = MockHeaders()
                headers.add("X-Tag", "one")
                headers.add("X-Tag", "two")
                headers.add("Content-Type", "text/plain; charset=utf-8")
                return MockResponse(status: 203, headers: headers, body: Data("body".utf8))
            }

            // When it is streamed
            let stream = try await HTTPClient { $0.transport = engine }.stream(ServerRoute(server, "head"))
            var body = Data()
            for try await chunk in stream.chunks { body.append(chunk) }

            // Then the head is as sent
            #expect(stream.response.statusCode == 203)
            #expect(stream.response.headers["x-tag"] == "one, two")
            #expect(stream.response.mimeType == "text/plain")
            #expect(stream.response.headers["Content-Length"] == "4")
            #expect(body == Data("body".utf8))
        }
    }
#endif
