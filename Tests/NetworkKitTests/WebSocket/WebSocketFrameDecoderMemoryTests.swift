import Foundation
import Testing

@testable import NetworkKit

/// The decoder's own memory: bytes written straight into it (as the engine's stream does), large
/// payloads handed to their frames without a copy, copies of a decoder that keep their own bytes,
/// and payloads that stay intact while later frames arrive.
@Suite("WebSocket frame decoder memory")
struct WebSocketFrameDecoderMemoryTests {
    /// A payload whose every byte depends on its frame and its position.
    private static func payload(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 131) ^ (seed &* 977) ^ ($0 >> 8)) }
    }

    /// Frames of every kind around the large-payload size, with control frames between fragments.
    private static func frames() -> [WebSocketFrame] {
        let large = WebSocketFrameDecoder.largePayload
        return [
            WebSocketFrame(opcode: .binary, payload: payload(large, seed: 1)),
            WebSocketFrame(opcode: .ping, payload: [1, 2, 3]),
            WebSocketFrame(opcode: .binary, payload: payload(large - 1, seed: 2)),
            WebSocketFrame(opcode: .text, payload: Array(repeating: 0x61, count: 3 * large + 5), isFinal: false),
            WebSocketFrame(opcode: .pong, payload: []),
            WebSocketFrame(opcode: .continuation, payload: payload(2 * large + 17, seed: 3)),
            WebSocketFrame(opcode: .binary, payload: payload(300, seed: 4)),
            WebSocketFrame(opcode: .binary, payload: payload(1 << 20, seed: 5)),
            WebSocketFrame(opcode: .binary, payload: payload(1 << 20, seed: 6)),
            WebSocketFrame(opcode: .binary, payload: []),
        ]
    }

    /// Writes `bytes` into the decoder's space in reads of at most `readSize` bytes (and at most
    /// what the space holds), collecting every frame, as the engine does.
    private static func decodeInPlace(
        _ bytes: [UInt8], readSize: Int, role: WebSocketRole = .client, limit: Int = 1 << 24
    ) throws -> [WebSocketFrame] {
        var decoder = WebSocketFrameDecoder(maximumMessageSize: limit, allowsCompression: false, role: role)
        var frames: [WebSocketFrame] = []
        var offset = 0
        while offset < bytes.count {
            let space = decoder.writableSpace(maximumCount: readSize)
            #expect(space.bytes.count >= 1)
            let count = min(space.bytes.count, readSize, bytes.count - offset)
            bytes[offset..<(offset + count)].withUnsafeBytes { space.bytes.copyMemory(from: $0) }
            decoder.didWrite(count, into: space)
            offset += count
            while let frame = try decoder.nextFrame() { frames.append(frame) }
        }
        #expect(decoder.bufferedCount == 0)
        return frames
    }

    @Test("frames written into the decoder's memory, in reads of any size, decode as appended ones do")
    func writtenInPlace() throws {
        // Given frames of every size around the large-payload limit, encoded as a server sends them
        let frames = Self.frames()
        let bytes = frames.flatMap { $0.encodedUnmasked() }
        // When they are read into the decoder's own memory in reads of many sizes
        for readSize in [1000, 4096, 65_536, 65_547, 256 * 1024, 3 << 20] {
            // Then the frames are the ones sent, whole and in order
            #expect(try Self.decodeInPlace(bytes, readSize: readSize) == frames, "reads of \(readSize)")
        }
        // And so do the frames around the limit read a byte or a few at a time
        let small = Array(frames.prefix(3))
        for readSize in [1, 7] {
            #expect(try Self.decodeInPlace(small.flatMap { $0.encodedUnmasked() }, readSize: readSize) == small)
        }
    }

    @Test("a server's decoder unmasks large frames read in place")
    func maskedInPlace() throws {
        // Given the same frames as a client sends them, each with its own key
        let frames = Self.frames()
        let bytes = frames.enumerated().flatMap { index, frame in
            frame.encoded(maskingKey: 0x0102_0304 &* UInt32(index + 1))
        }
        // When a server's decoder reads them in place, and appended a piece at a time
        for readSize in [1000, 65_536, 1 << 20] {
            #expect(try Self.decodeInPlace(bytes, readSize: readSize, role: .server) == frames)
            var decoder = WebSocketFrameDecoder(maximumMessageSize: 1 << 24, allowsCompression: false, role: .server)
            var appended: [WebSocketFrame] = []
            for start in stride(from: 0, to: bytes.count, by: readSize) {
                decoder.append(bytes[start..<min(bytes.count, start + readSize)])
                while let frame = try decoder.nextFrame() { appended.append(frame) }
            }
            // Then both give the payloads unmasked
            #expect(appended == frames)
        }
    }

    @Test("payloads stay intact while later large frames arrive, and after the decoder is gone")
    func payloadsOutliveTheirMemory() throws {
        // Given many large frames, each payload different
        let sizes = [70_000, 1 << 20, 1 << 20, 200_000, 1 << 20, 65_536, 1 << 20]
        let sent = sizes.enumerated().map { WebSocketFrame(opcode: .binary, payload: Self.payload($1, seed: $0)) }
        var kept: [Data] = []
        do {
            // When they are decoded in place, every payload kept, with some dropped along the way
            var decoder = WebSocketFrameDecoder(maximumMessageSize: 1 << 24, allowsCompression: false)
            var dropped = 0
            for (index, frame) in sent.enumerated() {
                let bytes = frame.encodedUnmasked()
                var offset = 0
                while offset < bytes.count {
                    let space = decoder.writableSpace(maximumCount: 256 * 1024)
                    let count = min(space.bytes.count, bytes.count - offset)
                    bytes[offset..<(offset + count)].withUnsafeBytes { space.bytes.copyMemory(from: $0) }
                    decoder.didWrite(count, into: space)
                    offset += count
                }
                let decoded = try #require(try decoder.nextFrame())
                if index % 3 == 2 {
                    // A payload dropped at once: its memory goes back for the next frames.
                    #expect(decoded.payload == Data(frame.payload))
                    dropped += 1
                } else {
                    kept.append(decoded.payload)
                }
            }
            #expect(dropped == 2)
        }
        // Then every kept payload is still its own frame's, the decoder long gone
        let expected = sent.enumerated().filter { $0.offset % 3 != 2 }.map(\.element.payload)
        #expect(kept == expected)
        // And a kept payload can be changed without touching any other
        kept[0][0] ^= 0xFF
        #expect(kept[1] == expected[1])
    }

    @Test("a copy of a decoder taken in the middle of a large frame keeps its own bytes")
    func copiesAreIndependent() throws {
        // Given a decoder halfway through a large frame, and a copy of it
        let first = WebSocketFrame(opcode: .binary, payload: Self.payload(1 << 20, seed: 7))
        let second = WebSocketFrame(opcode: .binary, payload: Self.payload(1 << 20, seed: 8))
        let bytes = first.encodedUnmasked()
        var original = WebSocketFrameDecoder(maximumMessageSize: 1 << 24, allowsCompression: false)
        original.append(bytes[..<(bytes.count / 2)])
        #expect(try original.nextFrame() == nil)
        var copy = original

        // When each gets a different rest: the original in place, the copy appended
        let otherBytes = second.encodedUnmasked()
        let space = original.writableSpace(maximumCount: 1 << 20)
        let rest = bytes.count - bytes.count / 2
        #expect(space.bytes.count == rest)
        bytes[(bytes.count / 2)...].withUnsafeBytes { space.bytes.copyMemory(from: $0) }
        original.didWrite(rest, into: space)
        copy.append(otherBytes[(bytes.count / 2)...])
        let split = bytes.count / 2 - WebSocketFrame.headerLength(payloadCount: 1 << 20, masked: false)
        let otherPayload = first.payload[..<split] + second.payload[split...]

        // Then each decodes its own frame
        #expect(try original.nextFrame() == first)
        #expect(try copy.nextFrame()?.payload == otherPayload)
    }

    @Test("bytes written into a space the decoder no longer uses are still counted, in order")
    func staleSpace() throws {
        // Given a space taken, then more bytes appended before the space's bytes come back
        let frame = WebSocketFrame(opcode: .binary, payload: Self.payload(100_000, seed: 9))
        let bytes = frame.encodedUnmasked()
        var decoder = WebSocketFrameDecoder(maximumMessageSize: 1 << 24, allowsCompression: false)
        let space = decoder.writableSpace(maximumCount: 10)
        decoder.append(bytes[..<10])
        bytes[10..<20].withUnsafeBytes { space.bytes.copyMemory(from: $0) }
        // When the space's bytes are counted and the rest appended
        decoder.didWrite(10, into: space)
        decoder.append(bytes[20...])
        // Then the frame decodes whole
        #expect(try decoder.nextFrame() == frame)
    }
}
