import Foundation
import MockServerKit
import Testing

@Suite("Stopping a server")
struct StopTests {
    @Test("stop closes every open connection and frees the port")
    func stopClosesConnectionsAndPort() async throws {
        // Given a server with three connections, one of them mid-request
        let server = try MockServer()
        server.stub(method: .get, path: "/ok", response: .text("ok"))
        let port = server.port
        let closed = try await onThread {
            let clients = try (0..<3).map { _ in try RawClient(port: port) }
            try clients[0].write("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try clients[0].readResponse()
            try clients[1].write("GET /ok HTTP/1.1\r\nHo")

            // When the server stops
            server.stop()
            return try clients.map { try $0.readUntilClosed().isEmpty }
        }

        // Then every client saw its connection closed, and a new server can bind the same port
        #expect(closed == [true, true, true])
        var configuration = MockServer.Configuration()
        configuration.port = port
        let again = try MockServer(configuration: configuration)
        #expect(again.port == port)
        again.stop()
    }

    #if os(Linux)
        @Test("no file descriptor outlives the server")
        func noDescriptorLeak() async throws {
            // Given a server that served 20 connections, kept open
            let server = try MockServer()
            server.stub(method: .get, path: "/ok", response: .text("ok"))
            let port = server.port
            let (openWhileServing, openAfterStop) = try await onThread {
                let clients = try (0..<20).map { _ in try RawClient(port: port) }
                for client in clients {
                    try client.write("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
                    _ = try client.readResponse()
                }
                let owned = OpenDescriptors.owned(by: server)
                let openWhileServing = OpenDescriptors.count(of: owned)

                // When it stops (the clients are still connected)
                server.stop()
                let openAfterStop = OpenDescriptors.count(of: owned)
                withExtendedLifetime(clients) {}
                return (openWhileServing, openAfterStop)
            }

            // Then the listener, the wake pipe and 20 connections were open, and none is now
            #expect(openWhileServing == 1 + 2 + 20)
            #expect(openAfterStop == 0)
        }
    #endif
}
