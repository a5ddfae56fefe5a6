public import Foundation

/// One WebSocket message, text or binary, as `URLSessionWebSocketTask.Message` has them.
///
/// ```swift
/// try await socket.send(.string("hello"))
/// for try await message in socket.messages {
///     if case .string(let text) = message { print(text) }
/// }
/// ```
public enum WebSocketMessage: Hashable, Sendable {
    /// A text message (opcode 1), always valid UTF-8.
    case string(String)
    /// A binary message (opcode 2).
    case data(Data)
}
