/// The byte stream a WebSocket runs over once its handshake is done: a libcurl connect-only
/// connection on Linux, a TLS stream on Apple platforms, a socket pair in tests.
///
/// Rules for an adopter:
/// - ``read(maximumCount:)`` returns at least one byte, or an empty array at the end of the stream;
///   it is called by one task at a time, and so is ``read(into:)``, which returns the same way
///   through the caller's memory (the engine reads with it, the handshake with the first).
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

    /// The next bytes received, put into `buffer`: a stream that can reads straight into it (the
    /// engine passes its decoder's memory, so the bytes arrive where they stay); the default reads
    /// with ``read(maximumCount:)`` and copies. It runs on the caller's executor; the caller keeps
    /// `buffer` allocated, and touches it nowhere else, until it returns.
    ///
    /// - Parameter buffer: Where to put the bytes: room for one at least, valid until this returns.
    /// - Returns: How many bytes were put at the start of `buffer` (one at least), or 0 at the end
    ///   of the stream.
    /// - Throws: When the connection fails.
    nonisolated(nonsending) func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int

    /// Writes all of `bytes`.
    ///
    /// - Parameter bytes: What to send.
    /// - Throws: When the connection fails or was closed.
    func write(_ bytes: [UInt8]) async throws

    /// Closes the connection, ending any read or write in progress.
    func close() async
}

extension WebSocketByteStream {
    /// Reads with ``read(maximumCount:)`` and copies the bytes into `buffer`.
    ///
    /// - Parameter buffer: Where to put the bytes.
    /// - Returns: How many bytes were put there, 0 at the end of the stream.
    /// - Throws: When the connection fails.
    nonisolated(nonsending) func read(into buffer: UnsafeMutableRawBufferPointer) async throws -> Int {
        let bytes = try await read(maximumCount: max(1, buffer.count))
        let count = min(bytes.count, buffer.count)
        buffer.copyBytes(from: bytes[..<count])
        return count
    }
}
