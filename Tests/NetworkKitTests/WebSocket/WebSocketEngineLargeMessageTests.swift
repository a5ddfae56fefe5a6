import Foundation
import Testing

@testable import NetworkKit

/// Large messages through the engine over a socket pair: read across many reads into the decoder's
/// memory and handed over without a copy, fragmented and compressed ones gathered, and sent ones
/// written from a reused frame array.
@Suite("WebSocket engine, large messages")
struct WebSocketEngineLargeMessageTests {
    /// Bytes whose every value depends on `seed` and the position.
    private static func bytes(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 167) ^ (seed &* 59) ^ ($0 >> 9)) }
    }

    /// Sends `bytes` from the peer in writes of `size` bytes.
    private static func send(_ bytes: [UInt8], from peer: RawFramePeer, inWritesOf size: Int) async throws {
        for start in stride(from: 0, to: bytes.count, by: size) {
            try await peer.send(Array(bytes[start..<min(bytes.count, start + size)]))
        }
    }

    @Test("binary and text messages of up to 1 MiB arrive whole across reads, fragments and pings between")
    func largeMessagesArriveWhole() async throws {
        // Given an engine, and messages around the decoder's large-payload size
        let (engine, peer) = try await makeEngine()
        let large = WebSocketFrameDecoder.largePayload
        let first = Self.bytes(1 << 20, seed: 1)
        let text = String(repeating: "größer ✓ ", count: 30_000)
        let head = Self.bytes(large + 1, seed: 2)
        let tail = Self.bytes(2 * large, seed: 3)
        let exact = Self.bytes(large, seed: 4)
        let last = Self.bytes((1 << 20) + 3, seed: 5)
        let stream =
            RawFramePeer.frame(opcode: 0x2, payload: first)
            + RawFramePeer.frame(opcode: 0x9, payload: [1])
            + RawFramePeer.frame(opcode: 0x1, payload: Array(text.utf8))
            + RawFramePeer.frame(opcode: 0x2, payload: head, fin: false)
            + RawFramePeer.frame(opcode: 0x9, payload: [2])
            + RawFramePeer.frame(opcode: 0x0, payload: tail)
            + RawFramePeer.frame(opcode: 0x2, payload: exact)
            + RawFramePeer.frame(opcode: 0x2, payload: last)

        // When the peer writes them in pieces of odd sizes while the engine reads, and every message
        // is kept until the end
        async let sending: Void = Self.send(stream, from: peer, inWritesOf: 49_999)
        var received: [WebSocketMessage?] = []
        for _ in 0..<5 { received.append(try await engine.receive()) }
        try await sending

        // Then each message is the one sent, and both pings were answered
        #expect(received[0] == .data(Data(first)))
        #expect(received[1] == .string(text))
        #expect(received[2] == .data(Data(head + tail)))
        #expect(received[3] == .data(Data(exact)))
        #expect(received[4] == .data(Data(last)))
        #expect(try await peer.readFrame()?.payload == [1])
        #expect(try await peer.readFrame()?.payload == [2])
        await engine.cancel()
    }

    @Test("a compressed message of 1 MiB in fragments inflates whole")
    func largeCompressedMessage() async throws {
        // Given an engine with permessage-deflate, and a megabyte of text compressed as a server does
        let (engine, peer) = try await makeEngine(compression: PermessageDeflateParameters())
        let text = (0..<40_000).map { "line \($0): \($0 * 7919 % 1000)\n" }.joined()
        let deflater = try MessageDeflater(windowBits: 15, contextTakeover: true)
        let compressed = try deflater.compress(Array(text.utf8))
        let cut = compressed.count / 3

        // When it arrives in two fragments, written in pieces
        async let sending: Void = Self.send(
            RawFramePeer.frame(opcode: 0x1, payload: Array(compressed[..<cut]), fin: false, reservedBits: 0x40)
                + RawFramePeer.frame(opcode: 0x0, payload: Array(compressed[cut...])),
            from: peer, inWritesOf: 7_001)

        // Then the message is the text
        #expect(try await engine.receive() == .string(text))
        try await sending
        await engine.cancel()
    }

    @Test("messages of changing sizes sent in a row each reach the peer whole and masked")
    func largeMessagesSent() async throws {
        // Given an engine, and messages that grow and shrink (the frame array is reused between them)
        let (engine, peer) = try await makeEngine()
        let messages: [WebSocketMessage] = [
            .data(Data(Self.bytes(1 << 20, seed: 6))),
            .data(Data(Self.bytes(100_000, seed: 7))),
            .string(String(repeating: "é", count: 600_000)),
            .data(Data(Self.bytes(10, seed: 8))),
            .data(Data(Self.bytes((2 << 20) + 1, seed: 9))),
        ]

        // When the engine sends them one after the other while the peer reads
        async let frames: [ClientFrame?] = {
            var frames: [ClientFrame?] = []
            for _ in messages { frames.append(try await peer.readFrame()) }
            return frames
        }()
        for message in messages { try await engine.send(message) }

        // Then the peer unmasks each to its message
        for (frame, message) in zip(try await frames, messages) {
            let frame = try #require(frame)
            switch message {
            case .data(let data): #expect(frame.opcode == 0x2 && frame.payload == Array(data))
            case .string(let text): #expect(frame.opcode == 0x1 && frame.payload == Array(text.utf8))
            }
        }
        await engine.cancel()
    }
}
