import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a broken server sends, through the default transport (libcurl on Linux, or URLSession with
/// `SERVICE_UTILS_TRANSPORT=urlSession`): each is a typed error, never a success or a hang.
@Suite("Bad input from servers through the default transport")
struct TransportBadInputTests {
    @Test("a body shorter than its Content-Length, then a closed connection, is networkConnectionLost")
    func shortBody() async throws {
        // Given a server announcing 1000 bytes, sending 9 and closing the connection
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/short") { _ in
            .streaming(headers: ["Content-Type": "text/plain"], length: 1000) { writer in
                try await writer.write("only this")
            }
        }
        let client = HTTPClient()
        let request = URLRequest(url: server.url("short"))
        let folder = try TestFolder()
        defer { folder.remove() }

        // When it is asked for the body in memory, streamed and downloaded
        let sent = await #expect(throws: HTTPError.self) { try await client.send(request) }
        let streamed = await #expect(throws: HTTPError.self) {
            for try await _ in try await client.stream(request).chunks {}
        }
        let downloaded = await #expect(throws: HTTPError.self) {
            try await client.download(request, to: folder.file("short.txt"))
        }

        // Then each is a lost connection (never a success with a short body), and no file was made
        for error in [sent, streamed, downloaded] {
            #expect(error?.urlErrorCode == .networkConnectionLost, "\(String(describing: error))")
        }
        #expect(!folder.contents.contains("short.txt"))
    }

    @Test(
        "an answer that is not HTTP is a typed transport error",
        arguments: [
            "SSH-2.0-OpenSSH_9.2\r\n",
            "HTTP/1.1 abc Broken\r\nContent-Length: 2\r\n\r\nno",
            "\u{1}\u{2}\u{3}\u{0}garbage\r\n\r\n",
        ])
    func notHTTP(reply: String) async throws {
        // Given a server that answers every request with the bytes and closes the connection
        let server = try RawReplyServer(reply: Data(reply.utf8))
        defer { server.stop() }
        let client = HTTPClient { $0.timeout = 10 }

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) {
            try await client.send(URLRequest(url: server.url("anything")))
        }

        // Then the error is a bad server response (libcurl's unsupported protocol, no HTTP/0.9 or no
        // such version, which both transports report as unsupportedURL, blaming the caller's URL),
        // saying why; and the server got the request
        #expect(error?.urlErrorCode == .badServerResponse, "\(String(describing: error))")
        #expect(error?.description.contains("HTTP") == true, "\(String(describing: error))")
        #expect(server.headRead.isOpen)
    }

    /// How a call says it may wait one second.
    enum OneSecond: String, CaseIterable, Sendable {
        /// The client's `timeout`, for a router's request.
        case clientTimeoutForRouter
        /// The request's own `timeoutInterval`.
        case requestTimeoutInterval
        /// The client's `timeout`, for a plain `URLRequest` (which carries URLRequest's default 60 s,
        /// the value ``HTTPClient`` takes for "not set" on a router's request).
        case clientTimeoutForRequest
    }

    @Test(
        "a server that accepts and never answers times out after a 1 s timeout, within a few seconds",
        arguments: OneSecond.allCases)
    func neverAnswers(timeout: OneSecond) async throws {
        // Given a server that reads the request and holds the connection without a word, and a call
        // that may wait a second
        let server = try RawReplyServer(reply: nil)
        defer { server.stop() }
        let client = HTTPClient { if timeout != .requestTimeoutInterval { $0.timeout = 1 } }
        let route = FakeRoute(server.url(""), "silence")
        var request = URLRequest(url: server.url("silence"))
        if timeout == .requestTimeoutInterval { request.timeoutInterval = 1 }
        let start = ContinuousClock.now

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) {
            if timeout == .clientTimeoutForRouter {
                _ = try await client.send(route)
            } else {
                _ = try await client.send(request)
            }
        }
        let elapsed = start.duration(to: .now)
        server.stop()
        await server.heldClosed.wait()

        // Then the request timed out, on the one connection, which the client closed after about a
        // second (seen by the server's thread; the test task itself may wait for a thread while the
        // rest of the suite runs, so its own clock only shows that nothing hung)
        #expect(error == .timedOut(HTTPError.RequestSummary(request)), "\(String(describing: error))")
        let closed = server.heldClosedAt.value.map { start.duration(to: $0) }
        #expect(closed.map { $0 >= .milliseconds(900) && $0 < .seconds(5) } == true, "\(String(describing: closed))")
        #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(60), "\(elapsed)")
        #expect(server.headRead.isOpen)
        #expect(server.connections.value == 1)
    }
}
