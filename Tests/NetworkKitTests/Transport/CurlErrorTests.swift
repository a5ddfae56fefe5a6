import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The failures of libcurl's table (`LibcurlErrors.md`) that a server on this machine can cause,
/// through both built-in transports: each is a typed ``HTTPError`` whose message says what went
/// wrong. libcurl's transport gives each its own `URLError` code and a summary of its own before
/// libcurl's code and detail; FoundationNetworking's URLSession, the same libcurl underneath, gives
/// most of them as `unknown` with libcurl's detail, which the client then reads as it can.
@Suite("libcurl's failures as typed errors, on both transports")
struct CurlErrorTests {
    static let engines = [BuiltInTransport.libcurl, .urlSession]

    /// A client on `engine` that waits at most ten seconds for progress.
    static func client(_ engine: BuiltInTransport, timeout: TimeInterval = 10) -> HTTPClient {
        HTTPClient {
            $0.transport = engine
            $0.timeout = timeout
        }
    }

    /// Whether `client` runs on libcurl (otherwise URLSession).
    static func onLibcurl(_ client: HTTPClient) -> Bool { client.transportName == "libcurl" }

    /// The failure of a transport error, recording an issue for any other error.
    static func transportFailure(
        _ error: HTTPError?, sourceLocation: SourceLocation = #_sourceLocation
    ) -> HTTPError.TransportFailure? {
        guard case .transport(let failure)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))", sourceLocation: sourceLocation)
            return nil
        }
        return failure
    }

    @Test("a refused connection (libcurl 7) is cannotConnectToHost, saying it could not connect", arguments: engines)
    func refusedConnection(engine: BuiltInTransport) async throws {
        // Given a port that was bound and closed again, so nothing listens on it
        let bound = try LoopbackSocket.bind()
        close(bound.descriptor)
        let client = Self.client(engine)
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(bound.port)/x")))

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }

        // Then the connection could not be made, and the message says so, naming the port
        let failure = Self.transportFailure(error)
        #expect(failure?.code == .cannotConnectToHost, "\(String(describing: error))")
        let description = error?.description ?? ""
        #expect(description.localizedCaseInsensitiveContains("connect"), "\(description)")
        #expect(description.contains("\(bound.port)"), "\(description)")
        if Self.onLibcurl(client) {
            #expect(description.contains("could not connect to the server (libcurl 7: "), "\(description)")
        }
    }

    @Test("a host name under .invalid (libcurl 6) is cannotFindHost, naming the host", arguments: engines)
    func unknownHost(engine: BuiltInTransport) async throws {
        // Given a name that never resolves (RFC 6761 reserves .invalid)
        let client = Self.client(engine)
        let request = URLRequest(url: try #require(URL(string: "http://no-such-host.invalid/x")))

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }

        // Then the name did not resolve, and the message names it
        #expect(Self.transportFailure(error)?.code == .cannotFindHost, "\(String(describing: error))")
        let description = error?.description ?? ""
        #expect(description.contains("resolve host: no-such-host.invalid"), "\(description)")
        if Self.onLibcurl(client) {
            #expect(description.contains("the host name did not resolve (libcurl 6: "), "\(description)")
        }
    }

    @Test("a connection the server never accepts (libcurl 28) times out", arguments: engines)
    func connectionTimeout(engine: BuiltInTransport) async throws {
        // Given a listener whose queue of one pending connection is full (the kernel drops the next
        // handshake), and a client that waits a second
        let listener = try LoopbackSocket.listen(backlog: 0)
        defer { close(listener.descriptor) }
        let filler = try LoopbackSocket.connect(port: listener.port)
        defer { close(filler) }
        let client = Self.client(engine, timeout: 1)
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(listener.port)/x")))

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }

        // Then the request timed out, and says so
        #expect(error == .timedOut(HTTPError.RequestSummary(request)), "\(String(describing: error))")
        #expect(error?.description.hasSuffix("timed out") == true)
    }

    /// How a test server cuts its answer short.
    enum Cut: String, CaseIterable, Sendable {
        /// After 100 of the 1000 bytes its `Content-Length` announced (libcurl 18).
        case lengthBody
        /// After 100 bytes of a chunked body (libcurl 18).
        case chunkedBody
        /// With a reset, before the head (libcurl 56).
        case reset
    }

    @Test("an answer cut short (libcurl 18, 56) is networkConnectionLost", arguments: engines, Cut.allCases)
    func cutShort(engine: BuiltInTransport, cut: Cut) async throws {
        // Given a server that cuts its answer short in this way
        let server = try MockServer()
        defer { server.stop() }
        let body = Data(repeating: UInt8(ascii: "a"), count: 1000)
        server.stub(method: .get, path: "/cut") { _ in
            switch cut {
            case .lengthBody: MockResponse(body: body).with(.closeAfter(bodyBytes: 100))
            case .chunkedBody:
                .streaming(length: nil) { writer in try await writer.write(body) }.with(.closeAfter(bodyBytes: 100))
            case .reset: MockResponse(body: body).with(.connectionReset)
            }
        }
        let client = Self.client(engine)

        // When the client asks for it
        let error = await #expect(throws: HTTPError.self) { try await client.send(URLRequest(url: server.url("cut"))) }

        // Then the connection was lost, and the message says how
        #expect(Self.transportFailure(error)?.code == .networkConnectionLost, "\(String(describing: error))")
        let description = error?.description ?? ""
        switch cut {
        case .lengthBody: #expect(description.contains("after 100 of 1000 bytes"), "\(description)")
        case .chunkedBody: #expect(description.localizedCaseInsensitiveContains("closed"), "\(description)")
        case .reset: #expect(description.localizedCaseInsensitiveContains("reset"), "\(description)")
        }
    }

    @Test("a connection closed without an answer (libcurl 52) is a transport error saying so", arguments: engines)
    func emptyReply(engine: BuiltInTransport) async throws {
        // Given a server that closes the connection without a byte
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/nothing") { _ in MockResponse.text("unsent").with(.emptyResponse) }
        let client = Self.client(engine)

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) {
            try await client.send(URLRequest(url: server.url("nothing")))
        }

        // Then libcurl's transport reports a lost connection, FoundationNetworking a bad response
        // (its code for libcurl's "empty reply"); both say the reply was empty
        let failure = Self.transportFailure(error)
        #expect(failure?.code == (Self.onLibcurl(client) ? .networkConnectionLost : .badServerResponse))
        #expect(failure?.reason.contains("Empty reply") == true, "\(String(describing: failure))")
        if Self.onLibcurl(client) {
            #expect(failure?.reason.hasPrefix("the server closed the connection without answering") == true)
        }
    }

    @Test("a redirect loop is httpTooManyRedirects, naming the limit", arguments: engines)
    func redirectLoop(engine: BuiltInTransport) async throws {
        // Given a server whose /loop redirects to itself
        let server = try MockServer()
        defer { server.stop() }
        server.stub(method: .get, path: "/loop") { _ in MockResponse(status: 302, headers: ["Location": "/loop"]) }
        let client = Self.client(engine)

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) { try await client.send(URLRequest(url: server.url("loop"))) }

        // Then the client's own limit stopped it, whichever transport ran
        #expect(Self.transportFailure(error)?.code == .httpTooManyRedirects)
        #expect(error?.description.hasSuffix("more than \(HTTPExchange.maximumRedirects) redirects") == true)
    }

    /// A reply libcurl refuses, what its message names, and libcurl's code for it.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let reply: String
        let named: String
        /// The `URLError` code on libcurl's transport; URLSession's is ``urlSessionCode``.
        let libcurlCode: URLError.Code
        let urlSessionCode: URLError.Code
        var testDescription: String { named }

        static let all = [
            // libcurl 8: the head does not parse (URLSession: unknown)
            Malformed(
                reply: "HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\nok", named: "Content-Length",
                libcurlCode: .badServerResponse, urlSessionCode: .unknown),
            Malformed(
                reply: "HTTP/1.1 200 OK\r\nX-Name: a\u{0}b\r\nContent-Length: 2\r\n\r\nok", named: "Nul byte",
                libcurlCode: .badServerResponse, urlSessionCode: .unknown),
            Malformed(
                reply: "HTTP/1.1 200 OK\r\nNoColonHere\r\nContent-Length: 2\r\n\r\nok", named: "colon",
                libcurlCode: .badServerResponse, urlSessionCode: .unknown),
            // libcurl 1: not HTTP it reads, which the client calls a bad server response on both
            Malformed(
                reply: "HTTP/1.1 20 OK\r\nContent-Length: 2\r\n\r\nok", named: "response code",
                libcurlCode: .badServerResponse, urlSessionCode: .badServerResponse),
        ]
    }

    @Test(
        "a malformed head (libcurl 8, 1) is a transport error naming what is wrong", arguments: engines, Malformed.all)
    func malformedHead(engine: BuiltInTransport, malformed: Malformed) async throws {
        // Given a server that answers with the malformed bytes
        let server = try RawReplyServer(reply: Data(malformed.reply.utf8))
        defer { server.stop() }
        let client = Self.client(engine)

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) { try await client.send(URLRequest(url: server.url("x"))) }

        // Then it is a transport error of the transport's code, whose message names the fault
        let failure = Self.transportFailure(error)
        let expected = Self.onLibcurl(client) ? malformed.libcurlCode : malformed.urlSessionCode
        #expect(failure?.code == expected, "\(String(describing: error))")
        #expect(
            failure?.reason.localizedCaseInsensitiveContains(malformed.named) == true, "\(String(describing: failure))")
    }

    @Test(
        "a gzip body that is not gzip (libcurl 61) fails, saying the content coding did not decode", arguments: engines)
    func badContentEncoding(engine: BuiltInTransport) async throws {
        // Given a server sending ten bytes that are not gzip as a gzip-coded body
        let reply = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 10\r\n\r\nnot gzip!!"
        let server = try RawReplyServer(reply: Data(reply.utf8))
        defer { server.stop() }
        let client = Self.client(engine)

        // When the client asks it
        let error = await #expect(throws: HTTPError.self) { try await client.send(URLRequest(url: server.url("x"))) }

        // Then the body could not be decoded, and the message says so
        #expect(Self.transportFailure(error)?.code == .cannotDecodeContentData, "\(String(describing: error))")
        #expect(error?.description.contains("content unencoding") == true, "\(String(describing: error))")
    }

    @Test("a port above 65535 (libcurl 3) is badURL", arguments: engines)
    func portOutOfRange(engine: BuiltInTransport) async throws {
        // Given a URL Foundation reads but libcurl does not
        let client = Self.client(engine)
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:99999/x")))

        // When the client sends it
        let error = await #expect(throws: HTTPError.self) { try await client.send(request) }

        // Then it is badURL, from libcurl's own reading of the URL
        #expect(Self.transportFailure(error)?.code == .badURL, "\(String(describing: error))")
        if Self.onLibcurl(client) {
            #expect(error?.description.contains("libcurl cannot read the URL (libcurl 3: ") == true)
        }
    }
}
