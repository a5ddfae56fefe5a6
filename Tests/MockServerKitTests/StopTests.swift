import Foundation
import MockServerKit
import ServiceUtilsTestSupport
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

    @Test("stop does not wait for a running handler, and the client sees the connection close")
    func stopWhileHandlerRuns() async throws {
        // Given a handler that is running and held until the test lets it go
        let server = try MockServer()
        let started = Gate(count: 2)
        let release = Gate(count: 2)
        server.stub(method: .get, path: "/slow") { _ in
            await started.arriveAndWait()
            await release.arriveAndWait()
            return .text("late")
        }
        let port = server.port
        async let received = onThread {
            let client = try RawClient(port: port)
            try client.write("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readUntilClosed()
        }
        await started.arriveAndWait()

        // When the server stops, and only then the handler finishes
        server.stop()
        let data = try await received
        await release.arriveAndWait()

        // Then the client got no answer, just the close, and a new server still works afterwards
        #expect(data.isEmpty)
        let next = try MockServer()
        defer { next.stop() }
        next.stub(method: .get, path: "/ok", response: .text("ok"))
        let nextPort = next.port
        let answer = try await onThread {
            let client = try RawClient(port: nextPort)
            try client.write("GET /ok HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse().text
        }
        #expect(answer == "ok")
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
