import Foundation
import Testing

@testable import NetworkKit

/// Frame encoding and decoding against RFC 6455 §5.7's examples, every length form, and delivery
/// split at every byte (Autobahn case category 1, framing).
@Suite("WebSocket frames")
struct WebSocketFrameTests {
    private func decodeAll(_ bytes: [UInt8], chunks: [[UInt8]]? = nil, limit: Int = 1 << 24) throws -> [WebSocketFrame]
    {
        var decoder = WebSocketFrameDecoder(maximumMessageSize: limit, allowsCompression: false)
        var frames: [WebSocketFrame] = []
        for chunk in chunks ?? [bytes] {
            decoder.append(chunk)
            while let frame = try decoder.nextFrame() { frames.append(frame) }
        }
        return frames
    }

    @Test("the masked 'Hello' of RFC 6455 §5.7 is encoded byte for byte with its key")
    func rfcMaskedHello() {
        // Given the RFC's text frame and masking key 37 fa 21 3d
        let frame = WebSocketFrame(opcode: .text, payload: Array("Hello".utf8))
        // When it is encoded as a client sends it
        let bytes = frame.encoded(maskingKey: 0x37FA_213D)
        // Then the bytes are the RFC's
        #expect(bytes == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }

    @Test("the masked pong of RFC 6455 §5.7 is encoded byte for byte")
    func rfcMaskedPong() {
        // Given a pong carrying "Hello" with the RFC's key
        let bytes = WebSocketFrame(opcode: .pong, payload: Array("Hello".utf8)).encoded(maskingKey: 0x37FA_213D)
        // Then the bytes are the RFC's
        #expect(bytes == [0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
    }

    @Test("the unmasked examples of RFC 6455 §5.7 decode to their frames")
    func rfcUnmaskedExamples() throws {
        // Given the RFC's single-frame text, fragmented text and ping
        let bytes: [UInt8] =
            [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F] + [0x01, 0x03, 0x48, 0x65, 0x6C] + [0x89, 0x05]
            + Array("Hello".utf8)
            + [0x80, 0x02, 0x6C, 0x6F]
        // When they are decoded
        let frames = try decodeAll(bytes)
        // Then each frame has its opcode, FIN bit and payload, the ping between the fragments
        #expect(
            frames == [
                WebSocketFrame(opcode: .text, payload: Array("Hello".utf8)),
                WebSocketFrame(opcode: .text, payload: Array("Hel".utf8), isFinal: false),
                WebSocketFrame(opcode: .ping, payload: Array("Hello".utf8)),
                WebSocketFrame(opcode: .continuation, payload: Array("lo".utf8)),
            ])
    }

