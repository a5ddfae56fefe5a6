import Foundation
import InternalServiceUtilities
import MockServerKit
import ServiceUtilsTestSupport
import Testing

/// The server's side of the opening handshake (RFC 6455 §4.2): the 101 answer, refusals, the
/// subprotocol choice and permessage-deflate negotiation, seen by a raw client.
@Suite("MockServer WebSocket upgrades")
struct WebSocketUpgradeTests {
    @Test("a valid upgrade gets 101 with Upgrade, Connection and the accept value of RFC 6455 §1.3")
    func switchingProtocols() async throws {
        // Given an echo route
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/echo")
        let port = server.port

        // When a raw client sends the opening handshake with the RFC's sample key
        let response = try await onThread {
            let client = try WebSocketTestClient(port: port, path: "/echo")
            try client.sendClose()
            return client.response
        }

        // Then the answer is 101 with the RFC's accept value and no subprotocol or extension
        #expect(response.status == 101)
        #expect(response.headers["upgrade"]?.lowercased() == "websocket")
        #expect(response.headers["connection"]?.lowercased() == "upgrade")
        #expect(response.headers["sec-websocket-accept"] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(response.headers["sec-websocket-protocol"] == nil)
        #expect(response.headers["sec-websocket-extensions"] == nil)
        #expect(server.requests.last?.headers["Sec-WebSocket-Key"] == WebSocketTestClient.sampleKey)
    }

    @Test(
        "a bad upgrade is refused with 400 or 426 and the handler never runs",
        arguments: [
            ("", 426, false),  // a plain GET
            (
                "Upgrade: websocket\r\nSec-WebSocket-Key: \(WebSocketTestClient.sampleKey)\r\nSec-WebSocket-Version: 13\r\n",
                400, false
            ),
            ("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n", 400, false),
            (
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: c2hvcnQ=\r\nSec-WebSocket-Version: 13\r\n",
                400, false
            ),
            (
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(WebSocketTestClient.sampleKey)\r\nSec-WebSocket-Version: 8\r\n",
                426, true
            ),
            (
                "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(WebSocketTestClient.sampleKey)\r\n",
                426, true
            ),
        ] as [(String, Int, Bool)])
    func refusals(fields: String, status: Int, namesVersion: Bool) async throws {
        // Given a route whose handler would note that it ran
        let server = try MockServer()
        defer { server.stop() }
        let ran = RunFlag()
        server.webSocket("/socket") { _ in ran.set() }
        let port = server.port

        // When a client sends a GET missing or breaking one requirement
        let response = try await onThread {
            try WebSocketTestClient(port: port, path: "/socket", fields: fields, standardFields: false).response
        }

        // Then it is refused (426 names version 13 when the version is wrong or missing)
        #expect(response.status == status)
        #expect(response.headers["sec-websocket-accept"] == nil)
        if namesVersion { #expect(response.headers["sec-websocket-version"] == "13") }
        #expect(!ran.isSet)
    }

    @Test("another method on a WebSocket route gets 405 with Allow: GET")
    func otherMethod() async throws {
        // Given a WebSocket route
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/echo")
        let port = server.port
        // When a client POSTs to it
        let exchange = try await onThread {
            let client = try RawClient(port: port)
            try client.write("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
            return try client.readResponse()
        }
        // Then the answer is 405
        #expect(exchange.status == 405)
        #expect(exchange.headers["allow"] == "GET")
    }

    @Test("the server picks the first subprotocol the client prefers that the route speaks, or none")
    func subprotocols() async throws {
        // Given a route speaking two subprotocols, which reports the one negotiated
        let server = try MockServer()
        defer { server.stop() }
        server.webSocket("/chat", protocols: ["chat.v2", "chat.v1"]) { socket in
            try await socket.send(socket.negotiatedProtocol ?? "none")
        }
        let port = server.port

        // When clients offer overlapping and foreign lists
        let results = try await onThread {
            try ["chat.v1, chat.v2", "superchat, chat.v2", "mqtt"].map { offer in
                let client = try WebSocketTestClient(
                    port: port, path: "/chat", fields: "Sec-WebSocket-Protocol: \(offer)\r\n")
                return (client.response.headers["sec-websocket-protocol"], try client.readFrame()?.text)
            }
        }

        // Then each gets the first of its own offers the route speaks, or no header at all
        #expect(results.map(\.0) == ["chat.v1", "chat.v2", nil])
        #expect(results.map(\.1) == ["chat.v1", "chat.v2", "none"])
    }

    @Test("a route path pattern captures parameters that the handler reads from the upgrade request")
    func pathPattern() async throws {
        // Given a route with a parameter
        let server = try MockServer()
        defer { server.stop() }
        server.webSocket("/rooms/:room") { socket in
            try await socket.send("room \(socket.request.pathParameters["room"] ?? "?")")
        }
        let port = server.port
        // When a client opens /rooms/kitchen
        let text = try await onThread { try WebSocketTestClient(port: port, path: "/rooms/kitchen").readFrame()?.text }
        // Then the handler saw the parameter
        #expect(text == "room kitchen")
    }

    @Test("permessage-deflate offers are answered per RFC 7692, and refused when the route says so")
    func compressionNegotiation() async throws {
        // Given a negotiating route and a refusing one
        let server = try MockServer()
        defer { server.stop() }
        server.webSocketEcho("/deflate")
        server.webSocketEcho("/plain", compression: .refused)
        let port = server.port

        // When clients offer compression in several forms
        let answers = try await onThread {
            try [
                ("/deflate", "permessage-deflate; client_max_window_bits"),
                ("/deflate", "permessage-deflate; server_no_context_takeover; server_max_window_bits=10"),
                ("/deflate", "permessage-deflate; unknown_parameter, permessage-deflate; client_no_context_takeover"),
                ("/deflate", "x-webkit-deflate-frame"),
                ("/plain", "permessage-deflate"),
            ].map { path, offer in
                let client = try WebSocketTestClient(
                    port: port, path: path, fields: "Sec-WebSocket-Extensions: \(offer)\r\n")
                try client.sendClose()
                return client.response.headers["sec-websocket-extensions"]
            }
        }

        // Then the server grants the first acceptable offer, declines invalid and unknown ones, and
        // the refusing route answers without the extension
        #expect(
            answers == [
                "permessage-deflate", "permessage-deflate; server_no_context_takeover; server_max_window_bits=10",
                "permessage-deflate; client_no_context_takeover", nil, nil,
            ])
    }
}

/// A flag a handler sets, for tests that check it never ran.
final class RunFlag: Sendable {
    private let value = Locked(false)

    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.value }
}
