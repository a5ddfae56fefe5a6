import Foundation
import InternalServiceUtilities
import NetworkKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The recording proxy's side of one WebSocket: the client's connection (a ``MockWebSocket``) and
/// the upstream's (NetworkKit's `WebSocket`), with every message relayed both ways and recorded.
///
/// The first close frame, from either side, is relayed with its code and reason and recorded as
/// Chrome records one (opcode 8, the payload in base64); the other side's answer to it is not
/// recorded. A side that fails or goes away ends the other: the client hears 1014 (bad gateway)
/// when the upstream failed, the upstream is cancelled when the client went.
final class WebSocketRelay: Sendable {
    /// The most frames recorded: later ones are relayed, not recorded.
    static let maximumRecordedFrames = HTTPArchiveLimits().maximumWebSocketMessages
    /// The most payload bytes recorded, with the same rule.
    static let maximumRecordedBytes = HTTPArchiveLimits().maximumBodyBytes

    /// Close code 1014: the proxy got a bad answer from the upstream (IANA's WebSocket registry).
    static let badGateway = WebSocketCloseCode(rawValue: 1014)

    private struct Record {
        var frames: [HTTPArchive.WebSocketFrameRecord] = []
        var bytes = 0
        var closed = false
    }

    private let record = Locked(Record())

    /// The frames recorded so far.
    var frames: [HTTPArchive.WebSocketFrameRecord] { record.value.frames }

    private func keep(_ frame: HTTPArchive.WebSocketFrameRecord, closing: Bool = false) {
        record.withLock { record in
            guard !record.closed else { return }
            if closing { record.closed = true }
            let size = frame.data.utf8.count
            guard record.frames.count < Self.maximumRecordedFrames, record.bytes + size <= Self.maximumRecordedBytes
            else { return }
            record.frames.append(frame)
            record.bytes += size
        }
    }

    /// Relays the client's messages upstream until the client closes, then closes the upstream
    /// with the client's code; cancels the upstream when the client went without closing.
    func relayFromClient(_ socket: MockWebSocket, to upstream: WebSocket) async {
        do {
            while let message = try await socket.receive() {
                keep(.init(type: HTTPArchive.WebSocketFrameRecord.sent, date: Date(), message: message))
                try await upstream.send(message)
            }
            let code = Self.sendable(socket.closeCode)
            keep(
                .init(
                    type: HTTPArchive.WebSocketFrameRecord.sent, date: Date(), closeCode: code,
                    reason: socket.closeReason ?? ""),
                closing: true)
            await upstream.close(code: code ?? .normalClosure, reason: socket.closeReason ?? "")
        } catch {
            upstream.cancel()
        }
    }

    /// Relays the upstream's messages to the client until the upstream closes, then closes the
    /// client with the upstream's code (1014 when the upstream failed).
    func relayFromUpstream(_ upstream: WebSocket, to socket: MockWebSocket) async {
        do {
            while let message = try await upstream.receive() {
                keep(.init(type: HTTPArchive.WebSocketFrameRecord.received, date: Date(), message: message))
                try await socket.send(message)
            }
            let code = Self.sendable(upstream.closeCode)
            let reason = upstream.closeReason ?? ""
            keep(
                .init(type: HTTPArchive.WebSocketFrameRecord.received, date: Date(), closeCode: code, reason: reason),
                closing: true)
            await socket.close(code: code ?? .normalClosure, reason: reason)
        } catch let error as WebSocketError {
            await socket.close(code: Self.badGateway, reason: "the upstream failed: \(error)")
        } catch {
            // The client went (its send failed): the other relay cancels the upstream.
            upstream.cancel()
        }
    }

    /// `code` when a close frame may carry it; nil for an empty close (1005) or a reported one.
    private static func sendable(_ code: WebSocketCloseCode?) -> WebSocketCloseCode? {
        code.flatMap { $0.isAllowedOnWire ? $0 : nil }
    }
}

extension MockServer {
    /// Fields of the client's upgrade that belong to its own handshake or connection; NetworkKit's
    /// client writes its own.
    private static let unrelayedUpgradeHeaders: Set<String> = [
        "host", "connection", "keep-alive", "proxy-connection", "upgrade", "te", "content-length",
        "transfer-encoding", "accept-encoding", "sec-websocket-key", "sec-websocket-version",
        "sec-websocket-extensions", "sec-websocket-protocol", "sec-websocket-accept",
    ]

    /// A route that accepts the client's upgrade, opens the same path on the upstream and relays
    /// the conversation, then records it through `recorder`.
    ///
    /// - Parameters:
    ///   - request: The client's upgrade request.
    ///   - base:    The upstream's URL, without a final `/`.
    ///   - client:  The client that opens the upstream's WebSocket.
    ///   - recorder: Where the entry is written.
    static func relayRoute(
        for request: MockRequest, to base: String, through client: HTTPClient, recorder: HTTPArchiveRecorder
    ) -> WebSocketRoute {
        // The server picks the client's first subprotocol; the upstream is offered only that one.
        let offered = request.headers.values(for: "Sec-WebSocket-Protocol")
            .flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        return WebSocketRoute(
            protocols: Array(offered.prefix(1)), compression: .negotiated, conditions: WebSocketConditionPlan([]),
            handler: { socket in await relay(socket, to: base, through: client, recorder: recorder) })
    }

    private static func relay(
        _ socket: MockWebSocket, to base: String, through client: HTTPClient, recorder: HTTPArchiveRecorder
    ) async {
        guard let url = URL(string: base + socket.request.target) else {
            await socket.close(code: .policyViolation, reason: "the request target cannot be forwarded")
            return
        }
        var outgoing = URLRequest(url: url)
        for field in socket.request.headers where !unrelayedUpgradeHeaders.contains(field.name.lowercased()) {
            outgoing.addValue(field.value, forHTTPHeaderField: field.name)
        }
        var configuration = WebSocketConfiguration()
        configuration.protocols = socket.negotiatedProtocol.map { [$0] } ?? []
        let started = Date()
        let upstream: WebSocket
        do {
            upstream = try await client.webSocket(outgoing, configuration: configuration)
        } catch {
            await socket.close(code: WebSocketRelay.badGateway, reason: "the upstream refused: \(error)")
            return
        }
        let relay = WebSocketRelay()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await relay.relayFromClient(socket, to: upstream) }
            group.addTask { await relay.relayFromUpstream(upstream, to: socket) }
        }
        let sent = upstream.response.request
        var exchange = HTTPArchive.Exchange(
            method: "GET", url: webSocketURL(sent.url ?? url),
            requestHeaders: sent.headers.map { (name: $0.name, value: $0.value) }, requestBody: nil, status: 101,
            responseHeaders: upstream.response.headers.map { (name: $0.name, value: $0.value) },
            responseBody: Data(), started: started, duration: upstream.response.duration)
        exchange.webSocketMessages = relay.frames
        recorder.record(exchange)
    }

    /// `url` with `http` made `ws` and `https` made `wss`, as browsers record WebSocket URLs.
    private static func webSocketURL(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        switch components.scheme?.lowercased() {
        case "http": components.scheme = "ws"
        case "https": components.scheme = "wss"
        default: break
        }
        return components.url ?? url
    }
}
