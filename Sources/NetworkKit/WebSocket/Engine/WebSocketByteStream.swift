/// The byte stream a WebSocket runs over once its handshake is done: a libcurl connect-only
/// connection on Linux, a TLS stream on Apple platforms, a socket pair in tests.
///
/// Rules for an adopter:
/// - ``read(maximumCount:)`` returns at least one byte, or an empty array at the end of the stream;
///   it is called by one task at a time.
/// - ``write(_:)`` writes every byte before it returns, and is called by one task at a time (the
///   engine serialises its writers), so frames are never interleaved.
/// - ``close()`` may be called at any time, more than once, also while a read or a write is
///   waiting: it ends them (a read returns empty or throws, a write throws) and releases the
///   connection.
protocol WebSocketByteStream: Sendable {
    /// The next bytes received.
    ///
    /// - Parameter maximumCount: The most bytes to return.
    /// - Returns: 1 to `maximumCount` bytes, or none at the end of the stream.
    /// - Throws: When the connection fails.
    func read(maximumCount: Int) async throws -> [UInt8]

    /// Writes all of `bytes`.
    ///
    /// - Parameter bytes: What to send.
    /// - Throws: When the connection fails or was closed.
    func write(_ bytes: [UInt8]) async throws

    /// Closes the connection, ending any read or write in progress.
    func close() async
}
