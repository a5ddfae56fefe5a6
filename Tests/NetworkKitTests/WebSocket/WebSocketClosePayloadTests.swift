import Foundation
import Testing

@testable import NetworkKit

/// Close frame payloads (Autobahn case category 7): every valid and invalid code, the one-byte
/// payload, reasons that are not UTF-8.
@Suite("WebSocket close payloads")
struct WebSocketClosePayloadTests {
    @Test(
        "codes a server may send are read with their reason",
        arguments: [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999])
    func validCodes(code: Int) throws {
        // Given a close payload with the code and a UTF-8 reason
        let payload = try WebSocketClosePayload(parsing: RawFramePeer.closePayload(code, "bye ✓"))
        // Then both are read
        #expect(payload.code == WebSocketCloseCode(rawValue: code))
        #expect(payload.reason == "bye ✓")
    }

    @Test(
        "codes that may not be sent are protocol errors",
        arguments: [0, 1, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535])
    func invalidCodes(code: Int) {
        // Given a close payload with a reserved, unassigned or out-of-range code (Autobahn 7.9.x)
        #expect(throws: WebSocketError(.invalidCloseCode(code))) {
            // When it is read
            try WebSocketClosePayload(parsing: RawFramePeer.closePayload(code))
        }
        // Then the error's close code is 1002
        #expect(WebSocketError(.invalidCloseCode(code)).closeCode == .protocolError)
    }

    @Test("an empty payload means no status; a one-byte payload is a protocol error")
    func shortPayloads() throws {
        // Given an empty payload (Autobahn 7.3.1) and a one-byte one (7.3.2)
        let empty = try WebSocketClosePayload(parsing: [])
        #expect(empty.code == nil)
        #expect(throws: WebSocketError(.invalidClosePayload)) { try WebSocketClosePayload(parsing: [0x03]) }
    }

    @Test("a reason that is not UTF-8 fails with 1007; a 123-byte reason is read")
    func reasons() throws {
        // Given a reason with an invalid byte (Autobahn 7.5.1)
        #expect(throws: WebSocketError(.invalidUTF8)) {
            try WebSocketClosePayload(
                parsing: RawFramePeer.closePayload(1000) + [
                    0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5, 0xED, 0xA0, 0x80,
                ])
        }
        #expect(WebSocketError(.invalidUTF8).closeCode == .invalidFramePayloadData)
        // And the longest reason a control frame carries (Autobahn 7.3.5)
        let long = String(repeating: "*", count: 123)
        #expect(try WebSocketClosePayload(parsing: RawFramePeer.closePayload(1000, long)).reason == long)
    }

    @Test("a reason to send is cut at a character boundary to fit 123 bytes")
    func truncation() {
        // Given a reason of 100 two-byte characters
        let payload = WebSocketClosePayload(code: .normalClosure, reason: String(repeating: "é", count: 100))
        // Then it keeps 61 characters (122 bytes) and stays valid UTF-8
        #expect(payload.reason.utf8.count == 122)
        #expect(payload.encoded.count == 124)
    }

    @Test("the named codes have URLSessionWebSocketTask's numbers and application codes are open")
    func names() {
        #expect(WebSocketCloseCode.normalClosure.rawValue == 1000)
        #expect(WebSocketCloseCode.noStatusReceived.rawValue == 1005)
        #expect(WebSocketCloseCode.abnormalClosure.rawValue == 1006)
        #expect(WebSocketCloseCode.invalidFramePayloadData.rawValue == 1007)
        #expect(WebSocketCloseCode.messageTooBig.rawValue == 1009)
        #expect(WebSocketCloseCode.internalServerError.rawValue == 1011)
        #expect(WebSocketCloseCode.tlsHandshakeFailure.rawValue == 1015)
        #expect(WebSocketCloseCode(rawValue: 4001).isAllowedOnWire)
        #expect(!WebSocketCloseCode.noStatusReceived.isAllowedOnWire)
        #expect(WebSocketCloseCode.normalClosure.description == "1000 (normalClosure)")
    }
}
