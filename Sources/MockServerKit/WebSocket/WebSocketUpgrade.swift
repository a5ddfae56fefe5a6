import Foundation
import NetworkKit

/// A WebSocket route as the router keeps it.
struct WebSocketRoute: Sendable {
    /// The subprotocols the route speaks, in the server's order.
    let protocols: [String]
    let compression: MockWebSocket.Compression
    let conditions: WebSocketConditionPlan
    let handler: MockServer.WebSocketHandler
}

/// The server's side of the opening handshake (RFC 6455 §4.2, RFC 7692 §5): the checks of the
/// client's `GET`, and the answer. Sans-I/O: a request in, a decision out.
enum WebSocketUpgrade {
    /// What the handshake agreed.
    struct Acceptance {
        /// The `101 Switching Protocols` head to send.
        var head: [UInt8]
        var negotiatedProtocol: String?
        var compression: PermessageDeflateParameters?
    }

    enum Decision {
        case accept(Acceptance)
        /// Refused: answer this instead (400, 405 or 426) and keep serving HTTP.
        case refuse(MockResponse)
    }

    /// Checks `request` against §4.2.1 and, when it is a valid opening handshake, agrees on a
    /// subprotocol and on compression.
    ///
    /// - Parameters:
    ///   - request: The upgrade request.
    ///   - route:   The route it matched.
    ///   - allowsCompression: False when compression cannot be offered at all.
    /// - Returns: The answer.
    static func decide(_ request: MockRequest, route: WebSocketRoute, allowsCompression: Bool = true) -> Decision {
        guard request.method == .get else {
            var response = MockResponse.text("A WebSocket opening handshake is a GET\n", status: 405)
            response.headers["Allow"] = "GET"
            return .refuse(response)
        }
        guard tokens(of: "Upgrade", in: request).contains("websocket") else {
            var response = MockResponse.text("This resource speaks WebSocket: send Upgrade: websocket\n", status: 426)
            response.headers["Upgrade"] = "websocket"
            response.headers["Connection"] = "Upgrade"
            response.headers["Sec-WebSocket-Version"] = "13"
            return .refuse(response)
        }
        guard request.version != "HTTP/1.0" else { return refuse("a WebSocket upgrade needs HTTP/1.1") }
        guard tokens(of: "Connection", in: request).contains("upgrade") else {
            return refuse("Connection has no upgrade token")
        }
        let versions = request.headers.values(for: "Sec-WebSocket-Version").map(trimmed)
        guard versions == ["13"] else {
            var response = MockResponse.text("Sec-WebSocket-Version must be 13\n", status: 426)
            response.headers["Sec-WebSocket-Version"] = "13"
            return .refuse(response)
        }
        let keys = request.headers.values(for: "Sec-WebSocket-Key").map(trimmed)
        guard keys.count == 1, let key = keys.first, Data(base64Encoded: key)?.count == 16 else {
            return refuse("Sec-WebSocket-Key must be one value of 16 bytes in base64")
        }
        let chosen = chosenProtocol(for: request, route: route)
        let offer = route.compression == .negotiated && allowsCompression ? compressionOffer(in: request) : nil
        let answer = offer?.accepted()
        var head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n"
        if let chosen { head += "Sec-WebSocket-Protocol: \(chosen)\r\n" }
        if let answer { head += "Sec-WebSocket-Extensions: \(answer.headerValue)\r\n" }
        head += "\r\n"
        return .accept(
            Acceptance(head: Array(head.utf8), negotiatedProtocol: chosen, compression: answer?.parameters))
    }

    /// The first subprotocol the client offered (its order is its preference) that the route speaks.
    private static func chosenProtocol(for request: MockRequest, route: WebSocketRoute) -> String? {
        let offered = request.headers.values(for: "Sec-WebSocket-Protocol")
            .flatMap { $0.split(separator: ",").map { trimmed(String($0)) } }
        return offered.first { route.protocols.contains($0) }
    }

    /// The first permessage-deflate offer a server can accept; nil when there is none or the
    /// extension list is malformed (the server then declines compression).
    private static func compressionOffer(in request: MockRequest) -> PermessageDeflateOffer? {
        let values = request.headers.values(for: "Sec-WebSocket-Extensions")
        guard !values.isEmpty, let list = WebSocketExtensionList(values: values) else { return nil }
        return list.elements.lazy.filter { $0.name == "permessage-deflate" }
            .compactMap { PermessageDeflateOffer(parameters: $0.parameters.map { ($0.name, $0.value) }) }.first
    }

    /// The comma-separated tokens of every `name` field, lowercased.
    private static func tokens(of name: String, in request: MockRequest) -> [String] {
        request.headers.values(for: name).flatMap { $0.split(separator: ",").map { trimmed(String($0)).lowercased() } }
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces)
    }

    private static func refuse(_ reason: String) -> Decision {
        .refuse(.text("Bad WebSocket upgrade: \(reason)\n", status: 400))
    }
}
