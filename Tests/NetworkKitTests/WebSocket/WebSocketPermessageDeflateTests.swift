import Foundation
import Testing

@testable import NetworkKit

/// permessage-deflate (RFC 7692, Autobahn case categories 12 and 13): negotiation of every
/// parameter, §7.2.3's example bytes, round trips for each parameter set, and the bomb.
@Suite("WebSocket permessage-deflate")
struct WebSocketPermessageDeflateTests {
    private func receive(_ frames: [[UInt8]], compression: PermessageDeflateParameters = .init(), limit: Int = 1 << 24)
        throws -> [WebSocketConnection.Output]
    {
        var connection = try WebSocketConnection(maximumMessageSize: limit, compression: compression)
        return frames.flatMap { connection.receive($0) }
    }

    private func agree(_ response: String, offer: PermessageDeflateOffer = .init()) throws
        -> PermessageDeflateParameters
    {
        let list = try #require(WebSocketExtensionList(values: [response]))
        let element = try #require(list.elements.first)
        return try PermessageDeflateParameters(agreeing: element.parameters.map { ($0.name, $0.value) }, to: offer)
    }

    private func unmaskedPayload(_ bytes: [UInt8]) -> (header: UInt8, payload: [UInt8]) {
        let length = Int(bytes[1] & 0x7F)
        precondition(length < 126)
        let key = bytes[2..<6].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        var payload = Array(bytes[6...])
        WebSocketFrame.mask(&payload, from: 0, key: key)
        return (bytes[0], payload)
    }

    @Test("RFC 7692 §7.2.3.1: 'Hello' compressed is c1 07 f2 48 cd c9 c9 07 00, both ways")
    func rfcHello() throws {
        #expect(try receive([[0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]]) == [.message(.string("Hello"))])
        var connection = try WebSocketConnection(compression: PermessageDeflateParameters())
        let (header, payload) = unmaskedPayload(try connection.send(.string("Hello")))
        #expect(header == 0xC1)
        #expect(payload == [0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00])
        // §7.2.3.2: the second "Hello" with the window shared
        let (_, second) = unmaskedPayload(try connection.send(.string("Hello")))
        #expect(second == [0xF2, 0x00, 0x11, 0x00, 0x00])
    }

