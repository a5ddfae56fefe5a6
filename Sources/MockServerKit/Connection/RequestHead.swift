import Foundation

/// Why a request was refused before it reached a handler: the status to answer and a short reason.
struct RequestFailure: Error, Equatable {
    let status: Int
    let reason: String
}

/// How the body of a request is delimited.
enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked
}

/// The request line and header fields of one request, checked against RFC 9112.
struct RequestHead {
    var method: MockRequest.Method
    var target: String
    var version: String
    var headers: MockHeaders
    var framing: BodyFraming = .none
    var keepAlive = true
    var expectsContinue = false

    /// Parses the bytes before the blank line (without the final CRLF CRLF).
    static func parse(_ bytes: ArraySlice<UInt8>, maxBodyBytes: Int) -> Result<RequestHead, RequestFailure> {
        var lines = split(bytes)
        guard !lines.isEmpty else { return .failure(RequestFailure(status: 400, reason: "empty request")) }
        let requestLine = lines.removeFirst()
        do {
            var head = try parseRequestLine(requestLine)
            for line in lines {
                let field = try parseField(line)
                head.headers.add(field.name, field.value)
            }
            try head.decideFraming(maxBodyBytes: maxBodyBytes)
            try head.decideConnection()
            return .success(head)
        } catch let failure as RequestFailure {
            return .failure(failure)
        } catch {
            return .failure(RequestFailure(status: 400, reason: "malformed request"))
        }
    }

    private static func split(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == ASCII.carriageReturn, index + 1 < bytes.endIndex, bytes[index + 1] == ASCII.lineFeed {
                lines.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(bytes[start..<bytes.endIndex])
        return lines
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws -> RequestHead {
        let parts = line.split(separator: ASCII.space, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts[0].allSatisfy(ASCII.isToken),
            parts[1].allSatisfy(ASCII.isVisible)
        else { throw RequestFailure(status: 400, reason: "malformed request line") }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            let looksLikeHTTP = version.hasPrefix("HTTP/") && version.count == 8
            throw RequestFailure(
                status: looksLikeHTTP ? 505 : 400, reason: looksLikeHTTP ? "unsupported version" : "malformed version")
        }
        return RequestHead(
            method: MockRequest.Method(rawValue: String(decoding: parts[0], as: UTF8.self)),
            target: String(decoding: parts[1], as: UTF8.self), version: version, headers: [:])
    }

    private static func parseField(_ line: ArraySlice<UInt8>) throws -> MockHeaders.Field {
        guard let colon = line.firstIndex(of: ASCII.colon), colon > line.startIndex else {
            throw RequestFailure(status: 400, reason: "malformed header field")
        }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(ASCII.isToken) else {
            throw RequestFailure(status: 400, reason: "malformed header field name")
        }
        var value = line[(colon + 1)...]
        while let first = value.first, ASCII.isBlank(first) { value.removeFirst() }
        while let last = value.last, ASCII.isBlank(last) { value.removeLast() }
        guard !value.contains(where: { $0 < 0x20 && $0 != ASCII.tab || $0 == 0x7F }) else {
            throw RequestFailure(status: 400, reason: "control character in header field value")
        }
        return MockHeaders.Field(
            name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }

    private mutating func decideFraming(maxBodyBytes: Int) throws {
        let encodings = headers.values(for: "Transfer-Encoding")
        let codings = encodings.flatMap { Self.tokens($0) }
        // A Transfer-Encoding field naming no coding is neither framing: refused, not ignored.
        guard encodings.isEmpty || !codings.isEmpty else {
            throw RequestFailure(status: 400, reason: "empty Transfer-Encoding")
        }
        // Empty elements are kept, so an empty Content-Length (or "3,") is refused as invalid
        // instead of being read as no length at all.
        let lengths = headers.values(for: "Content-Length")
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if !codings.isEmpty {
            guard lengths.isEmpty else {
                throw RequestFailure(status: 400, reason: "both Content-Length and Transfer-Encoding")
            }
            guard codings.last == "chunked" else { throw RequestFailure(status: 400, reason: "body is not chunked") }
            guard codings.count == 1 else { throw RequestFailure(status: 501, reason: "unsupported transfer coding") }
            framing = .chunked
        } else if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18,
                first.utf8.allSatisfy(ASCII.isDigit), let length = Int(first)
            else { throw RequestFailure(status: 400, reason: "invalid Content-Length") }
            guard length <= maxBodyBytes else { throw RequestFailure(status: 413, reason: "body too large") }
            framing = length > 0 ? .length(length) : .none
        }
    }

    private mutating func decideConnection() throws {
        let hosts = headers.values(for: "Host")
        if version == "HTTP/1.1", hosts.count != 1 {
            throw RequestFailure(status: 400, reason: "HTTP/1.1 needs exactly one Host field")
        }
        let options = headers.values(for: "Connection").flatMap { Self.tokens($0) }
        keepAlive = version == "HTTP/1.1" ? !options.contains("close") : options.contains("keep-alive")
        if let expectation = headers["Expect"] {
            guard expectation.lowercased() == "100-continue" else {
                throw RequestFailure(status: 417, reason: "unsupported expectation")
            }
            expectsContinue = framing != .none && version == "HTTP/1.1"
        }
    }

    private static func tokens(_ value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter {
            !$0.isEmpty
        }
    }
}

/// The bytes and character classes of HTTP's grammar.
enum ASCII {
    static let carriageReturn: UInt8 = 0x0D
    static let lineFeed: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }
    static func isVisible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }
}
