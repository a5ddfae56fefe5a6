import Foundation
import Testing

@testable import NetworkKit

/// The client's opening handshake (RFC 6455 §4.1, §4.2.2): key, accept value, the checks of the
/// server's answer, and the bound on its head.
@Suite("WebSocket handshake")
struct WebSocketHandshakeTests {
    private let handshake = WebSocketHandshake(
        protocols: ["chat", "superchat"], compression: PermessageDeflateOffer(), key: "dGhlIHNhbXBsZSBub25jZQ==")

    private func response(_ status: Int = 101, _ fields: [(String, String)]? = nil) -> WebSocketHandshakeResponse {
        let defaults = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"),
            ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="),
        ]
        var headers = HTTPHeaders()
        for (name, value) in fields ?? defaults { headers.add(name: name, value: value) }
        return WebSocketHandshakeResponse(statusCode: status, headers: headers)
    }

    private func failure(_ response: WebSocketHandshakeResponse) -> WebSocketError.HandshakeFailureReason? {
        do {
            _ = try handshake.validate(response)
            return nil
        } catch {
            guard case .handshakeFailed(let reason) = error.reason else { return nil }
            return reason
        }
    }

    @Test("the accept value of RFC 6455 §1.3's example key")
    func rfcAccept() {
        #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test("a fresh key is 16 random bytes in base64, different each time")
    func keys() {
        let keys = (0..<32).map { _ in WebSocketHandshake.makeKey() }
        #expect(Set(keys).count == 32)
        for key in keys { #expect(Data(base64Encoded: key)?.count == 16) }
    }

    @Test("the request headers carry the key, version 13, the protocols and the deflate offer")
    func requestHeaders() {
        let headers = Dictionary(uniqueKeysWithValues: handshake.requestHeaders.map { ($0.name, $0.value) })
        #expect(headers["Upgrade"] == "websocket")
        #expect(headers["Connection"] == "Upgrade")
        #expect(headers["Sec-WebSocket-Version"] == "13")
        #expect(headers["Sec-WebSocket-Key"] == "dGhlIHNhbXBsZSBub25jZQ==")
        #expect(headers["Sec-WebSocket-Protocol"] == "chat, superchat")
        #expect(headers["Sec-WebSocket-Extensions"] == "permessage-deflate; client_max_window_bits")
    }

    @Test("a valid answer is accepted, with header names and tokens in any case")
    func valid() throws {
        let fields = [
            ("upgrade", "WebSocket"), ("CONNECTION", "keep-alive, UPGRADE"),
            ("sec-websocket-accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="), ("Sec-WebSocket-Protocol", "chat"),
            ("Sec-WebSocket-Extensions", "permessage-deflate; server_no_context_takeover; client_max_window_bits=10"),
        ]
        let agreement = try handshake.validate(response(101, fields))
        #expect(agreement.negotiatedProtocol == "chat")
        #expect(
            agreement.compression
                == PermessageDeflateParameters(serverNoContextTakeover: true, clientMaxWindowBits: 10))
        #expect(try handshake.validate(response()).compression == nil)
    }

    @Test("each requirement the answer breaks is named")
    func failures() {
        let accept = ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(failure(response(200)) == .unexpectedStatus(200))
        #expect(failure(response(101, [("Connection", "Upgrade"), accept])) == .missingUpgrade)
        #expect(failure(response(101, [("Upgrade", "h2c"), ("Connection", "Upgrade"), accept])) == .missingUpgrade)
        #expect(
            failure(response(101, [("Upgrade", "websocket"), ("Connection", "close"), accept]))
                == .missingConnectionUpgrade)
        #expect(failure(response(101, [("Upgrade", "websocket"), ("Connection", "Upgrade")])) == .acceptMismatch)
        #expect(
            failure(
                response(101, [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", "AAAA")]))
                == .acceptMismatch)
        let base = [("Upgrade", "websocket"), ("Connection", "Upgrade"), accept]
        #expect(failure(response(101, base + [("Sec-WebSocket-Protocol", "other")])) == .unofferedProtocol("other"))
        #expect(
            failure(response(101, base + [("Sec-WebSocket-Protocol", "chat, superchat")]))
                == .unofferedProtocol("chat, superchat"))
        #expect(
            failure(response(101, base + [("Sec-WebSocket-Extensions", "x-webkit-deflate-frame")]))
                == .unofferedExtension("x-webkit-deflate-frame"))
        #expect(
            failure(response(101, base + [("Sec-WebSocket-Extensions", "permessage-deflate, permessage-deflate")]))
                == .unofferedExtension("permessage-deflate"))
    }

    @Test("compression is refused when it was not offered")
    func compressionNotOffered() throws {
        let plain = WebSocketHandshake(key: "dGhlIHNhbXBsZSBub25jZQ==")
        var headers = response().headers
        headers.add(name: "Sec-WebSocket-Extensions", value: "permessage-deflate")
        #expect(throws: WebSocketError(.handshakeFailed(.unofferedExtension("permessage-deflate")))) {
            try plain.validate(WebSocketHandshakeResponse(statusCode: 101, headers: headers))
        }
    }

    @Test("the response head is read in pieces, and bytes after it are kept for the frame decoder")
    func readerSplits() throws {
        let head = Array(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\r\n"
                .utf8)
        let frame: [UInt8] = [0x81, 0x02, 0x68, 0x69]
        let bytes = head + frame
        for cut in 1..<bytes.count {
            var reader = WebSocketHandshakeResponseReader()
            var result = try reader.append(Array(bytes[..<cut]))
            if result == nil { result = try reader.append(Array(bytes[cut...])) }
            let (response, rest) = try #require(result)
            #expect(response.statusCode == 101)
            #expect(response.headers.value(for: "upgrade") == "websocket")
            // A head complete in the first piece hands back what came after it in that piece
            #expect(rest == (cut >= head.count ? Array(bytes[head.count..<cut]) : Array(bytes[head.count...])))
            #expect(try handshake.validate(response).negotiatedProtocol == nil)
        }
    }

    @Test("a head of 1 MiB is refused at the 64 KiB bound, without buffering the rest")
    func oversizedHead() throws {
        var reader = WebSocketHandshakeResponseReader()
        _ = try reader.append(Array("HTTP/1.1 101 Switching Protocols\r\n".utf8))
        let filler = Array("X-Filler: \(String(repeating: "a", count: 1000))\r\n".utf8)
        var thrown: WebSocketError?
        var fed = 0
        while fed < 1 << 20 && thrown == nil {
            do {
                _ = try reader.append(filler)
            } catch {
                thrown = error
            }
            fed += filler.count
        }
        #expect(thrown == WebSocketError(.handshakeFailed(.responseHeadTooLarge(limit: 64 * 1024))))
        #expect(fed < 66 * 1024)
    }

    @Test("a head that is not HTTP/1.1, or cut by the end of the stream, is refused")
    func malformedHeads() throws {
        var reader = WebSocketHandshakeResponseReader()
        #expect(throws: WebSocketError(.handshakeFailed(.malformedResponseHead))) {
            _ = try reader.append(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8))
        }
        var cut = WebSocketHandshakeResponseReader()
        _ = try cut.append(Array("HTTP/1.1 101 OK\r\n".utf8))
        #expect(throws: WebSocketError(.handshakeFailed(.connectionClosed))) { _ = try cut.append([]) }
    }
}
