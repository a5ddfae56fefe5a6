import Foundation
import InternalServiceUtilities

/// The messages of one WebSocket conversation, kept for ``MockRequest/webSocketMessages``: the most
/// recent ones within a count and a byte budget, so a long or large conversation (a benchmark's
/// gigabyte of echoes) keeps memory flat.
final class WebSocketTranscript: Sendable {
    /// The most payload bytes kept per conversation: 16 MiB.
    static let maximumBytes = 16 * 1024 * 1024

    private struct Storage {
        var messages: [MockWebSocketMessage] = []
        /// Where the oldest kept message sits in `messages`.
        var start = 0
        var bytes = 0
    }

    private let maximumCount: Int?
    private let storage = Locked(Storage())

    /// Makes an empty transcript that keeps at most `limit` messages.
    init(limit: MockServer.RecordingLimit) {
        maximumCount = limit.maximumCount
    }

    /// The kept messages, oldest first.
    var messages: [MockWebSocketMessage] {
        storage.withLock { Array($0.messages[$0.start...]) }
    }

    /// Keeps `message`, dropping the oldest beyond the limits.
    func append(_ message: MockWebSocketMessage) {
        storage.withLock { storage in
            storage.messages.append(message)
            storage.bytes += message.byteCount
            while storage.start < storage.messages.count,
                storage.bytes > Self.maximumBytes
                    || maximumCount.map({ storage.messages.count - storage.start > $0 }) ?? false
            {
                storage.bytes -= storage.messages[storage.start].byteCount
                storage.start += 1
            }
            if storage.start > 1024 && storage.start * 2 > storage.messages.count {
                storage.messages.removeFirst(storage.start)
                storage.start = 0
            }
        }
    }
}
