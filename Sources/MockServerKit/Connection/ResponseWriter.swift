import Foundation
import InternalServiceUtilities

/// Turns a ``MockResponse`` into HTTP/1.1 bytes.
enum ResponseWriter {
    /// Header fields the server manages itself; a handler's values for them are not sent.
    private static let managed: Set<String> = ["content-length", "transfer-encoding", "connection", "date"]

    /// How a head that a condition shapes announces its body (see `EventLoop+Conditions.swift`).
    enum Framing {
        case length(Int)
        case chunked
    }

    /// Appends the status line, header fields and (unless omitted) body to `output`.
    ///
    /// A streamed response's head announces its declared length or chunked coding, and its body
    /// follows later (see `EventLoop+Streaming.swift`). With `framing`, the head announces that
    /// instead and no body is appended: the caller sends it.
    static func write(
        _ response: MockResponse, omittingBody: Bool, reuse: Connection.Reuse, date: String,
        into output: inout [UInt8], framing: Framing? = nil
    ) {
        let status = statusSent(for: response)
        let bodyAllowed = allowsBody(status)
        var head = "HTTP/1.1 \(status) \(StatusText.phrase(for: status))\r\n"
        var declaredLength: String?
        for field in response.headers {
            let name = field.name.lowercased()
            if name == "content-length" { declaredLength = field.value }
            guard !managed.contains(name), !field.name.isEmpty, field.name.utf8.allSatisfy(ASCII.isToken) else {
                continue
            }
            head += "\(field.name): \(sanitized(field.value))\r\n"
        }
        if bodyAllowed, let framing {
            switch framing {
            case .length(let length): head += "Content-Length: \(length)\r\n"
            case .chunked: head += "Transfer-Encoding: chunked\r\n"
            }
        } else if bodyAllowed, let streamed = response.streamedBody {
            if let length = streamed.length {
                head += "Content-Length: \(length)\r\n"
            } else {
                head += "Transfer-Encoding: chunked\r\n"
            }
        } else if bodyAllowed {
            // A HEAD handler may state the length of the body it does not send.
            let length = omittingBody && response.body.isEmpty ? declaredLength ?? "0" : String(response.body.count)
            head += "Content-Length: \(sanitized(length))\r\n"
        }
        head += "Date: \(date)\r\n"
        switch reuse {
        case .close: head += "Connection: close\r\n"
        case .keepAnnounced: head += "Connection: keep-alive\r\n"
        case .keep: break
        }
        head += "\r\n"
        output.append(contentsOf: head.utf8)
        if bodyAllowed && !omittingBody && response.streamedBody == nil && framing == nil {
            output.append(contentsOf: response.body)
        }
    }

    /// The status line's code: the handler's, or 500 for one outside 200…999.
    static func statusSent(for response: MockResponse) -> Int {
        (200...999).contains(response.status) ? response.status : 500
    }

    /// Whether a response with `status` may carry a body (not 204 or 304).
    static func allowsBody(_ status: Int) -> Bool {
        status != 204 && status != 304
    }

    /// Appends `data` as one chunk of a chunked body.
    static func appendChunk(_ data: Data, to output: inout [UInt8]) {
        output.append(contentsOf: String(data.count, radix: 16).utf8)
        output.append(contentsOf: [ASCII.carriageReturn, ASCII.lineFeed])
        output.append(contentsOf: data)
        output.append(contentsOf: [ASCII.carriageReturn, ASCII.lineFeed])
    }

    /// The last chunk of a chunked body, with no trailer fields.
    static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    /// A header value with line breaks and other control characters turned into spaces.
    private static func sanitized(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 < 0x20 && $0 != ASCII.tab || $0 == 0x7F }) else { return value }
        return String(value.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }
}
