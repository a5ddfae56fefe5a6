import Foundation
import NetworkKit

/// The frames of a recorded WebSocket entry (`_webSocketMessages`), as the server plays them: the
/// client's messages to wait for and the server's to send, in recorded order.
///
/// Text (opcode 1) and binary (opcode 2) messages are played; the first close frame (opcode 8)
/// ends the conversation: the server sends it when the server sent it (`receive`), or waits for
/// the client's when the client sent it (`send`). Pings, pongs, Chrome's `error` records and
/// anything after the close are left out.
struct ReplayConversation: Sendable {
    /// The longest pause kept between two recorded frames when timing is kept.
    static let longestGap: Duration = .seconds(60)

    enum Step: Sendable, Hashable {
        /// Wait for the client's next message, the `number`th data message of the recording.
        case expect(WebSocketMessage, number: Int)
        /// Send a message, `gap` after the frame recorded before it.
        case send(WebSocketMessage, gap: Duration)
        /// Close with this payload, `gap` after the frame recorded before it.
        case close(WebSocketClosePayload, gap: Duration)
        /// Wait for the client to close.
        case awaitClose
    }

    /// The entry's index in the file, for close reasons.
    let entry: Int
    /// The subprotocol the recorded answer chose (`Sec-WebSocket-Protocol`), if any.
    let protocols: [String]
    let steps: [Step]

    /// Reads the frames of `entry`.
    ///
    /// - Throws: ``MockServerError/invalidArchive(_:)`` for a payload that is not base64 or is over
    ///   ``HTTPArchiveLimits/maximumBodyBytes``, or more frames than
    ///   ``HTTPArchiveLimits/maximumWebSocketMessages``.
    init(_ entry: HTTPArchive.Entry, index: Int, limits: HTTPArchiveLimits) throws(MockServerError) {
        self.entry = index
        protocols = entry.response.headers.filter { $0.name.lowercased() == "sec-websocket-protocol" }
            .flatMap { $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }.prefix(1).map { $0 }
        let records = entry.webSocketMessages ?? []
        guard records.count <= limits.maximumWebSocketMessages else {
            let detail =
                "\(records.count) WebSocket messages, more than the limit of \(limits.maximumWebSocketMessages)"
            throw .invalidArchive(.init(entry: index, field: "_webSocketMessages", reason: .invalidValue(detail)))
        }
        var steps: [Step] = []
        var previousTime: Double?
        var number = 0
        for (position, record) in records.enumerated() {
            guard
                record.type == HTTPArchive.WebSocketFrameRecord.sent
                    || record.type == HTTPArchive.WebSocketFrameRecord.received
            else { continue }
            let payload: Data
            do {
                payload = try record.payload(entry: index, position: position, limit: limits.maximumBodyBytes)
            } catch {
                guard case .archiveFailed(let failure) = error else { continue }
                throw .invalidArchive(failure)
            }
            let gap = Self.gap(from: previousTime, to: record.time)
            previousTime = record.time.isFinite ? record.time : previousTime
            let fromClient = record.type == HTTPArchive.WebSocketFrameRecord.sent
            switch record.opcode {
            case 1, 2:
                number += 1
                let message: WebSocketMessage = record.opcode == 1 ? .string(record.data) : .data(payload)
                steps.append(fromClient ? .expect(message, number: number) : .send(message, gap: gap))
            case 8:
                if fromClient {
                    steps.append(.awaitClose)
                } else {
                    let close = (try? WebSocketClosePayload(parsing: [UInt8](payload))) ?? .init(code: .normalClosure)
                    steps.append(.close(close, gap: gap))
                }
                self.steps = steps
                return
            default:
                continue
            }
        }
        self.steps = steps
    }

    /// The pause between two recorded times, from 0 to ``longestGap``; zero when either is unusable.
    static func gap(from previous: Double?, to time: Double) -> Duration {
        guard let previous, time.isFinite, previous.isFinite, time > previous else { return .zero }
        let seconds = min(time - previous, 60)
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// Plays the conversation on `socket`.
    ///
    /// - Parameters:
    ///   - socket:      The server's end.
    ///   - matching:    ``MockServer/ReplayOptions/BodyMatching/exact`` closes with 1008 at the first
    ///     client message that differs from the recorded one; ``MockServer/ReplayOptions/BodyMatching/ignored``
    ///     only counts them.
    ///   - keepsTiming: Whether each frame the server sends waits its recorded gap.
    func play(on socket: MockWebSocket, matching: MockServer.ReplayOptions.BodyMatching, keepsTiming: Bool)
        async throws
    {
        for step in steps {
            switch step {
            case .expect(let expected, let number):
                guard let received = try await socket.receive() else { return }
                guard matching == .ignored || received == expected else {
                    let reason =
                        "entry \(entry), message \(number): expected \(Self.summary(expected)), got \(Self.summary(received))"
                    await socket.close(code: .policyViolation, reason: reason)
                    return
                }
            case .send(let message, let gap):
                if keepsTiming && gap > .zero { try await Task.sleep(for: gap) }
                try await socket.send(message)
            case .close(let payload, let gap):
                if keepsTiming && gap > .zero { try await Task.sleep(for: gap) }
                await socket.close(code: payload.code ?? .normalClosure, reason: payload.reason)
                return
            case .awaitClose:
                while try await socket.receive() != nil {}
                return
            }
        }
        // The recording ended without a close: the socket stays open until the client closes it;
        // what the client sends meanwhile is read and dropped.
        while try await socket.receive() != nil {}
    }

    /// A short description of a message for a close reason, which holds 123 bytes.
    static func summary(_ message: WebSocketMessage) -> String {
        switch message {
        case .string(let text): text.count <= 20 ? "\"\(text)\"" : "\"\(text.prefix(20))…\""
        case .data(let data): "\(data.count) bytes"
        }
    }
}
