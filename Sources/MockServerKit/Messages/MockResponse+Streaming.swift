public import Foundation

extension MockResponse {
    /// A response whose body `body` writes after the head has been sent: chunked, or with a declared
    /// `length`, held open for as long as the closure runs.
    ///
    /// Without `length` the body is chunked and the closure's return sends the last chunk; with a
    /// `length`, returning before that many bytes were written closes the connection, as a server
    /// that dies mid-body does. A closure that throws, or calls ``MockBodyWriter/cut()``, cuts the
    /// connection too. `HEAD` requests and 204 or 304 answers get the head only, and the closure
    /// does not run.
    ///
    /// ```swift
    /// server.stub(method: .get, path: "/feed") { _ in
    ///     .streaming(headers: ["Content-Type": "text/plain"]) { writer in
    ///         for line in ["one\n", "two\n"] { try await writer.write(line) }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - status:  the status code.
    ///   - headers: the header fields (`Content-Length` and `Transfer-Encoding` are the server's).
    ///   - length:  the `Content-Length` to announce; nil sends the body chunked.
    ///   - body:    writes the body; runs as a task once the head is queued, on a Dispatch queue of
    ///     its own rather than Swift's cooperative pool where task executors exist (Linux, macOS 15,
    ///     iOS 18).
    /// - Returns: the response.
    public static func streaming(
        status: Int = 200, headers: MockHeaders = [:], length: Int? = nil,
        body: @escaping @Sendable (MockBodyWriter) async throws -> Void
    ) -> MockResponse {
        var response = MockResponse(status: status, headers: headers)
        response.streamedBody = StreamedBody(length: length.map { max($0, 0) }, write: body)
        return response
    }

    /// A response that sends `data` in `pieces` roughly equal pieces, waiting `interval` before each
    /// one after the first: a slow server.
    ///
    /// The pieces are written by a task, like any streamed body, and may be chunked. To slow down any
    /// response, streamed or not, or every answer of a server, use the
    /// ``NetworkCondition/dribble(chunks:over:)`` or ``NetworkCondition/bandwidth(bytesPerSecond:)``
    /// condition, which the server's own thread paces.
    ///
    /// - Parameters:
    ///   - data:     the whole body.
    ///   - pieces:   how many pieces (at least 1).
    ///   - interval: the pause between pieces.
    ///   - status:   the status code.
    ///   - headers:  the header fields.
    ///   - framing:  chunked, or announced with `Content-Length` (the default).
    /// - Returns: the response.
    public static func drip(
        _ data: Data, pieces: Int, interval: Duration, status: Int = 200, headers: MockHeaders = [:],
        framing: BodyFraming = .contentLength
    ) -> MockResponse {
        let count = max(pieces, 1)
        return streaming(status: status, headers: headers, length: framing == .chunked ? nil : data.count) {
            writer in
            let size = max((data.count + count - 1) / count, 1)
            var offset = data.startIndex
            while offset < data.endIndex {
                if offset != data.startIndex { try await Task.sleep(for: interval) }
                let end = min(offset + size, data.endIndex)
                try await writer.write(data[offset..<end])
                offset = end
            }
        }
    }

    /// How a streamed body says where it ends.
    public enum BodyFraming: Sendable, Hashable {
        /// A `Content-Length` header announces the size.
        case contentLength
        /// `Transfer-Encoding: chunked`, ended by the last chunk.
        case chunked
    }
}

/// The body of a streamed response: its announced length (nil for chunked) and the closure writing it.
struct StreamedBody: Sendable {
    let length: Int?
    let write: @Sendable (MockBodyWriter) async throws -> Void
}
