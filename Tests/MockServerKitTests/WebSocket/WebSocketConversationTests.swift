import Foundation
import InternalServiceUtilities
import MockServerKit
import NetworkKit
import ServiceUtilsTestSupport
import Testing

/// Frames after the upgrade: echoes, pings, both close handshakes, protocol errors, compression,
/// scripts and what the handler sees, with a raw client on the other end.
@Suite("MockServer WebSocket conversations")
struct WebSocketConversationTests {
    @Test("an echo route answers text, binary and a fragmented message unmasked, and pings with pongs")
    func echo() async throws {
        // Given an echo route
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/echo")
        let port = server.port

        // When a client sends text, a ping, 70,000 binary bytes and a text in two fragments
        let big = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let frames = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/echo")
            try client.send(text: "hello")
            try client.send(opcode: 0x9, [1, 2, 3])
            try client.send(opcode: 0x2, big)
            try client.send(opcode: 0x1, Array("frag".utf8), fin: false)
            try client.send(opcode: 0x0, Array("ment".utf8))
            return try (0..<4).map { _ in try #require(try client.readFrame()) }
        }

        // Then every reply is an unmasked, final frame: the pong first (the server answers it on
        // its own thread), then the echoes in order
        #expect(frames.allSatisfy { !$0.isMasked && $0.isFinal && $0.reservedBits == 0 })
        let texts = frames.filter { $0.opcode == 0x1 }.map(\.text)
        #expect(texts == ["hello", "fragment"])
        #expect(frames.first { $0.opcode == 0xA }?.payload == [1, 2, 3])
        #expect(frames.first { $0.opcode == 0x2 }?.payload == big)
    }

    @Test("the client's close gets the same code back, then the server closes TCP and receive ends")
    func clientCloses() async throws {
        // Given a route whose handler reads until the end and reports the close code it saw
        let server = try MockServer()
        defer { server.stop() }
        let seen = Locked<(WebSocketCloseCode?, String?)?>(nil)
        server.webSocket("/socket") { socket in
            while try await socket.receive() != nil {}
            seen.withLock { $0 = (socket.closeCode, socket.closeReason) }
        }
        let port = server.port

        // When the client closes with 1001 "away"
        let (reply, ended) = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/socket")
            try client.sendClose(1001, reason: "away")
            return (try client.readFrame(), try client.readsEndOfStream())
        }

