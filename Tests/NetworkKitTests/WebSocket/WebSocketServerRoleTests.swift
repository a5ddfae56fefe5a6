import Foundation
import Testing

@testable import NetworkKit

/// The server's end of the shared engine code: masked frames required and unmasked (RFC 6455
/// §5.1), unmasked frames sent, and the server's half of permessage-deflate (RFC 7692 §5.1, §7.1).
@Suite("WebSocket server role")
struct WebSocketServerRoleTests {
    private func serverFrames(_ bytes: [UInt8], byteByByte: Bool = false) -> ([WebSocketFrame], WebSocketError?) {
        var decoder = WebSocketFrameDecoder(maximumMessageSize: 1 << 20, allowsCompression: false, role: .server)
        var frames: [WebSocketFrame] = []
        do {
            for chunk in byteByByte ? bytes.map({ [$0] }) : [bytes] {
                decoder.append(chunk)
                while let frame = try decoder.nextFrame() { frames.append(frame) }
            }
        } catch {
            return (frames, error)
        }
        return (frames, nil)
    }

    private func offer(_ value: String) throws -> PermessageDeflateOffer? {
        let list = try #require(WebSocketExtensionList(values: [value]))
        let element = try #require(list.elements.first)
        return PermessageDeflateOffer(parameters: element.parameters.map { ($0.name, $0.value) })
    }

