import Foundation
import InternalServiceUtilities
import NetworkKit

extension ArchiveReplay {
    /// What answers `request`: for a WebSocket upgrade that a recorded WebSocket entry matches
    /// (method, host, path, query, as for HTTP), a route that accepts it and plays the entry's
    /// conversation; for anything else, the HTTP answer (``answer(_:)``). Runs on the event loop:
    /// it only looks up.
    func handler(for request: MockRequest) -> MockRouter.Handler {
        if Self.isWebSocketUpgrade(request) {
            let key = Self.key(
                method: request.method.rawValue, target: request.target,
                body: options.bodyMatching == .exact ? request.body : nil, upgrade: true)
            let authority = request.headers["Host"]?.lowercased() ?? ""
            if let position = take(key, authority: authority), let conversation = entries[position].conversation {
                return .webSocket(route(playing: conversation, answer: entries[position].response))
            }
        }
        let answer: MockServer.SynchronousHandler = { request in self.answer(request) }
        // Without a callback an answer is a lookup that never blocks, so the event loop gives it at
        // once; a caller's `onAnswer` runs on a handler thread, as documented.
        return options.onAnswer == nil ? .inline(answer) : .synchronous(answer)
    }

    /// A route speaking the subprotocol the entry recorded, playing `conversation`.
    private func route(playing conversation: ReplayConversation, answer: MockResponse) -> WebSocketRoute {
        let options = self.options
        return WebSocketRoute(
            protocols: conversation.protocols, compression: .negotiated, conditions: WebSocketConditionPlan([]),
            handler: { socket in
                options.onAnswer?(socket.request, answer)
                try await conversation.play(
                    on: socket, matching: options.webSocketMessageMatching, keepsTiming: options.keepsWebSocketTiming)
            })
    }

    /// Whether `request` asks for a WebSocket (`Upgrade: websocket`).
    static func isWebSocketUpgrade(_ request: MockRequest) -> Bool {
        request.headers.values(for: "Upgrade").contains { value in
            value.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "websocket" }
        }
    }
}
