import Foundation
import Testing

@testable import NetworkKit

/// The engine over a socket pair against a raw-frame peer: messages both ways, ping/pong (Autobahn
/// category 2), close handshakes both ways with every code (category 7), the close timeout, and
/// failing the connection with the right code.
@Suite("WebSocket engine")
struct WebSocketEngineTests {
    @Test("messages arrive whole, also byte by byte, and sent frames are masked")
    func messagesBothWays() async throws {
        // Given an engine and a peer
        let (engine, peer) = try await makeEngine()
        // When the peer sends a text and a fragmented binary message one byte per write (read
        // meanwhile: the engine stops reading while a message waits, and a Unix socket holds only a
        // few hundred one-byte writes)
        async let sending: Void = peer.sendByteByByte(
            RawFramePeer.frame(opcode: 0x1, payload: Array("Hello".utf8))
                + RawFramePeer.frame(opcode: 0x2, payload: [1, 2], fin: false)
                + RawFramePeer.frame(opcode: 0x0, payload: [UInt8](repeating: 3, count: 300), form: .sixtyFourBit))
        // Then the engine delivers both
        #expect(try await engine.receive() == .string("Hello"))
        #expect(try await engine.receive() == .data(Data([1, 2] + [UInt8](repeating: 3, count: 300))))
        try await sending
        // And what it sends reaches the peer masked (read while written: it may not fit the socket's buffer)
        async let read = peer.readFrame()
        try await engine.send(.data(Data(repeating: 9, count: 70000)))
        let frame = try #require(try await read)
        #expect(frame.opcode == 0x2 && frame.isFinal && frame.payload == [UInt8](repeating: 9, count: 70000))
        await engine.cancel()
    }

    @Test("bytes that came with the handshake's response are read first")
    func initialBytes() async throws {
        let (engine, peer) = try await makeEngine(
            initialBytes: RawFramePeer.frame(opcode: 0x1, payload: Array("early".utf8)))
        #expect(try await engine.receive() == .string("early"))
        peer.close()
        await engine.waitUntilFinished()
    }

