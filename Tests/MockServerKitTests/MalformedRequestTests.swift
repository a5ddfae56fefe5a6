import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@Suite("Malformed and oversized requests")
struct MalformedRequestTests {
    /// Sends `bytes` (then half-closes when asked), returns the answer and whether the server then
    /// closed the connection.
    private func exchange(
        _ server: MockServer, _ bytes: [UInt8], halfClose: Bool = false
    ) async throws -> (RawResponse, closed: Bool) {
        let port = server.port
        return try await onThread {
            let client = try RawClient(port: port)
            try client.write(bytes)
            if halfClose { client.shutdownWrite() }
            let response = try client.readResponse()
            return (response, try client.readUntilClosed().isEmpty)
        }
    }

    /// Checks the server still answers a well-formed request on a new connection.
    private func stillServes(_ server: MockServer) async throws -> Bool {
        let port = server.port
        let response = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse()
        }
        return response.status == 200 && response.text == "ok"
    }

    private func server(_ configure: (inout MockServer.Configuration) -> Void = { _ in }) throws -> MockServer {
        var configuration = MockServer.Configuration()
        configure(&configuration)
        let server = try MockServer(configuration: configuration)
        server.stub(method: .get, path: "/ok", response: .text("ok"))
        server.stub(method: .post, path: "/ok", response: .text("ok"))
        return server
    }

    @Test(
        "malformed request heads get 400 and the connection closes",
        arguments: [
            "GET /ok\r\n\r\n",  // request line without a version
            "GET  /ok HTTP/1.1\r\nHost: t\r\n\r\n",  // two spaces
            "G(T /ok HTTP/1.1\r\nHost: t\r\n\r\n",  // not a token
            "GET /ok HTTP/1.1\r\n\r\n",  // no Host
            "GET /ok HTTP/1.1\r\nHost: t\r\nBad Name: x\r\n\r\n",  // space in a field name
            "GET /ok HTTP/1.1\r\nHost: t\r\nX: a\r\n folded\r\n\r\n",  // obsolete line folding
            "POST /ok HTTP/1.1\r\nHost: t\r\nContent-Length: 1x\r\n\r\n",  // bad length
            "POST /ok HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
            "POST /ok HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            // An empty Content-Length is no length: beside chunked framing (found by the
            // request-head fuzzer), alone, or as an empty list element
            "POST /ok HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Length:\r\n\r\n0\r\n\r\n",
            "POST /ok HTTP/1.1\r\nHost: t\r\nContent-Length:\r\n\r\n",
            "POST /ok HTTP/1.1\r\nHost: t\r\nContent-Length: 3,\r\n\r\nabc",
            // An empty Transfer-Encoding names no framing, beside a length too (also the fuzzer's)
            "POST /ok HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: \r\nContent-Length: 3\r\n\r\nabc",
            "POST /ok HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: ,\r\n\r\n",
        ])
    func malformedHeads(_ request: String) async throws {
        // Given a server
        let server = try server()
        defer { server.stop() }

        // When the malformed request is sent
        let (response, closed) = try await exchange(server, Array(request.utf8))

        // Then it gets 400, the connection closes, and the server serves the next client
        #expect(response.status == 400)
        #expect(response.headers["connection"] == "close")
        #expect(closed)
        #expect(try await stillServes(server))
    }

    @Test("a request line cut short by the client closing gets 400")
    func truncatedRequestLine() async throws {
        // Given a server
        let server = try server()
        defer { server.stop() }

        // When a client sends half a request line and shuts down its side
        let (response, closed) = try await exchange(server, Array("GET /o".utf8), halfClose: true)

        // Then the server answers 400 and closes
        #expect(response.status == 400)
        #expect(closed)
        #expect(try await stillServes(server))
    }

    @Test("a 1 MB header section gets 431")
    func hugeHeader() async throws {
        // Given a server with the default 64 KiB header limit
        let server = try server()
        defer { server.stop() }

        // When a request with a 1 MB header field is sent
        let request = "GET /ok HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "a", count: 1 << 20) + "\r\n\r\n"
        let (response, closed) = try await exchange(server, Array(request.utf8))

        // Then it gets 431 and the connection closes
        #expect(response.status == 431)
        #expect(closed)
        #expect(try await stillServes(server))
    }

    @Test("an invalid chunk size gets 400")
    func invalidChunkSize() async throws {
        // Given a server
        let server = try server()
        defer { server.stop() }

        // When a chunked body announces a size that is not hexadecimal
        let request = "POST /ok HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"
        let (response, closed) = try await exchange(server, Array(request.utf8))

        // Then it gets 400 and the connection closes
        #expect(response.status == 400)
        #expect(closed)
        #expect(try await stillServes(server))
    }

    @Test("bodies over the limit get 413, announced or chunked")
    func bodyTooLarge() async throws {
        // Given a server accepting at most 1 KiB of body
        let server = try server { $0.maxBodyBytes = 1024 }
        defer { server.stop() }

        // When a larger body is announced, and another one arrives chunked
        let announced = "POST /ok HTTP/1.1\r\nHost: t\r\nContent-Length: 4096\r\n\r\n"
        let chunk = String(repeating: "b", count: 2048)
        let chunked = "POST /ok HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n\(chunk)\r\n0\r\n\r\n"
        let (first, _) = try await exchange(server, Array(announced.utf8))
        let (second, closed) = try await exchange(server, Array(chunked.utf8))

        // Then both get 413
        #expect(first.status == 413)
        #expect(second.status == 413)
        #expect(closed)
        #expect(try await stillServes(server))
    }

    @Test("an unsupported version gets 505 and an unknown transfer coding 501")
    func unsupportedFeatures() async throws {
        // Given a server
        let server = try server()
        defer { server.stop() }

        // When HTTP/2.0 in a request line and a gzip transfer coding are sent
        let (version, _) = try await exchange(server, Array("GET /ok HTTP/2.0\r\nHost: t\r\n\r\n".utf8))
        let coding = "POST /ok HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"
        let (transfer, _) = try await exchange(server, Array(coding.utf8))

        // Then they get 505 and 501
        #expect(version.status == 505)
        #expect(transfer.status == 501)
    }

    @Test("a target holding raw bytes outside ASCII is served, those bytes percent-encoded; a raw DEL still gets 400")
    func rawNonASCIITarget() async throws {
        // Given a server with a stub on a Cyrillic path
        let server = try server()
        defer { server.stop() }
        server.stub(method: .get, path: "/поиск") { request in .text(request.queryValue("q") ?? "") }

        // When the path and query are sent as raw UTF-8 (as curl sends a query), one more query byte
        // not being UTF-8 at all, and then a target with a raw DEL
        let raw = Array("GET /поиск?q=молоко&b=".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        let port = server.port
        let answer = try await onThread {
            let client = try RawClient(port: port)
            try client.write(raw)
            return try client.readResponse()
        }
        let (refused, closed) = try await exchange(server, Array("GET /o\u{7F}k HTTP/1.1\r\nHost: t\r\n\r\n".utf8))

        // Then the stub answered with the decoded query, the recorded target holds the bytes
        // percent-encoded, and the DEL was refused
        #expect(answer.status == 200)
        #expect(answer.text == "молоко")
        #expect(
            server.requests.first?.target
                == "/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA?q=%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE&b=%FF")
        #expect(refused.status == 400)
        #expect(closed)
    }
}
