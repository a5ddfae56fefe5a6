public import Foundation

/// Writes the body of a streamed response piece by piece, after its head has been sent.
///
/// A ``MockResponse/streaming(status:headers:length:body:)`` response hands one to its `body`
/// closure. Each ``write(_:)-(Data)`` waits while more than ``MockBodyWriter/highWater`` bytes are
/// still queued for the client, so a large body never piles up in memory, and throws
/// ``MockServerError/clientDisconnected`` once the client has gone, so the closure stops.
///
/// ```swift
/// server.stub(method: .get, path: "/events") { _ in
///     .streaming(headers: ["Content-Type": "text/event-stream"]) { writer in
///         try await writer.write("data: first\n\n")
///         await release.wait()                      // the test decides when the rest comes
///         try await writer.write("data: second\n\n")
///     }
/// }
/// ```
public final class MockBodyWriter: Sendable {
    /// Bytes queued for the client above which a write waits (256 KiB).
    public static let highWater = 256 * 1024

    let core: ServerCore
    let connection: Int

    init(core: ServerCore, connection: Int) {
        self.core = core
        self.connection = connection
    }

    /// Sends `data` as the next piece of the body (one chunk, when the body is chunked).
    ///
    /// Empty data sends nothing. With a declared length, bytes beyond it are dropped.
    ///
    /// - Parameter data: the bytes.
    /// - Throws: ``MockServerError/clientDisconnected`` when the connection is gone.
    public func write(_ data: Data) async throws(MockServerError) {
        guard !data.isEmpty else { return }
        try await send(.piece(data, framed: true))
    }

    /// Sends `text` as UTF-8, as ``write(_:)-(Data)`` does.
    ///
    /// - Parameter text: the text.
    /// - Throws: ``MockServerError/clientDisconnected`` when the connection is gone.
    public func write(_ text: String) async throws(MockServerError) {
        try await write(Data(text.utf8))
    }

    /// Sends `bytes` exactly as given, without chunk framing, to break the framing on purpose
    /// (a chunk header announcing more than follows, say).
    ///
    /// - Parameter bytes: the raw bytes.
    /// - Throws: ``MockServerError/clientDisconnected`` when the connection is gone.
    public func writeUnframed(_ bytes: Data) async throws(MockServerError) {
        guard !bytes.isEmpty else { return }
        try await send(.piece(bytes, framed: false))
    }

    /// Closes the connection once what was written so far has been sent, without finishing the
    /// body: no last chunk, and fewer bytes than a declared length.
    ///
    /// Further writes throw ``MockServerError/clientDisconnected``.
    public func cut() async {
        try? await send(.cut)
    }

    /// Hands one event to the event loop and waits until it has been queued within the high-water mark.
    private func send(_ event: BodyEvent.Kind) async throws(MockServerError) {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            core.post(BodyEvent(connection: connection, kind: event, resume: continuation))
        }
        guard result else { throw .clientDisconnected }
    }
}

/// What a streamed body's writer asks the event loop to do.
struct BodyEvent: Sendable {
    enum Kind: Sendable {
        /// Send bytes (chunk-framed when the body is chunked and `framed` is set).
        case piece(Data, framed: Bool)
        /// The body closure returned: finish the body.
        case end
        /// Close the connection without finishing the body.
        case cut
    }

    let connection: Int
    let kind: Kind
    /// Resumed with true once the event is handled and the queue is below the high-water mark,
    /// with false when the connection is gone.
    let resume: CheckedContinuation<Bool, Never>?
}