    @Test("RFC 7692 §7.2.3.2–7.2.3.5: shared window, fragments, stored block, BFINAL, two blocks")
    func rfcExamples() throws {
        let hello = WebSocketConnection.Output.message(.string("Hello"))
        // Shared sliding window
        #expect(
            try receive([
                [0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00], [0xC1, 0x05, 0xF2, 0x00, 0x11, 0x00, 0x00],
            ]) == [hello, hello])
        // Fragmented compressed message
        #expect(try receive([[0x41, 0x03, 0xF2, 0x48, 0xCD], [0x80, 0x04, 0xC9, 0xC9, 0x07, 0x00]]) == [hello])
        // A stored (uncompressed) DEFLATE block
        #expect(
            try receive([[0xC1, 0x0B, 0x00, 0x05, 0x00, 0xFA, 0xFF, 0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x00]]) == [hello])
        // BFINAL set, then another message on a fresh stream that still sees the window
        #expect(
            try receive([
                [0xC1, 0x08, 0xF3, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x00],
                [0xC1, 0x05, 0xF2, 0x00, 0x11, 0x00, 0x00],
            ]) == [hello, hello])
        // Two DEFLATE blocks in one message
        #expect(
            try receive([[0xC1, 0x0D, 0xF2, 0x48, 0x05, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xCA, 0xC9, 0xC9, 0x07, 0x00]])
                == [hello])
        // An uncompressed message on a compressed connection (RSV1 clear)
        #expect(try receive([[0x81, 0x05] + Array("Hello".utf8)]) == [hello])
    }

    @Test("server_no_context_takeover: a message referring to the one before is invalid data (1007)")
    func serverNoContextTakeover() throws {
        let outputs = try receive(
            [[0xC1, 0x07, 0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00], [0xC1, 0x05, 0xF2, 0x00, 0x11, 0x00, 0x00]],
            compression: PermessageDeflateParameters(serverNoContextTakeover: true))
        #expect(outputs.first == .message(.string("Hello")))
        #expect(outputs.last == .failed(WebSocketError(.invalidCompressedData)))
    }

    @Test("the offer's header value for each parameter set")
    func offers() {
        #expect(PermessageDeflateOffer().headerValue == "permessage-deflate; client_max_window_bits")
        var offer = PermessageDeflateOffer(
            serverNoContextTakeover: true, clientNoContextTakeover: true, serverMaxWindowBits: 10,
            clientWindow: .limit(12))
        #expect(
            offer.headerValue
                == "permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=10; client_max_window_bits=12"
        )
        offer = PermessageDeflateOffer(clientWindow: .unlimited)
        #expect(offer.headerValue == "permessage-deflate")
    }

    @Test("answers with each parameter, with and without values, are agreed")
    func agreements() throws {
        #expect(try agree("permessage-deflate") == PermessageDeflateParameters())
        #expect(try agree("permessage-deflate; server_no_context_takeover").serverNoContextTakeover)
        #expect(try agree("permessage-deflate; client_no_context_takeover").clientNoContextTakeover)
        #expect(try agree("permessage-deflate; server_max_window_bits=9").serverMaxWindowBits == 9)
        #expect(try agree("permessage-deflate; server_max_window_bits=\"11\"").serverMaxWindowBits == 11)
        #expect(try agree("permessage-deflate; client_max_window_bits=8").clientMaxWindowBits == 8)
        #expect(try agree("permessage-deflate; client_max_window_bits=8").clientCompresses == false)
        let limited = PermessageDeflateOffer(serverMaxWindowBits: 12, clientWindow: .limit(10))
        let answer = try agree("permessage-deflate; server_max_window_bits=10", offer: limited)
        #expect(answer.serverMaxWindowBits == 10)
        #expect(answer.clientMaxWindowBits == 10)
    }

    @Test(
        "answers that break RFC 7692 or the offer are refused",
        arguments: [
            "permessage-deflate; x_unknown",
            "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
            "permessage-deflate; server_no_context_takeover=1", "permessage-deflate; server_max_window_bits",
            "permessage-deflate; server_max_window_bits=7", "permessage-deflate; server_max_window_bits=16",
            "permessage-deflate; server_max_window_bits=010", "permessage-deflate; client_max_window_bits",
            "permessage-deflate; client_max_window_bits=abc",
        ])
    func refusals(response: String) {
        #expect(throws: WebSocketError.self) { try agree(response) }
    }

    @Test("a window larger than offered, a client window not offered, or a server window unanswered are refused")
    func refusalsAgainstOffer() {
        #expect(throws: WebSocketError.self) {
            try agree(
                "permessage-deflate; server_max_window_bits=12", offer: PermessageDeflateOffer(serverMaxWindowBits: 10))
        }
        #expect(throws: WebSocketError.self) {
            try agree(
                "permessage-deflate; client_max_window_bits=12", offer: PermessageDeflateOffer(clientWindow: .limit(10))
            )
        }
        #expect(throws: WebSocketError.self) {
            try agree(
                "permessage-deflate; client_max_window_bits=12", offer: PermessageDeflateOffer(clientWindow: .unlimited)
            )
        }
        #expect(throws: WebSocketError.self) {
            try agree("permessage-deflate", offer: PermessageDeflateOffer(serverMaxWindowBits: 10))
        }
    }

    @Test(
        "messages round-trip through the deflater and inflater for each parameter set",
        arguments: [(true, 15), (false, 15), (true, 9), (false, 9), (true, 12), (false, 10)])
    func roundTrips(contextTakeover: Bool, windowBits: Int) throws {
        let deflater = try MessageDeflater(windowBits: windowBits, contextTakeover: contextTakeover)
        // An inflater with exactly the agreed window proves the deflater kept to it.
        let inflater = try MessageInflater(contextTakeover: contextTakeover, windowBits: windowBits)
        // 1500 bytes of pseudo-random words: they compress by half on their own, to almost nothing
        // when the window still holds them.
        var state: UInt32 = 12345
        let text = (0..<1500).map { index -> UInt8 in
            state = state &* 1_103_515_245 &+ 12345
            return index % 6 == 5 ? 0x20 : 0x61 + UInt8((state >> 16) % 16)
        }
        let messages: [[UInt8]] = [
            text, [], Array("x".utf8), text, (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, text,
        ]
        var sizes: [Int] = []
        for message in messages {
            let compressed = try deflater.compress(message)
            sizes.append(compressed.count)
            var output: [UInt8] = []
            try inflater.inflate(compressed, into: &output, limit: 1 << 20)
            try inflater.finishMessage(into: &output, limit: 1 << 20)
            #expect(output == message)
        }
        // With context takeover a repeated message costs a few bytes; without, as much as the first time
        if contextTakeover && windowBits >= 12 {
            #expect(sizes[3] < sizes[0] / 4)
        } else if contextTakeover {
            #expect(sizes[3] <= sizes[0])
        } else {
            #expect(sizes[3] == sizes[0])
        }
    }

    @Test("a compressed bomb stops at the message limit with 1009, whole and fragmented")
    func bomb() throws {
        // Given 16 MiB of zeros compressed to a few kilobytes, against a 1 MiB limit
        let deflater = try MessageDeflater(windowBits: 15, contextTakeover: false)
        let compressed = try deflater.compress([UInt8](repeating: 0, count: 16 << 20))
        #expect(compressed.count < 32 * 1024)
        let whole = WebSocketFrame(opcode: .binary, payload: compressed, reservedBits: 0x40).encodedUnmasked()
        let half = compressed.count / 2
        let fragmented =
            WebSocketFrame(opcode: .binary, payload: Array(compressed[..<half]), isFinal: false, reservedBits: 0x40)
            .encodedUnmasked()
            + WebSocketFrame(opcode: .continuation, payload: Array(compressed[half...])).encodedUnmasked()
        for bytes in [whole, fragmented] {
            // When it arrives
            let outputs = try receive([bytes], limit: 1 << 20)
            // Then the client sends close 1009 and fails the connection
            #expect(outputs.last == .failed(WebSocketError(.messageTooBig(limit: 1 << 20))))
            guard case .write(let close) = outputs.first else {
                Issue.record("no close frame")
                continue
            }
            #expect(unmaskedPayload(close).payload == [0x03, 0xF1])
        }
    }

    @Test("data that is not DEFLATE fails with 1007")
    func garbage() throws {
        let outputs = try receive([[0xC1, 0x04, 0xFF, 0xFF, 0xFF, 0xFF]])
        #expect(outputs.last == .failed(WebSocketError(.invalidCompressedData)))
    }

    @Test("a missing zlib is reported, not a crash")
    func missingLibrary() {
        #expect(Zlib.load(named: "libz-that-does-not-exist.so.9") == nil)
        #expect(Zlib.shared != nil)
        #expect(WebSocketError(.compressionUnavailable).description.contains("zlib"))
    }
}
