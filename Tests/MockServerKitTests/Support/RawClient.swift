import Foundation
import InternalServiceUtilities

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What went wrong in the raw test client.
struct RawClientError: Error, CustomStringConvertible {
    let description: String
}

/// One response as the raw client read it.
struct RawResponse {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking TCP client that writes exact bytes and reads exact responses, for the HTTP details
/// URLSession hides (pipelining, broken framing, half-closed sockets).
///
/// Blocking calls belong on their own thread: wrap a whole scenario in ServiceUtilsTestSupport's
/// `onThread`. Reads give up after `timeout` so a server that never answers fails the test instead
/// of hanging it. The limit is a guard, not an expectation of speed: async handlers run on Swift's
/// cooperative pool, which CPU-bound tests running alongside can hold for many seconds on a busy
/// 2-core machine (10 s was exceeded in a run beside two busy loops).
final class RawClient {
    let descriptor: Int32
    private var pending: [UInt8] = []

    init(port: UInt16, timeout: Int = 60) throws {
        do {
            descriptor = try LoopbackSocket.connect(port: port)
        } catch {
            throw RawClientError(description: "\(error)")
        }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.noSignal) }
            guard sent > 0 else { throw RawClientError(description: "send() failed: errno \(errno)") }
            offset += sent
        }
    }

    func shutdownWrite() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads one response framed by `Content-Length` (absent means none, as for HEAD or 1xx).
    func readResponse(bodyExpected: Bool = true) throws -> RawResponse {
        let headEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: pending[..<headEnd], as: UTF8.self)
        pending.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw RawClientError(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw RawClientError(description: "bad field \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = bodyExpected ? Int(headers["content-length"] ?? "0") ?? 0 : 0
        while pending.count < length {
            guard try fill() else { throw RawClientError(description: "closed inside a body") }
        }
        let body = Data(pending[..<length])
        pending.removeFirst(length)
        return RawResponse(status: status, headers: headers, body: body)
    }

    /// Reads up to and including the next `marker` and returns what came before it, as text.
    func read(through marker: String) throws -> String {
        let bytes = Array(marker.utf8)
        let end = try readUntil(bytes)
        let text = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeFirst(end + bytes.count)
        return text
    }

    /// Reads until `count` bytes are in, or fewer when the server closes first, and returns them.
    func read(count: Int) throws -> Data {
        while pending.count < count, try fill() {}
        let taken = Data(pending.prefix(count))
        pending.removeFirst(taken.count)
        return taken
    }

    /// Reads until the server closes; returns what arrived (throws if it does not close in time).
    func readUntilClosed() throws -> Data {
        while try fill() {}
        defer { pending.removeAll() }
        return Data(pending)
    }

    /// How a stream read by ``readToEnd()`` ended.
    enum End: Equatable {
        /// The server closed its side (a FIN: `recv` returned 0).
        case closed
        /// The server reset the connection (`ECONNRESET`).
        case reset
        /// Nothing arrived within the read timeout.
        case timedOut
    }

    /// Reads until the stream ends and tells how, with everything that arrived (after what
    /// earlier reads left unread).
    func readToEnd() throws -> (Data, End) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                pending.append(contentsOf: buffer[..<count])
                continue
            }
            defer { pending.removeAll() }
            if count == 0 { return (Data(pending), .closed) }
            if errno == ECONNRESET { return (Data(pending), .reset) }
            if errno == EAGAIN || errno == EWOULDBLOCK { return (Data(pending), .timedOut) }
            throw RawClientError(description: "recv errno \(errno)")
        }
    }

    /// Reads until the server closes and returns what each `recv` got, in order (what earlier
    /// reads left unread comes first, as a piece of its own).
    func readPiecesUntilClosed() throws -> [Data] {
        var pieces = pending.isEmpty ? [] : [Data(pending)]
        pending.removeAll()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count == 0 { return pieces }
            guard count > 0 else { throw RawClientError(description: "recv errno \(errno)") }
            pieces.append(Data(buffer[..<count]))
        }
    }

    /// Makes reads give up after `milliseconds` (``readToEnd()`` then reports `.timedOut`).
    func setReadTimeout(milliseconds: Int) {
        var limit = timeval(tv_sec: milliseconds / 1000, tv_usec: .init((milliseconds % 1000) * 1000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if pending.count >= marker.count {
                for index in searchFrom...(pending.count - marker.count)
                where pending[index..<(index + marker.count)].elementsEqual(marker) {
                    return index
                }
                searchFrom = pending.count - marker.count + 1
            }
            guard try fill() else { throw RawClientError(description: "closed before a full response head") }
        }
    }

    /// Reads once; false at end of stream.
    private func fill() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count == 0 { return false }
        guard count > 0 else {
            if errno == ECONNRESET { return false }
            throw RawClientError(
                description: errno == EAGAIN ? "timed out waiting for the server" : "recv errno \(errno)")
        }
        pending.append(contentsOf: buffer[..<count])
        return true
    }

    #if canImport(Darwin)
        private static let noSignal: Int32 = 0
    #else
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif
}