    @Test("a server's decoder unmasks masked frames of every length form, split at any byte")
    func unmasksClientFrames() {
        // Given masked client frames: short text, a 16-bit and a 64-bit binary length, a masked ping
        let long = (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }
        let bytes =
            RawFramePeer.frame(opcode: 0x1, payload: Array("Hello".utf8), mask: 0x37FA_213D)
            + RawFramePeer.frame(opcode: 0x2, payload: Array(long.prefix(300)), mask: 0x0102_0304)
            + RawFramePeer.frame(opcode: 0x2, payload: long, mask: 0xDEAD_BEEF)
            + RawFramePeer.frame(opcode: 0x9, payload: [1, 2, 3], mask: 0xFFFF_FFFF)
        for byteByByte in [false, true] {
            // When a server's decoder reads them, whole and byte by byte
            let (frames, error) = serverFrames(bytes, byteByByte: byteByByte)
            // Then it returns the payloads unmasked
            #expect(error == nil)
            #expect(
                frames.map { Array($0.payload) } == [Array("Hello".utf8), Array(long.prefix(300)), long, [1, 2, 3]])
            #expect(frames.map(\.opcode) == [.text, .binary, .binary, .ping])
        }
    }

    @Test("a server fails an unmasked frame with 1002, a client still fails a masked one")
    func maskRequired() {
        // Given an unmasked text frame, as a server would send it
        let (frames, error) = serverFrames(RawFramePeer.frame(opcode: 0x1, payload: Array("Hello".utf8)))
        // Then a server's decoder refuses it with a protocol error
        #expect(frames.isEmpty)
        #expect(error?.reason == .unmaskedFrame)
        #expect(error?.closeCode == .protocolError)
        // And the client's default is unchanged
        var client = WebSocketFrameDecoder(maximumMessageSize: 1024, allowsCompression: false)
        client.append(RawFramePeer.frame(opcode: 0x1, payload: [0x41], mask: 1))
        #expect(throws: WebSocketError(.maskedFrame)) { try client.nextFrame() }
    }

    @Test("a server connection answers an unmasked frame with an unmasked close 1002 and fails")
    func connectionFailsUnmasked() throws {
        // Given a server connection
        var connection = try WebSocketConnection(compression: nil, role: .server)
        // When the client sends an unmasked frame
        let outputs = connection.receive(RawFramePeer.frame(opcode: 0x1, payload: [0x41]))
        // Then it writes an unmasked close frame with 1002, then fails
        #expect(outputs == [.write([0x88, 0x02, 0x03, 0xEA]), .failed(WebSocketError(.unmaskedFrame))])
        #expect(connection.state == .closed)
    }

    @Test("a server connection delivers masked messages and answers pings and closes unmasked")
    func serverConversation() throws {
        // Given a server connection
        var connection = try WebSocketConnection(compression: nil, role: .server)
        // When the client sends a fragmented text, a ping and a close, all masked
        let outputs = connection.receive(
            RawFramePeer.frame(opcode: 0x1, payload: Array("Hel".utf8), fin: false, mask: 0xA1B2_C3D4)
                + RawFramePeer.frame(opcode: 0x9, payload: [7], mask: 0x1111_1111)
                + RawFramePeer.frame(opcode: 0x0, payload: Array("lo".utf8), mask: 0x5555_AAAA)
                + RawFramePeer.frame(opcode: 0x8, payload: RawFramePeer.closePayload(1000, "bye"), mask: 0x0F0F_0F0F))
        // Then the pong and the close reply are unmasked, and the message is whole
        #expect(
            outputs == [
                .write([0x8A, 0x01, 0x07]), .message(.string("Hello")),
                .write([0x88, 0x05, 0x03, 0xE8] + Array("bye".utf8)),
                .closed(WebSocketClosePayload(code: .normalClosure, reason: "bye")),
            ])
    }

    @Test("a server sends unmasked frames and closes first when asked")
    func serverSends() throws {
        // Given a server connection
        var connection = try WebSocketConnection(compression: nil, role: .server)
        // When it sends text, binary, a ping and a close
        #expect(try connection.send(.string("hi")) == [0x81, 0x02, 0x68, 0x69])
        #expect(try connection.send(.data(Data([1, 2]))) == [0x82, 0x02, 0x01, 0x02])
        #expect(try connection.ping([9]) == [0x89, 0x01, 0x09])
        #expect(connection.close(WebSocketClosePayload(code: .goingAway)) == [0x88, 0x02, 0x03, 0xE9])
        // Then the client's close reply completes the handshake
        let outputs = connection.receive(
            RawFramePeer.frame(opcode: 0x8, payload: RawFramePeer.closePayload(1001), mask: 0x0A0B_0C0D))
        #expect(outputs == [.closed(WebSocketClosePayload(code: .goingAway))])
    }

    @Test("a server reads offers as RFC 7692 §5.1 says and declines the ones it must")
    func offerParsing() throws {
        // Given valid offers
        let browser = try #require(try offer("permessage-deflate; client_max_window_bits"))
        #expect(browser == PermessageDeflateOffer(clientWindow: .serverMayLimit))
        let full = try #require(
            try offer(
                "permessage-deflate; server_no_context_takeover; client_no_context_takeover; "
                    + "server_max_window_bits=10; client_max_window_bits=\"12\""))
        #expect(
            full
                == PermessageDeflateOffer(
                    serverNoContextTakeover: true, clientNoContextTakeover: true, serverMaxWindowBits: 10,
                    clientWindow: .limit(12)))
        #expect(try offer("permessage-deflate") == PermessageDeflateOffer(clientWindow: .unlimited))
        // Then invalid ones are declined: unknown, repeated, a value where none belongs, bad windows
        for declined in [
            "permessage-deflate; foo", "permessage-deflate; server_no_context_takeover; server_no_context_takeover",
            "permessage-deflate; server_no_context_takeover=1", "permessage-deflate; server_max_window_bits",
            "permessage-deflate; server_max_window_bits=16", "permessage-deflate; client_max_window_bits=7",
            "permessage-deflate; client_max_window_bits=09",
        ] {
            #expect(try offer(declined) == nil, "\(declined)")
        }
    }

    @Test("a server's answer grants the offer and the client's check agrees to the same parameters")
    func acceptedAnswers() throws {
        for value in [
            "permessage-deflate; client_max_window_bits", "permessage-deflate",
            "permessage-deflate; server_no_context_takeover; client_no_context_takeover",
            "permessage-deflate; server_max_window_bits=9; client_max_window_bits=11",
            "permessage-deflate; server_max_window_bits=8",
        ] {
            // Given an offer
            let offered = try #require(try offer(value))
            // When the server accepts it
            let (parameters, answer) = offered.accepted()
            // Then the client, reading the answer against its offer, agrees to the same parameters
            let list = try #require(WebSocketExtensionList(values: [answer]))
            let element = try #require(list.elements.first)
            let agreed = try PermessageDeflateParameters(
                agreeing: element.parameters.map { ($0.name, $0.value) }, to: offered)
            #expect(agreed == parameters, "\(value) answered \(answer)")
        }
        let (_, answer) = try #require(try offer("permessage-deflate; server_max_window_bits=10")).accepted()
        #expect(answer == "permessage-deflate; server_max_window_bits=10")
    }

    @Test(
        "client and server connections round-trip compressed messages both ways",
        arguments: [
            PermessageDeflateParameters(),
            PermessageDeflateParameters(serverNoContextTakeover: true, clientNoContextTakeover: true),
            PermessageDeflateParameters(serverMaxWindowBits: 9, clientMaxWindowBits: 10),
            PermessageDeflateParameters(serverMaxWindowBits: 8, clientMaxWindowBits: 8),
        ])
    func compressedRoundTrip(parameters: PermessageDeflateParameters) throws {
        // Given a client and a server that agreed on `parameters`
        var client = try WebSocketConnection(compression: parameters)
        var server = try WebSocketConnection(compression: parameters, role: .server)
        let messages: [WebSocketMessage] = [
            .string(String(repeating: "compress me ", count: 200)), .data(Data((0..<5000).map { UInt8($0 % 7) })),
            .string(""), .string(String(repeating: "compress me ", count: 200)),
        ]
        for message in messages {
            // When each sends the other a message
            let toServer = try client.send(message)
            let toClient = try server.send(message)
            // Then each side reads it back, compressed unless its window is 8
            #expect(server.receive(toServer) == [.message(message)])
            #expect(client.receive(toClient) == [.message(message)])
            #expect((toClient[0] & 0x40 != 0) == parameters.serverCompresses)
            #expect(toServer[1] & 0x80 != 0)
            #expect(toClient[1] & 0x80 == 0)
        }
    }
}
