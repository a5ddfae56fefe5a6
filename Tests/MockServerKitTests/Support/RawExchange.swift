import Foundation

/// One raw request and everything the server sent until it ended the stream.
struct RawExchange {
    var received: Data
    var end: RawClient.End

    /// The received bytes as text (lossy).
    var text: String { String(decoding: received, as: UTF8.self) }
    /// What came before the first blank line.
    var head: String { text.components(separatedBy: "\r\n\r\n").first ?? "" }
    /// What came after the first blank line.
    var body: Data {
        guard let range = received.range(of: Data("\r\n\r\n".utf8)) else { return Data() }
        return received[range.upperBound...]
    }

    /// Sends `GET path` on a new connection to `port` and reads until the server closes or resets
    /// it (or, with `readTimeout`, until nothing comes for that long). Blocking: call it in `onThread`.
    ///
    /// `fields` are extra header lines, each ending in CR LF, such as `"Connection: close\r\n"`.
    static func get(
        _ path: String, port: UInt16, fields: String = "", readTimeout milliseconds: Int? = nil
    ) throws -> RawExchange {
        let client = try RawClient(port: port)
        if let milliseconds { client.setReadTimeout(milliseconds: milliseconds) }
        try client.write("GET \(path) HTTP/1.1\r\nHost: t\r\n\(fields)\r\n")
        let (received, end) = try client.readToEnd()
        return RawExchange(received: received, end: end)
    }
}