    @Test("the 256-byte and 64 KiB binary examples of §5.7 use the 16-bit and 64-bit length forms")
    func rfcLengthForms() throws {
        // Given 256 and 65536 bytes of binary data
        let examples: [(Int, [UInt8])] = [
            (256, [0x82, 0x7E, 0x01, 0x00]), (65536, [0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0]),
        ]
        for (count, header) in examples {
            let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0) }
            let frame = WebSocketFrame(opcode: .binary, payload: payload)
            // When encoded unmasked as the RFC shows them, and masked as a client sends them
            let unmasked = frame.encodedUnmasked()
            let masked = frame.encoded(maskingKey: 0x0102_0304)
            // Then the headers are the RFC's, the masked header sets the mask bit and the frame decodes back
            #expect(Array(unmasked.prefix(header.count)) == header)
            #expect(masked[1] == 0x80 | header[1])
            #expect(try decodeAll(unmasked) == [frame])
        }
    }

    @Test(
        "each length form's boundaries encode with the shortest form and decode back",
        arguments: [0, 1, 125, 126, 127, 65535, 65536, 70000])
    func lengthBoundaries(count: Int) throws {
        // Given a payload of the boundary length
        let payload = [UInt8](repeating: 0x5A, count: count)
        let frame = WebSocketFrame(opcode: .binary, payload: payload)
        // When encoded
        let bytes = frame.encodedUnmasked()
        // Then the header is as short as the RFC asks and the frame decodes back
        let expectedHeader = count < 126 ? 2 : count <= 65535 ? 4 : 10
        #expect(bytes.count == expectedHeader + count)
        #expect(try decodeAll(bytes) == [frame])
    }

    @Test("non-minimal length encodings are read (the RFC forbids sending them, not reading them)")
    func nonMinimalLengths() throws {
        // Given "Hello" with its length in the 16-bit and in the 64-bit form
        for form in [LengthForm.sixteenBit, .sixtyFourBit] {
            let bytes = RawFramePeer.frame(opcode: 0x1, payload: Array("Hello".utf8), form: form)
            // When decoded
            // Then it is the same frame
            #expect(try decodeAll(bytes) == [WebSocketFrame(opcode: .text, payload: Array("Hello".utf8))])
        }
    }

    @Test("frames delivered one byte at a time, or split at every boundary, decode the same")
    func everySplit() throws {
        // Given a stream of frames of every length form
        let frames = [
            WebSocketFrame(opcode: .text, payload: Array("Hel".utf8), isFinal: false),
            WebSocketFrame(opcode: .ping, payload: [1, 2, 3]),
            WebSocketFrame(opcode: .continuation, payload: [UInt8](repeating: 0x6C, count: 300)),
            WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 7, count: 70000)),
            WebSocketFrame(opcode: .pong, payload: []),
        ]
        let bytes = frames.flatMap { $0.encodedUnmasked() }
        // When delivered a byte at a time
        #expect(try decodeAll(bytes, chunks: bytes.map { [$0] }) == frames)
        // And cut in two at every point of the small frames
        for cut in 0...400 {
            #expect(try decodeAll(bytes, chunks: [Array(bytes[..<cut]), Array(bytes[cut...])]) == frames, "cut \(cut)")
        }
    }

    @Test("every frame a client sends is masked with a fresh key")
    func freshMasks() throws {
        // Given a connection
        var connection = try WebSocketConnection(compression: nil)
        // When it encodes the same message many times
        var keys: Set<[UInt8]> = []
        for _ in 0..<64 {
            let bytes = try connection.send(.string("same"))
            // Then each frame has the mask bit and a key
            #expect(bytes[1] & 0x80 == 0x80)
            keys.insert(Array(bytes[2..<6]))
        }
        // And the keys differ (64 draws of 32 random bits do not repeat in practice)
        #expect(keys.count == 64)
    }

    @Test("masking twice gives the payload back, at every offset and length")
    func maskRoundTrip() {
        for count in 0..<100 {
            let original = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 31) }
            var bytes = [0xAA, 0xBB] + original
            WebSocketFrame.mask(&bytes, from: 2, key: 0xDEAD_BEEF)
            if count > 0 { #expect(bytes[2] == original[0] ^ 0xDE) }
            WebSocketFrame.mask(&bytes, from: 2, key: 0xDEAD_BEEF)
            #expect(bytes == [0xAA, 0xBB] + original)
        }
    }

    @Test("a message's frame is masked byte for byte as a frame is, across the 32-byte steps of the loop")
    func messageMasking() throws {
        for count in [0, 1, 3, 31, 32, 33, 64, 95, 130, 1000, 70000] {
            // Given a payload and the frame a client makes of it in one pass
            let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
            let bytes = payload.withUnsafeBytes {
                WebSocketFrame.encodedMessage(opcode: .binary, payload: $0, role: .client)
            }
            // When the frame is encoded again with the key it chose
            let keyStart = WebSocketFrame.headerLength(payloadCount: count, masked: true) - 4
            let key = bytes[keyStart..<(keyStart + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            // Then both are the same bytes, and unmasking gives the payload back
            #expect(bytes == WebSocketFrame(opcode: .binary, payload: payload).encoded(maskingKey: key), "\(count)")
            var unmasked = bytes
            WebSocketFrame.mask(&unmasked, from: keyStart + 4, key: key)
            #expect(Array(unmasked[(keyStart + 4)...]) == payload, "\(count)")
        }
    }
}