    @Test("pings are answered with pongs carrying the same payload, between fragments too", arguments: [0, 1, 125])
    func pings(length: Int) async throws {
        // Given a ping payload of 0, 1 or 125 bytes (Autobahn 2.1–2.4)
        let (engine, peer) = try await makeEngine()
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &+ 0xF0) }
        // When the peer pings in the middle of a fragmented message
        try await peer.send(
            RawFramePeer.frame(opcode: 0x1, payload: Array("frag".utf8), fin: false)
                + RawFramePeer.frame(opcode: 0x9, payload: payload)
                + RawFramePeer.frame(opcode: 0xA, payload: [7]))
        // Then the pong comes back before the message is complete, with the same payload
        let pong = try #require(try await peer.readFrame())
        #expect(pong.opcode == 0xA && pong.payload == payload)
        try await peer.sendFrame(opcode: 0x0, payload: Array("ment".utf8))
        #expect(try await engine.receive() == .string("fragment"))
        await engine.cancel()
    }

    @Test("ten pings in a row get ten pongs in order")
    func manyPings() async throws {
        let (engine, peer) = try await makeEngine()
        try await peer.send((0..<10).flatMap { RawFramePeer.frame(opcode: 0x9, payload: [UInt8($0)]) })
        for index in 0..<10 {
            let pong = try #require(try await peer.readFrame())
            #expect(pong.opcode == 0xA && pong.payload == [UInt8(index)])
        }
        await engine.cancel()
    }

    @Test(
        "a server's close with a valid code is echoed, and receive ends",
        arguments: [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999])
    func serverCloses(code: Int) async throws {
        // Given an open connection
        let (engine, peer) = try await makeEngine()
        // When the server sends a close frame with the code and a reason
        try await peer.sendFrame(opcode: 0x8, payload: RawFramePeer.closePayload(code, "done"))
        // Then the client answers with the same code, and receive returns nil
        let echo = try #require(try await peer.readFrame())
        #expect(echo.opcode == 0x8 && echo.closeCode == code)
        #expect(try await engine.receive() == nil)
        // And once the server closes the connection the engine is finished with its code and reason
        peer.close()
        await engine.waitUntilFinished()
        #expect(await engine.closeCode == WebSocketCloseCode(rawValue: code))
        #expect(await engine.closeReason == "done")
    }

    @Test("an empty close is echoed empty and reported as 1005")
    func emptyClose() async throws {
        let (engine, peer) = try await makeEngine()
        try await peer.sendFrame(opcode: 0x8)
        let echo = try #require(try await peer.readFrame())
        #expect(echo.opcode == 0x8 && echo.payload.isEmpty)
        peer.close()
        await engine.waitUntilFinished()
        #expect(await engine.closeCode == .noStatusReceived)
    }

    @Test(
        "a close with a code that may not be sent, or one byte, fails the connection with 1002",
        arguments: [
            [0x03], RawFramePeer.closePayload(0), RawFramePeer.closePayload(999), RawFramePeer.closePayload(1004),
            RawFramePeer.closePayload(1005), RawFramePeer.closePayload(1006), RawFramePeer.closePayload(1015),
            RawFramePeer.closePayload(1016), RawFramePeer.closePayload(2999), RawFramePeer.closePayload(5000),
            RawFramePeer.closePayload(65535),
        ] as [[UInt8]])
    func invalidServerClose(payload: [UInt8]) async throws {
        try await expectFailure(RawFramePeer.frame(opcode: 0x8, payload: payload), code: 1002)
    }

    @Test("the client's close handshake: close frame, the server's answer, then the end")
    func clientCloses() async throws {
        let (engine, peer) = try await makeEngine()
        // When the client closes with goingAway while the server answers
        async let closing: Void = engine.close(code: .goingAway, reason: "leaving")
        let frame = try #require(try await peer.readUntilClose())
        #expect(frame.closeCode == 1001)
        #expect(frame.payload.dropFirst(2) == ArraySlice("leaving".utf8))
        try await peer.sendFrame(opcode: 0x8, payload: RawFramePeer.closePayload(1001))
        peer.close()
        await closing
        // Then the engine is closed with the server's code, and sending is refused
        #expect(await engine.closeCode == .goingAway)
        #expect(try await engine.receive() == nil)
        await #expect(throws: WebSocketError(.notOpen)) { try await engine.send(.string("late")) }
    }

    @Test("a server that never answers the close frame is cut off after the close timeout")
    func closeTimeout() async throws {
        let (engine, peer) = try await makeEngine(closeTimeout: .milliseconds(200))
        let started = ContinuousClock.now
        await engine.close(code: .normalClosure, reason: "")
        // Then close returns after the timeout, the connection reported as abnormal
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(await engine.closeCode == .abnormalClosure)
        await #expect(throws: WebSocketError(.closeTimedOut)) { try await engine.receive() }
        // And the peer saw the close frame, then the end of the stream
        #expect(try await peer.readFrame()?.opcode == 0x8)
        #expect(try await peer.readsEndOfStream())
    }

    @Test("a connection that ends without a close frame fails with 1006")
    func connectionLost() async throws {
        let (engine, peer) = try await makeEngine()
        peer.close()
        await #expect(throws: WebSocketError(.connectionLost)) { try await engine.receive() }
        #expect(await engine.closeCode == .abnormalClosure)
    }

    @Test("cancelling a waiting receive cancels the connection")
    func cancellation() async throws {
        let (engine, peer) = try await makeEngine()
        let task = Task { try await engine.receive() }
        task.cancel()
        await #expect(throws: WebSocketError(.cancelled)) { try await task.value }
        #expect(try await peer.readsEndOfStream())
    }

    @Test("protocol violations fail the connection with 1002")
    func protocolViolations() async throws {
        try await expectFailure(RawFramePeer.frame(opcode: 0x1, payload: [0x41], reservedBits: 0x40), code: 1002)
        try await expectFailure(RawFramePeer.frame(opcode: 0x3), code: 1002)
        try await expectFailure(RawFramePeer.frame(opcode: 0xB, payload: [1]), code: 1002)
        try await expectFailure(RawFramePeer.frame(opcode: 0x9, payload: [1], fin: false), code: 1002)
        try await expectFailure(RawFramePeer.frame(opcode: 0x9, payload: [UInt8](repeating: 0, count: 126)), code: 1002)
        try await expectFailure(RawFramePeer.frame(opcode: 0x1, payload: [0x41], mask: 0x0102_0304), code: 1002)
        try await expectFailure([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0], code: 1002)
        try await expectFailure(RawFramePeer.frame(opcode: 0x0, payload: [0x41]), code: 1002)
        try await expectFailure(
            RawFramePeer.frame(opcode: 0x1, payload: [0x41], fin: false)
                + RawFramePeer.frame(opcode: 0x2, payload: [0x41]), code: 1002)
    }

    @Test("text that is not UTF-8 fails with 1007 as soon as it is known, across fragments")
    func invalidText() async throws {
        // Given κόσμε, then a surrogate, split across fragments (Autobahn 6.4.x): no final fragment is needed
        try await expectFailure(
            RawFramePeer.frame(
                opcode: 0x1, payload: [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5, 0xED],
                fin: false)
                + RawFramePeer.frame(opcode: 0x0, payload: [0xA0], fin: false), code: 1007)
        // And text cut inside a character at the end of the message
        try await expectFailure(
            RawFramePeer.frame(opcode: 0x1, payload: [0xCE], fin: false) + RawFramePeer.frame(opcode: 0x0, payload: []),
            code: 1007)
        // And a close reason that is not UTF-8
        try await expectFailure(
            RawFramePeer.frame(opcode: 0x8, payload: RawFramePeer.closePayload(1000) + [0xFF]), code: 1007)
    }

    @Test("a message over the limit fails with 1009: one frame, endless fragments, 2^63 - 1 declared")
    func limits() async throws {
        let limit = 64 * 1024
        try await expectFailure(
            RawFramePeer.frame(opcode: 0x2, payload: [UInt8](repeating: 0, count: limit + 1)), code: 1009, limit: limit)
        try await expectFailure(
            (0..<70).flatMap {
                RawFramePeer.frame(opcode: $0 == 0 ? 0x2 : 0x0, payload: [UInt8](repeating: 0, count: 1000), fin: false)
            },
            code: 1009, limit: limit)
        try await expectFailure([0x82, 0x7F, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], code: 1009, limit: limit)
    }

    @Test("garbage after the handshake fails the connection without a crash")
    func garbage() async throws {
        // Given bytes of an HTTP response where frames should be: 'H' is FIN=0, RSV=100, opcode 8
        try await expectFailure(Array("HTTP/1.1 200 OK\r\n\r\n".utf8), code: 1002)
        // And pseudo-random bytes: every byte string fails or waits, never crashes
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20 {
            let bytes = (0..<64).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            var connection = try WebSocketConnection(maximumMessageSize: 1024, compression: nil)
            _ = connection.receive(bytes)
        }
    }

    @Test("a compressed bomb fails the connection with 1009")
    func compressedBomb() async throws {
        let deflater = try MessageDeflater(windowBits: 15, contextTakeover: false)
        let bomb = try deflater.compress([UInt8](repeating: 0x61, count: 4 << 20))
        try await expectFailure(
            WebSocketFrame(opcode: .text, payload: bomb, reservedBits: 0x40).encodedUnmasked(), code: 1009,
            limit: 1 << 20,
            compression: PermessageDeflateParameters())
    }

    @Test("compressed messages round-trip through the engine with context takeover")
    func compressedEcho() async throws {
        let (engine, peer) = try await makeEngine(compression: PermessageDeflateParameters())
        let inflater = try MessageInflater(contextTakeover: true)
        for text in ["Hello", "Hello", String(repeating: "abc", count: 1000)] {
            try await engine.send(.string(text))
            let frame = try #require(try await peer.readFrame())
            #expect(frame.reservedBits == 0x40)
            var output: [UInt8] = []
            try inflater.inflate(frame.payload, into: &output, limit: 1 << 20)
            try inflater.finishMessage(into: &output, limit: 1 << 20)
            #expect(String(decoding: output, as: UTF8.self) == text)
        }
        try await peer.send([0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00])
        #expect(try await engine.receive() == .string("Hello"))
        await engine.cancel()
    }

    /// Sends `bytes` from the peer and expects the client to send close `code`, close the stream,
    /// and fail its receive with an error of that code.
    private func expectFailure(
        _ bytes: [UInt8], code: Int, limit: Int = WebSocketConnection.defaultMaximumMessageSize,
        compression: PermessageDeflateParameters? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let (engine, peer) = try await makeEngine(compression: compression, maximumMessageSize: limit)
        try? await peer.send(bytes)
        let close = try await peer.readUntilClose()
        #expect(close?.closeCode == code, sourceLocation: sourceLocation)
        #expect(try await peer.readsEndOfStream(), sourceLocation: sourceLocation)
        do {
            while try await engine.receive() != nil {}
            Issue.record("receive ended without an error", sourceLocation: sourceLocation)
        } catch {
            #expect(error.closeCode?.rawValue == code, sourceLocation: sourceLocation)
        }
        #expect(await engine.closeCode?.rawValue == code, sourceLocation: sourceLocation)
    }
}
