import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@Suite("HTTP/1.1 framing: keep-alive, pipelining, chunked bodies, 100-continue")
struct HTTPFramingTests {
    /// A server whose `/echo` answers POST with the body it got and GET with the query.
    private func echoServer() throws -> MockServer {
        let server = try MockServer()
        server.stub(method: .post, path: "/echo") { request in MockResponse(status: 200, body: request.body) }
        server.stub(method: .get, path: "/echo") { request in .text(request.queryValue("say") ?? "") }
        return server
    }

    @Test("several requests share one keep-alive connection")
    func keepAlive() async throws {
        // Given a server and one connection
        let server = try echoServer()
        defer { server.stop() }
        let port = server.port

        // When three requests are sent one after the other on it
        let texts = try await onThread {
            let client = try RawClient(port: port)
            return try (1...3).map { number in
                try client.write("GET /echo?say=\(number) HTTP/1.1\r\nHost: test\r\n\r\n")
                return try client.readResponse().text
            }
        }

        // Then each got its answer and the server saw one connection
        #expect(texts == ["1", "2", "3"])
        #expect(Set(server.requests.map(\.connectionID)).count == 1)
    }

    @Test("pipelined requests are answered in order")
    func pipelining() async throws {
        // Given a server whose first route answers later than the second
        let server = try echoServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/slow") { _ in
            await Task.yield()
            return .text("slow")
        }
        let port = server.port

        // When three requests are written at once before reading anything
        let texts = try await onThread {
            let client = try RawClient(port: port)
            try client.write(
                "GET /slow HTTP/1.1\r\nHost: t\r\n\r\nPOST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nfastGET /echo?say=last HTTP/1.1\r\nHost: t\r\n\r\n"
            )
            return try (0..<3).map { _ in try client.readResponse().text }
        }

        // Then the answers come back in request order
        #expect(texts == ["slow", "fast", "last"])
    }

    @Test("a chunked body is decoded, extensions and trailers ignored")
    func chunkedBody() async throws {
        // Given a server echoing bodies
        let server = try echoServer()
        defer { server.stop() }
        let port = server.port

        // When a chunked body is sent in pieces
        let response = try await onThread {
            let client = try RawClient(port: port)
            try client.write(
                "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5;note=x\r\nhello\r\n")
            try client.write("7\r\n, world\r\n0\r\nX-Checksum: 1\r\n\r\n")
            return try client.readResponse()
        }

        // Then the handler got the decoded body
        #expect(response.status == 200)
        #expect(response.text == "hello, world")
    }

    @Test("Expect: 100-continue gets an interim 100 before the body is sent")
    func expectContinue() async throws {
        // Given a server echoing bodies
        let server = try echoServer()
        defer { server.stop() }
        let port = server.port

        // When a client sends only the head with Expect: 100-continue, waits for 100, then the body
        let (interim, final) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
            let interim = try client.readResponse(bodyExpected: false)
            try client.write("abc")
            return (interim.status, try client.readResponse())
        }

        // Then the interim answer was 100 and the final one carries the body
        #expect(interim == 100)
        #expect(final.status == 200)
        #expect(final.text == "abc")
    }

    @Test("HTTP/1.0 without keep-alive gets Connection: close and the connection closes")
    func http10Closes() async throws {
        // Given a server
        let server = try echoServer()
        defer { server.stop() }
        let port = server.port

        // When an HTTP/1.0 request is sent
        let (response, rest) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /echo?say=old HTTP/1.0\r\n\r\n")
            return (try client.readResponse(), try client.readUntilClosed())
        }

        // Then it is answered and then closed
        #expect(response.text == "old")
        #expect(response.headers["connection"] == "close")
        #expect(rest.isEmpty)
    }

    @Test("a HEAD request gets headers only, and the next request on the connection still works")
    func headThenGet() async throws {
        // Given a server
        let server = try echoServer()
        defer { server.stop() }
        let port = server.port

        // When HEAD and then GET are sent on one connection
        let (head, get) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("HEAD /echo?say=abc HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.readResponse(bodyExpected: false)
            try client.write("GET /echo?say=xyz HTTP/1.1\r\nHost: t\r\n\r\n")
            return (head, try client.readResponse())
        }

        // Then HEAD announced 3 bytes without sending them and GET got its own body
        #expect(head.headers["content-length"] == "3")
        #expect(get.text == "xyz")
    }

    @Test("HTTP/1.0 with Connection: keep-alive is kept open and told so")
    func http10KeepAlive() async throws {
        // Given a server
        let server = try echoServer()
        defer { server.stop() }
        let port = server.port

        // When an HTTP/1.0 client asks for keep-alive twice on one connection
        let responses = try await onThread {
            let client = try RawClient(port: port)
            return try ["a", "b"].map { word in
                try client.write("GET /echo?say=\(word) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                return try client.readResponse()
            }
        }

        // Then both are answered with Connection: keep-alive on the same connection
        #expect(responses.map(\.text) == ["a", "b"])
        #expect(responses.allSatisfy { $0.headers["connection"] == "keep-alive" })
        #expect(Set(server.requests.map(\.connectionID)).count == 1)
    }

    @Test("a handler answering with Connection: close makes the server close after the response")
    func handlerCloses() async throws {
        // Given a stub that asks to close
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/bye", response: MockResponse(status: 200, headers: ["Connection": "close"]))
        let port = server.port

        // When it is requested on a keep-alive connection
        let (response, rest) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /bye HTTP/1.1\r\nHost: t\r\n\r\n")
            return (try client.readResponse(), try client.readUntilClosed())
        }

        // Then the answer says close and the connection ends
        #expect(response.headers["connection"] == "close")
        #expect(rest.isEmpty)
    }
}
