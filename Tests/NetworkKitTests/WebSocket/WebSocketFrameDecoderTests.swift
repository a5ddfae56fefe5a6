import Foundation
import Testing

@testable import NetworkKit

/// The framing rules of RFC 6455 §5 that fail a connection with 1002 (Autobahn categories 3,
/// reserved bits; 4, opcodes; 5, fragmentation) and the declared-length limit (1009, category 9).
@Suite("WebSocket frame decoder rules")
struct WebSocketFrameDecoderTests {
    private func firstError(
        _ bytes: [UInt8], compression: Bool = false, limit: Int = 1 << 24, byteByByte: Bool = false
    ) -> WebSocketError? {
        var decoder = WebSocketFrameDecoder(maximumMessageSize: limit, allowsCompression: compression)
        do {
            for chunk in byteByByte ? bytes.map({ [$0] }) : [bytes] {
                decoder.append(chunk)
                while try decoder.nextFrame() != nil {}
            }
        } catch {
            return error
        }
        return nil
    }

    @Test(
        "a reserved bit without a negotiated extension is a protocol error",
        arguments: [0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70] as [UInt8])
    func reservedBits(bits: UInt8) {
        // Given a small text frame with reserved bits set (Autobahn 3.1–3.7)
        let bytes = RawFramePeer.frame(opcode: 0x1, payload: Array("Hello".utf8), reservedBits: bits)
        // When decoded without permessage-deflate
        let error = firstError(bytes)
        // Then it fails with 1002 naming the bits
        #expect(error?.reason == .reservedBitsSet(bits))
        #expect(error?.closeCode == .protocolError)
    }

