import Foundation

/// Reads the response head of the opening handshake from bytes as they arrive, up to a bound: a
/// head longer than `limit` (a hostile or broken server's megabyte of headers) is refused as soon
/// as the bytes pass it, never buffered whole. Bytes after the head (frames the server sent at
/// once) are handed back for the frame decoder.
///
/// ```swift
/// var reader = WebSocketHandshakeResponseReader()
/// while true {
///     if let (response, rest) = try reader.append(try await stream.read(maximumCount: 4096)) { … }
/// }
/// ```
struct WebSocketHandshakeResponseReader: Sendable {
    /// The default bound on the head: 64 KiB.
    static let defaultLimit = 64 * 1024

    /// The longest head accepted, in bytes, up to and including the blank line.
    let limit: Int
    private var buffer: [UInt8] = []

    /// Makes a reader.
    ///
    /// - Parameter limit: The longest head accepted.
    init(limit: Int = Self.defaultLimit) {
        self.limit = limit
    }

    /// Adds received bytes.
    ///
    /// - Parameter bytes: The next bytes; empty for the end of the stream.
    /// - Returns: The head and the bytes after it once the blank line is in, nil before.
    /// - Throws: ``WebSocketError/HandshakeFailureReason/responseHeadTooLarge(limit:)`` past the
    ///   bound, ``WebSocketError/HandshakeFailureReason/connectionClosed`` at the end of the stream,
    ///   ``WebSocketError/HandshakeFailureReason/malformedResponseHead`` for a head that is not
    ///   HTTP/1.1.
    mutating func append(_ bytes: [UInt8]) throws(WebSocketError) -> (WebSocketHandshakeResponse, [UInt8])? {
        guard !bytes.isEmpty else { throw WebSocketError(.handshakeFailed(.connectionClosed)) }
        let previous = buffer.count
        let searchStart = max(0, previous - 3)
        buffer.append(contentsOf: bytes.prefix(max(0, limit - previous)))
        guard let end = Self.endOfHead(in: buffer, from: searchStart) else {
            if buffer.count >= limit { throw WebSocketError(.handshakeFailed(.responseHeadTooLarge(limit: limit))) }
            return nil
        }
        let rest = Array(bytes[(end - previous)...])
        let response = try Self.parse(buffer[..<end])
        buffer = []
        return (response, rest)
    }

    /// The index just past the first CR LF CR LF at or after `start`.
    private static func endOfHead(in buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= 4 else { return nil }
        var index = start
        while index + 4 <= buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    private static func parse(_ head: ArraySlice<UInt8>) throws(WebSocketError) -> WebSocketHandshakeResponse {
        let malformed = WebSocketError(.handshakeFailed(.malformedResponseHead))
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.components(separatedBy: "\r\n")
        while lines.last == "" { lines.removeLast() }
        guard let statusLine = lines.first else { throw malformed }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", parts[1].count == 3,
            parts[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let status = Int(parts[1])
        else { throw malformed }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { throw malformed }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append(name: String(line[..<colon]), value: value)
        }
        return WebSocketHandshakeResponse(statusCode: status, headers: headers)
    }
}
