import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

/// WebSocket faults (a dropped connection, broken frames, a slow pace), the record of a
/// conversation, and backpressure on a handler that does not read.
@Suite("MockServer WebSocket conditions and recording")
struct WebSocketConditionTests {
    @Test("dropConnection ends the stream without a close frame once the conversation holds N messages")
    func drop() async throws {
        // Given an echo route dropped after three messages
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/echo", conditions: [.dropConnection(afterMessages: 3)])
        let port = server.port

        // When the client sends two messages
        let (echo, rest) = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/echo")
            try client.send(text: "one")
            let echo = try client.readFrame()
            try client.send(text: "two")
            return (echo, try client.raw.readToEnd())
        }

        // Then the first is echoed, the second is received but not echoed, and the stream ends
        // with no close frame
        #expect(echo?.text == "one")
        #expect(rest.0.isEmpty)
        #expect(rest.1 == .closed)
        let messages = server.requests.last?.webSocketMessages ?? []
        #expect(messages.map(\.data) == ["one", "one", "two"])
    }

    @Test(
        "invalidFrame sends its broken frame after N messages",
        arguments: [
            (WebSocketCondition.InvalidFrame.reservedBits, [0xB1, 0x02, 0x68, 0x69]),
            (.unknownOpcode, [0x83, 0x00]),
            (.masked, [0x81, 0x82, 0x01, 0x02, 0x03, 0x04, 0x69, 0x6B]),
            (.oversizedControlFrame, [0x89, 0x7E, 0x00, 0x7E]),
        ] as [(WebSocketCondition.InvalidFrame, [UInt8])])
    func invalidFrame(kind: WebSocketCondition.InvalidFrame, prefix: [UInt8]) async throws {
        // Given an echo route that sends a broken frame after the first echo
        let server = try MockServer()
        defer { server.stop() }
        let closeCode = Locked<WebSocketCloseCode?>(nil)
        let finished = AsyncGate()
        server.webSocket("/broken", conditions: [.invalidFrame(kind, afterMessages: 2)]) { socket in
            while let message = try await socket.receive() { try await socket.send(message) }
            closeCode.withLock { $0 = socket.closeCode }
            await finished.open()
        }
        let port = server.port

        // When the client sends one message, reads what follows the echo, then fails the connection
        let (echo, broken, reply) = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/broken")
            try client.send(text: "hi")
            let echo = try client.readFrame()
            let broken = [UInt8](try client.raw.read(count: prefix.count))
            try client.sendClose(1002)
            // Whatever else the broken frame held, then the server's close reply
            var reply: ServerFrame?
            while let frame = try client.readFrame() {
                if frame.opcode == 0x8 {
                    reply = frame
                    break
                }
            }
            return (echo, broken, reply)
        }

        // Then the echo came first, then exactly the broken frame's bytes; the client's 1002 close
        // ends the handler's receive with that code
        #expect(echo?.text == "hi")
        #expect(broken == prefix)
        #expect(reply?.closeCode == 1002)
        await finished.wait()
        #expect(closeCode.value == .protocolError)
        #expect(server.requests.last?.webSocketMessages.count == 2)
    }

    @Test("bandwidth lets frames out in slices over time")
    func bandwidth() async throws {
        // Given an echo route paced at 4,000 bytes a second (200-byte slices every 50 ms)
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/slow", compression: .refused, conditions: [.bandwidth(bytesPerSecond: 4_000)])
        let port = server.port
        let payload = [UInt8](repeating: 0x61, count: 1_000)

        // When the client sends 1,000 bytes and a close, and reads until the server closes
        let (pieces, elapsed) = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/slow")
            let start = ContinuousClock.now
            try client.send(opcode: 0x2, payload)
            try client.sendClose()
            let pieces = try client.raw.readPiecesUntilClosed()
            return (pieces, ContinuousClock.now - start)
        }

        // Then the echo and the close reply arrived whole (1,004 + 4 bytes), but in slices of at
        // most 200 bytes spread over at least four intervals
        let bytes = pieces.reduce(into: [UInt8]()) { $0 += $1 }
        #expect(bytes == [0x82, 126, 0x03, 0xE8] + payload + [0x88, 0x02, 0x03, 0xE8])
        #expect(pieces.count >= 2)
        #expect(pieces.first.map { $0.count <= 200 } == true)
        #expect(elapsed >= .milliseconds(200))
    }

    @Test("the conversation is recorded on the upgrade request: direction, opcode, data, time")
    func recording() async throws {
        // Given an echo route
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/echo")
        let port = server.port
        let before = Date()

        // When the client sends a text and a binary message and reads both echoes
        try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/echo")
            try client.send(text: "hello")
            _ = try client.readFrame()
            try client.send(opcode: 0x2, [0, 1, 255])
            _ = try client.readFrame()
        }

        // Then the upgrade request holds the four messages in order, as HAR would list them
        let request = try #require(server.requests.last)
        #expect(request.path == "/echo")
        let messages = request.webSocketMessages
        #expect(messages.map(\.direction) == [.fromClient, .fromServer, .fromClient, .fromServer])
        #expect(messages.map(\.direction.rawValue) == ["send", "receive", "send", "receive"])
        #expect(messages.map(\.opcode) == [1, 1, 2, 2])
        #expect(messages.map(\.data) == ["hello", "hello", "AAH/", "AAH/"])
        #expect(messages[2].message == .data(Data([0, 1, 255])))
        #expect(messages.allSatisfy { $0.time >= before.timeIntervalSince1970 })
        #expect(zip(messages, messages.dropFirst()).allSatisfy { $0.date <= $1.date })
    }

    @Test("a handler that does not read holds the client back instead of buffering what it sends")
    func backpressure() async throws {
        // Given a handler that reads nothing until released, then counts what it gets
        let server = try MockServer()
        defer { server.stop() }
        let release = AsyncGate()
        let finished = AsyncGate()
        let received = Locked(0)
        server.webSocket("/sink") { socket in
            await release.wait()
            while (try? await socket.receive()) != nil { received.withLock { $0 += 1 } }
            await finished.open()
        }
        let port = server.port
        let message = [UInt8](repeating: 7, count: 64 * 1024)

        // When the client writes 64 KiB messages until a write is held up (at most 64 MiB)
        let (client, outcome) = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/sink")
            return (client, client.sendUntilHeldUp(message, limit: 1024, patience: 500))
        }
        let readByServer = server.requests.last?.webSocketMessages.count ?? 0

        // Then the writes were held up long before 64 MiB, and the server read only a few messages
        #expect(outcome.heldUp)
        #expect(outcome.sent < 1024)
        #expect(readByServer <= 16)
        #expect(readByServer < outcome.sent)

        // And once released, the handler reads every whole message the client sent, then the end
        await release.open()
        client.raw.shutdownWrite()
        await finished.wait()
        #expect(received.value == outcome.sent)
        withExtendedLifetime(client) {}
    }
}