    @Test("RSV1 is legal only on the first frame of a data message, and only with permessage-deflate")
    func compressedBit() {
        // Given permessage-deflate: RSV1 on a text or binary frame is accepted
        #expect(firstError(RawFramePeer.frame(opcode: 0x1, payload: [0], reservedBits: 0x40), compression: true) == nil)
        #expect(firstError(RawFramePeer.frame(opcode: 0x2, payload: [0], reservedBits: 0x40), compression: true) == nil)
        // But not on a continuation, a control frame, or with RSV2/RSV3 beside it
        let continuation =
            RawFramePeer.frame(opcode: 0x1, payload: [0], fin: false, reservedBits: 0x40)
            + RawFramePeer.frame(opcode: 0x0, payload: [0], reservedBits: 0x40)
        #expect(firstError(continuation, compression: true)?.reason == .reservedBitsSet(0x40))
        #expect(
            firstError(RawFramePeer.frame(opcode: 0x9, reservedBits: 0x40), compression: true)?.reason
                == .reservedBitsSet(0x40))
        #expect(
            firstError(RawFramePeer.frame(opcode: 0x1, reservedBits: 0x60), compression: true)?.reason
                == .reservedBitsSet(0x60))
    }

    @Test("reserved opcodes are protocol errors", arguments: [3, 4, 5, 6, 7, 11, 12, 13, 14, 15] as [UInt8])
    func reservedOpcodes(opcode: UInt8) {
        // Given a frame with a reserved opcode, alone and after a valid frame (Autobahn 4.1–4.2)
        for bytes in [
            RawFramePeer.frame(opcode: opcode),
            RawFramePeer.frame(opcode: 0x1, payload: [0x41]) + RawFramePeer.frame(opcode: opcode, payload: [1, 2]),
        ] {
            // When decoded
            let error = firstError(bytes)
            // Then it fails with 1002
            #expect(error?.reason == .unknownOpcode(opcode))
            #expect(error?.closeCode == .protocolError)
        }
    }

    @Test("fragmented control frames are protocol errors", arguments: [0x8, 0x9, 0xA] as [UInt8])
    func fragmentedControl(opcode: UInt8) {
        // Given a control frame without FIN (Autobahn 5.1–5.2)
        let error = firstError(RawFramePeer.frame(opcode: opcode, payload: [1], fin: false))
        // Then it fails with 1002
        #expect(error?.reason == .fragmentedControlFrame)
    }

    @Test("control frames over 125 bytes are protocol errors, 125 is accepted")
    func controlLength() {
        // Given pings of 125 and 126 bytes (Autobahn 2.4, 2.5)
        #expect(firstError(RawFramePeer.frame(opcode: 0x9, payload: [UInt8](repeating: 0xFE, count: 125))) == nil)
        let error = firstError(RawFramePeer.frame(opcode: 0x9, payload: [UInt8](repeating: 0xFE, count: 126)))
        // Then only the longer one fails, with 1002, before its payload arrives
        #expect(error?.reason == .controlFrameTooLong(length: 126))
        #expect(firstError([0x89, 0x7E, 0x00, 0x7E])?.reason == .controlFrameTooLong(length: 126))
    }

    @Test("a masked server frame is a protocol error")
    func maskedServerFrame() {
        // Given a frame from the server with the mask bit
        let error = firstError(RawFramePeer.frame(opcode: 0x1, payload: Array("Hello".utf8), mask: 0x37FA_213D))
        // Then it fails with 1002
        #expect(error?.reason == .maskedFrame)
    }

    @Test("a 64-bit length with its most significant bit set is a protocol error")
    func highBitLength() {
        // Given a header declaring 2^63 bytes (and 2^64 - 1)
        for high: UInt8 in [0x80, 0xFF] {
            let bytes: [UInt8] = [0x82, 0x7F, high, 0, 0, 0, 0, 0, 0, 0]
            // When decoded, even byte by byte
            // Then it fails with 1002 as soon as the length is in
            #expect(firstError(bytes, byteByByte: true)?.reason == .invalidPayloadLength)
        }
    }

    @Test("declared lengths up to 2^63 - 1 over the limit fail with 1009 before any payload")
    func hugeDeclaredLengths() {
        // Given headers declaring 2^63 - 1, 2^32 and limit + 1 bytes with no payload behind them
        let limit = 1 << 20
        for length: UInt64 in [(1 << 63) - 1, 1 << 32, UInt64(limit) + 1] {
            var bytes: [UInt8] = [0x82, 0x7F]
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((length >> UInt64(shift)) & 0xFF)) }
            // When decoded
            let error = firstError(bytes, limit: limit)
            // Then the message is refused at the header
            #expect(error?.reason == .messageTooBig(limit: limit))
            #expect(error?.closeCode == .messageTooBig)
        }
    }

    @Test("fragments whose declared lengths add up past the limit fail with 1009")
    func endlessFragments() {
        // Given a message of 1000-byte fragments that never ends, against a 64 KiB limit
        let limit = 64 * 1024
        var decoder = WebSocketFrameDecoder(maximumMessageSize: limit, allowsCompression: false)
        decoder.append(RawFramePeer.frame(opcode: 0x2, payload: [UInt8](repeating: 1, count: 1000), fin: false))
        var accepted = 0
        var failure: WebSocketError?
        // When fragments keep coming
        do {
            while failure == nil && accepted < 1000 {
                while try decoder.nextFrame() != nil { accepted += 1 }
                decoder.append(RawFramePeer.frame(opcode: 0x0, payload: [UInt8](repeating: 1, count: 1000), fin: false))
            }
        } catch {
            failure = error
        }
        // Then the fragment that crosses the limit fails the message with 1009
        #expect(failure?.reason == .messageTooBig(limit: limit))
        #expect(accepted == limit / 1000)
    }

    @Test("a continuation with no message started is a protocol error")
    func strayContinuation() {
        // Given continuation frames, final and not, with no message started (Autobahn 5.9–5.14)
        #expect(
            firstError(RawFramePeer.frame(opcode: 0x0, payload: Array("x".utf8)))?.reason == .unexpectedContinuation)
        #expect(firstError(RawFramePeer.frame(opcode: 0x0, fin: false))?.reason == .unexpectedContinuation)
        // And one after a complete message
        let afterMessage =
            RawFramePeer.frame(opcode: 0x1, payload: [0x41]) + RawFramePeer.frame(opcode: 0x0, payload: [0x41])
        #expect(firstError(afterMessage)?.reason == .unexpectedContinuation)
    }

    @Test("a new data frame inside a fragmented message is a protocol error")
    func interleavedMessage() {
        // Given a fragmented text message interrupted by a text and by a binary frame
        for opcode: UInt8 in [0x1, 0x2] {
            let bytes =
                RawFramePeer.frame(opcode: 0x1, payload: [0x41], fin: false)
                + RawFramePeer.frame(opcode: opcode, payload: [0x42])
            // Then the decoder fails with 1002
            #expect(firstError(bytes)?.reason == .expectedContinuation)
        }
    }

    @Test("control frames between fragments are legal")
    func interleavedControl() {
        // Given ping, pong between fragments (Autobahn 5.6–5.8)
        let bytes =
            RawFramePeer.frame(opcode: 0x1, payload: [0x41], fin: false) + RawFramePeer.frame(opcode: 0x9, payload: [1])
            + RawFramePeer.frame(opcode: 0xA) + RawFramePeer.frame(opcode: 0x0, payload: [0x42])
        // Then nothing fails, byte by byte too
        #expect(firstError(bytes) == nil)
        #expect(firstError(bytes, byteByByte: true) == nil)
    }
}
