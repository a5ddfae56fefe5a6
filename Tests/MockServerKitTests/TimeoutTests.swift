import Foundation
import MockServerKit
import ServiceUtilsTestSupport
import Testing

@Suite("Idle and slow clients time out")
struct TimeoutTests {
    private func server() throws -> MockServer {
        var configuration = MockServer.Configuration()
        // The idle limit is long enough that a client thread descheduled between connect and its
        // first write (a loaded sanitizer run) is not taken for an idle one; the request limit is shorter.
        configuration.idleTimeout = .seconds(1)
        configuration.requestTimeout = .milliseconds(300)
        let server = try MockServer(configuration: configuration)
        server.stub(method: .get, path: "/ok", response: .text("ok"))
        return server
    }

    @Test("a client that connects and sends nothing is disconnected without an answer")
    func silentClient() async throws {
        // Given a server with a short idle timeout
        let server = try server()
        defer { server.stop() }
        let port = server.port

        // When a client connects and waits for the server to close
        let received = try await onThread { try RawClient(port: port).readUntilClosed() }

        // Then the server closed the connection without sending anything
        #expect(received.isEmpty)
    }

    @Test("a client that sends part of a request and stalls gets 408 and is disconnected")
    func slowClient() async throws {
        // Given a server with a short request timeout
        let server = try server()
        defer { server.stop() }
        let port = server.port

        // When a client sends half a head and then nothing
        let (response, rest) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /ok HTTP/1.1\r\nHo")
            return (try client.readResponse(), try client.readUntilClosed())
        }

        // Then it gets 408, the connection closes, and nothing was recorded
        #expect(response.status == 408)
        #expect(rest.isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test("a keep-alive connection is closed once idle after its request")
    func idleAfterRequest() async throws {
        // Given a server with a short idle timeout
        let server = try server()
        defer { server.stop() }
        let port = server.port

        // When a client makes one request and then keeps the connection open
        let (response, rest) = try await onThread {
            let client = try RawClient(port: port)
            try client.write("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
            return (try client.readResponse(), try client.readUntilClosed())
        }

        // Then it got its answer and later the server closed the idle connection
        #expect(response.text == "ok")
        #expect(rest.isEmpty)
    }
}
