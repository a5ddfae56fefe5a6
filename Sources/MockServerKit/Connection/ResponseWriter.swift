import Foundation
import InternalServiceUtilities

/// Turns a ``MockResponse`` into HTTP/1.1 bytes.
enum ResponseWriter {
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
        writeHeadStart(response, omittingBody: omittingBody, into: &output, framing: framing)
        writeHeadEnd(reuse: reuse, date: date, into: &output)
        if allowsBody(statusSent(for: response)) && !omittingBody && response.streamedBody == nil && framing == nil {
            output.append(contentsOf: response.body)
        }
    }

    /// Appends what comes before the `Date` field: the status line, the response's own fields and
    /// the body's framing (`Content-Length` or `Transfer-Encoding`). It depends on nothing but the
    /// response, so ``PreEncodedResponse`` can keep it.
    static func writeHeadStart(
        _ response: MockResponse, omittingBody: Bool, into output: inout [UInt8], framing: Framing? = nil
    ) {
        let status = statusSent(for: response)
        let bodyAllowed = allowsBody(status)
        // The head goes straight into `output`, byte by byte: no intermediate strings per request.
        output.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status, to: &output)
        output.append(ASCII.space)
        output.append(contentsOf: StatusText.phrase(for: status).utf8)
        output.append(contentsOf: crlf)
        var declaredLength: String?
        for field in response.headers {
            let isContentLength = FieldName.same(field.name, "Content-Length")
            if isContentLength { declaredLength = field.value }
            guard !isContentLength, !isManaged(field.name), !field.name.isEmpty,
                field.name.utf8.allSatisfy(ASCII.isToken)
            else { continue }
            appendField(field.name, sanitized(field.value), to: &output)
        }
        if bodyAllowed, let framing {
            switch framing {
            case .length(let length): appendField("Content-Length", length, to: &output)
            case .chunked: appendField("Transfer-Encoding", "chunked", to: &output)
            }
        } else if bodyAllowed, let streamed = response.streamedBody {
            if let length = streamed.length {
                appendField("Content-Length", length, to: &output)
            } else {
                appendField("Transfer-Encoding", "chunked", to: &output)
            }
        } else if bodyAllowed {
            // A HEAD handler may state the length of the body it does not send.
            if omittingBody && response.body.isEmpty {
                appendField("Content-Length", sanitized(declaredLength ?? "0"), to: &output)
            } else {
                appendField("Content-Length", response.body.count, to: &output)
            }
        }
    }

    /// Appends the rest of the head: `Date`, `Connection` when `reuse` says so, and the blank line.
    static func writeHeadEnd(reuse: Connection.Reuse, date: String, into output: inout [UInt8]) {
        appendField("Date", date, to: &output)
        switch reuse {
        case .close: appendField("Connection", "close", to: &output)
        case .keepAnnounced: appendField("Connection", "keep-alive", to: &output)
        case .keep: break
        }
        output.append(contentsOf: crlf)
    }

    /// Whether `response` asks for the connection to close (`Connection: close`).
    static func closesConnection(_ response: MockResponse) -> Bool {
        response.headers.values(for: "Connection").contains { $0.lowercased() == "close" }
    }

    private static let crlf: [UInt8] = [ASCII.carriageReturn, ASCII.lineFeed]

    /// Whether `name` is a field the server writes itself (Content-Length is handled apart).
    private static func isManaged(_ name: String) -> Bool {
        FieldName.same(name, "Transfer-Encoding") || FieldName.same(name, "Connection")
            || FieldName.same(name, "Date")
    }

    private static func appendField(_ name: String, _ value: String, to output: inout [UInt8]) {
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: ": ".utf8)
        output.append(contentsOf: value.utf8)
        output.append(contentsOf: crlf)
    }

    private static func appendField(_ name: String, _ value: Int, to output: inout [UInt8]) {
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: ": ".utf8)
        appendDecimal(value, to: &output)
        output.append(contentsOf: crlf)
    }

    /// Appends the decimal digits of `value` (a small string: no allocation).
    private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        output.append(contentsOf: String(value).utf8)
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
