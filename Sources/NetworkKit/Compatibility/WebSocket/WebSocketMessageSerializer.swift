public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Turns a received WebSocket message into a value, for
/// ``WebSocketRequest/streamSerializer(_:on:handler:)``: Alamofire's protocol of this name.
///
/// As in Alamofire, a message is a `URLSessionWebSocketTask.Message` (FoundationNetworking has the
/// type on Linux), and a serializer that throws turns the message into an
/// ``WebSocketRequest/Event/Kind/serializerFailed(_:)`` event instead of ending the connection.
///
/// ```swift
/// struct Uppercased: WebSocketMessageSerializer {
///     func decode(_ message: URLSessionWebSocketTask.Message) throws -> String {
///         guard case .string(let text) = message else { throw NotText() }
///         return text.uppercased()
///     }
/// }
/// ```
///
/// An adopter must be `Sendable`: it runs on the session's serialization queue.
public protocol WebSocketMessageSerializer<Output, Failure>: Sendable {
    /// The value a message becomes.
    associatedtype Output: Sendable
    /// The error a message that cannot be read is reported with.
    associatedtype Failure: Error = any Error

    /// Makes a value from a message.
    ///
    /// - Parameter message: The message received.
    /// - Returns: The value.
    /// - Throws: Why the message cannot be read.
    func decode(_ message: URLSessionWebSocketTask.Message) throws -> Output
}

extension WebSocketMessageSerializer {
    /// A serializer decoding JSON messages (text or binary) as `Value`, as Alamofire's `.json`.
    ///
    /// ```swift
    /// request.streamSerializer(.json(decoding: Quote.self)) { event in print(event.message as Any) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder; a new `JSONDecoder` by default.
    /// - Returns: The serializer.
    public static func json<Value>(
        decoding type: Value.Type = Value.self, using decoder: JSONDecoder = JSONDecoder()
    ) -> DecodableWebSocketMessageDecoder<Value> where Self == DecodableWebSocketMessageDecoder<Value> {
        Self(decoder: decoder)
    }
}

extension WebSocketMessageSerializer where Self == PassthroughWebSocketMessageDecoder {
    /// A serializer handing each message on as it is; Alamofire has it too, though not as public API.
    public static var passthrough: PassthroughWebSocketMessageDecoder {
        PassthroughWebSocketMessageDecoder()
    }
}

// MARK: - Passthrough

/// Hands each message on unchanged; ``WebSocketRequest/streamMessageEvents(on:handler:)`` reads
/// messages through it.
///
/// Alamofire has this type but keeps it internal; here it is public for code generic over
/// serializers. It never fails (its `Failure` is `Never`), so it is not one that
/// ``WebSocketRequest/streamSerializer(_:on:handler:)`` takes: that method, as Alamofire's, wants
/// serializers whose `Failure` is `any Error`.
public struct PassthroughWebSocketMessageDecoder: WebSocketMessageSerializer {
    /// It never fails.
    public typealias Failure = Never

    /// Makes the serializer.
    public init() {}

    /// Returns `message` itself.
    ///
    /// - Parameter message: The message received.
    /// - Returns: The same message.
    public func decode(_ message: URLSessionWebSocketTask.Message) -> URLSessionWebSocketTask.Message {
        message
    }
}

// MARK: - Decodable

/// Decodes each message, text or binary, as a `Value` with a ``DataDecoder``: Alamofire's type of
/// this name, used by ``WebSocketRequest/streamDecodableEvents(_:on:using:handler:)``.
///
/// Text is decoded from its UTF-8 bytes.
///
/// ```swift
/// let decoder = DecodableWebSocketMessageDecoder<Quote>(decoder: JSONDecoder())
/// request.streamSerializer(decoder) { event in print(event.message as Any) }
/// ```
public struct DecodableWebSocketMessageDecoder<Value: Decodable & Sendable>: WebSocketMessageSerializer {
    /// Why a message could not be decoded.
    public enum Error: Swift.Error {
        /// The decoder threw this error.
        case decoding(any Swift.Error)
        /// The message is of a kind this type does not know (a case added to
        /// `URLSessionWebSocketTask.Message` after this was written).
        case unknownMessage(description: String)
    }

    /// The decoder used.
    public let decoder: any DataDecoder

    /// Makes a serializer with `decoder`.
    ///
    /// - Parameter decoder: The decoder, such as a `JSONDecoder`.
    public init(decoder: any DataDecoder) {
        self.decoder = decoder
    }

    /// Decodes the message's bytes as a `Value`.
    ///
    /// - Parameter message: The message received.
    /// - Returns: The value.
    /// - Throws: ``Error/decoding(_:)`` with the decoder's error, or ``Error/unknownMessage(description:)``.
    public func decode(_ message: URLSessionWebSocketTask.Message) throws -> Value {
        let data: Data
        switch message {
        case .data(let bytes): data = bytes
        case .string(let text): data = Data(text.utf8)
        @unknown default: throw Error.unknownMessage(description: String(describing: message))
        }
        do {
            return try decoder.decode(Value.self, from: data)
        } catch {
            throw Error.decoding(error)
        }
    }
}