        // Then the server echoes the close, ends the stream, and the handler saw the code and reason
        #expect(reply?.opcode == 0x8)
        #expect(reply?.closeCode == 1001)
        #expect(reply?.isMasked == false)
        #expect(ended)
        #expect(seen.value?.0 == .goingAway)
        #expect(seen.value?.1 == "away")
    }

    @Test("a handler's close sends its code and reason, and the handshake ends when the client answers")
    func serverCloses() async throws {
        // Given a handler that closes at once with 4001
        let server = try MockServer()
        defer { server.stop() }
        let returned = AsyncGate()
        server.webSocket("/bye") { socket in
            await socket.close(code: WebSocketCloseCode(rawValue: 4001), reason: "bye")
            await returned.open()
        }
        let port = server.port

        // When the client reads the close frame and answers it
        let (frame, ended) = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/bye")
            let frame = try client.readFrame()
            try client.sendClose(4001)
            return (frame, try client.readsEndOfStream())
        }

        // Then the close frame carried 4001 "bye", the server closed TCP, and close() returned
        #expect(frame?.opcode == 0x8)
        #expect(frame?.closeCode == 4001)
        #expect(frame?.closeReason == "bye")
        #expect(ended)
        await returned.wait()
    }

    @Test("an unmasked client frame fails the connection with 1002 and the handler hears why")
    func unmaskedFrame() async throws {
        // Given a handler that reports how receive ended
        let server = try MockServer()
        defer { server.stop() }
        let failure = Locked<MockServerError?>(nil)
        let done = AsyncGate()
        server.webSocket("/socket") { socket in
            do {
                _ = try await socket.receive()
            } catch {
                failure.withLock { $0 = error as? MockServerError }
            }
            await done.open()
        }
        let port = server.port

        // When the client sends an unmasked text frame
        let (frame, ended) = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/socket")
            try client.send(opcode: 0x1, Array("hi".utf8), key: nil)
            return (try client.readFrame(), try client.readsEndOfStream())
        }
        await done.wait()

        // Then the server closes with 1002 and ends the stream, and receive threw the reason
        #expect(frame?.opcode == 0x8)
        #expect(frame?.closeCode == 1002)
        #expect(ended)
        #expect(failure.value == .webSocketFailed(WebSocketError(.unmaskedFrame)))
    }

    @Test("a handler that throws closes the connection with 1011")
    func handlerThrows() async throws {
        // Given a handler that throws at once
        struct Broken: Error {}
        let server = try MockServer()
        defer { server.stop() }
        server.webSocket("/broken") { _ in throw Broken() }
        let port = server.port
        // When a client connects
        let frame = try await onThread { try WebSocketTestClient(port: port, path: "/broken").readFrame() }
        // Then it gets a close frame with 1011
        #expect(frame?.closeCode == 1011)
        #expect(frame?.closeReason.hasPrefix("The handler threw") == true)
    }

    @Test("a negotiated connection inflates what the client compressed and compresses its echo")
    func compressedEcho() async throws {
        // Given an echo route, and a client that offers permessage-deflate
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/echo")
        let port = server.port
        let text = String(repeating: "the same words again and again ", count: 100)

        let (answer, frames) = try await onThread {
            let client = try WebSocketTestClient(
                port: port, path: "/echo", fields: "Sec-WebSocket-Extensions: permessage-deflate\r\n")
            // When the client sends the text compressed (RSV1), twice
            let compressed = try Self.deflate(text)
            try client.send(opcode: 0x1, compressed, reservedBits: 0x40)
            try client.send(opcode: 0x1, compressed, reservedBits: 0x40)
            let frames = try (0..<2).map { _ in try #require(try client.readFrame()) }
            return (client.response.headers["sec-websocket-extensions"], frames)
        }

        // Then the server agreed, and its echoes are compressed frames that inflate to the text
        #expect(answer == "permessage-deflate")
        #expect(frames.allSatisfy { $0.reservedBits == 0x40 && $0.opcode == 0x1 && !$0.isMasked })
        #expect(frames[0].payload.count < text.utf8.count / 4)
        #expect(try Self.inflate(frames.map(\.payload)) == [text, text])
    }

    @Test("a script sends, expects and closes; a mismatch closes with 1008 naming the step")
    func script() async throws {
        // Given a scripted route
        let server = try MockServer()
        defer { server.stop() }
        server.webSocket(
            "/login",
            script: [
                .send(.string("who?")), .expect(.string("ann")), .send(.data(Data([1, 2]))), .receiveAny,
                .close(code: .normalClosure, reason: "done"),
            ])
        let port = server.port

        // When one client follows it and another answers wrongly
        let (good, bad) = try await onThread {
            let follower = try WebSocketTestClient(port: port, path: "/login")
            var good = [try follower.readFrame()]
            try follower.send(text: "ann")
            good.append(try follower.readFrame())
            try follower.send(text: "anything")
            good.append(try follower.readFrame())
            let stranger = try WebSocketTestClient(port: port, path: "/login")
            _ = try stranger.readFrame()
            try stranger.send(text: "bob")
            return (good, try stranger.readFrame())
        }

        // Then the follower gets the prompt, the binary reply and a normal close; the stranger 1008
        #expect(good.map { $0?.opcode } == [0x1, 0x2, 0x8])
        #expect(good[1]?.payload == [1, 2])
        #expect(good[2]?.closeCode == 1000)
        #expect(good[2]?.closeReason == "done")
        #expect(bad?.closeCode == 1008)
        #expect(bad?.closeReason == #"step 2: expected "ann", got "bob""#)
    }

    @Test("stopping the server ends a waiting receive with clientDisconnected")
    func stopEndsReceive() async throws {
        // Given a handler waiting in receive
        let server = try MockServer()
        let failure = Locked<MockServerError?>(nil)
        let entered = AsyncGate()
        let done = AsyncGate()
        server.webSocket("/wait") { socket in
            await entered.open()
            do {
                _ = try await socket.receive()
            } catch {
                failure.withLock { $0 = error as? MockServerError }
            }
            await done.open()
        }
        let port = server.port
        let client = try await onThread { try WebSocketTestClient(port: port, path: "/wait") }
        await entered.wait()

        // When the server stops
        server.stop()
        await done.wait()

        // Then receive threw clientDisconnected
        #expect(failure.value == .clientDisconnected)
        withExtendedLifetime(client) {}
    }

    /// `text` compressed as permessage-deflate sends it, with NetworkKit's client connection (whose
    /// masking the test client's own framing replaces).
    private static func deflate(_ text: String) throws -> [UInt8] {
        var connection = try WebSocketConnection(compression: PermessageDeflateParameters(), role: .server)
        let frame = try connection.send(.string(text))
        let length = Int(frame[1] & 0x7F)
        let start = length == 126 ? 4 : length == 127 ? 10 : 2
        return Array(frame[start...])
    }

    /// Inflates the server's compressed payloads as one client would, in order.
    private static func inflate(_ payloads: [[UInt8]]) throws -> [String] {
        var connection = try WebSocketConnection(compression: PermessageDeflateParameters())
        return payloads.flatMap { payload in
            connection.receive(WebSocketFrame(opcode: .text, payload: payload, reservedBits: 0x40).encodedUnmasked())
        }.compactMap { output in
            if case .message(.string(let text)) = output { return text }
            return nil
        }
    }
}

/// A one-shot signal between a handler and a test: ``wait()`` returns once ``open()`` was called.
actor AsyncGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
