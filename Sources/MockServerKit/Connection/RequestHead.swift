import Foundation
import NetworkKit

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
        // Lines end at CR LF only (a lone CR or LF stays inside its line, where the checks refuse it),
        // and are taken one at a time: no array of lines per request.
        var lineStart = bytes.startIndex
        let requestLineEnd = lineEnd(in: bytes, from: lineStart)
        do {
            var head = try parseRequestLine(bytes[lineStart..<requestLineEnd])
            lineStart = requestLineEnd
            while lineStart < bytes.endIndex {
                lineStart += 2
                let end = lineEnd(in: bytes, from: lineStart)
                let field = try parseField(bytes[lineStart..<end])
                head.headers.add(field.name, field.value)
                lineStart = end
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

    /// Where the line starting at `start` ends: the index of its CR LF, or the end of `bytes`.
    private static func lineEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.endIndex {
            if bytes[index] == ASCII.carriageReturn && bytes[index + 1] == ASCII.lineFeed { return index }
            index += 1
        }
        return bytes.endIndex
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws -> RequestHead {
        // Exactly two spaces: method, target, version, none of them empty but the version.
        let malformed = RequestFailure(status: 400, reason: "malformed request line")
        guard let firstSpace = line.firstIndex(of: ASCII.space),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: ASCII.space)
        else { throw malformed }
        let method = line[line.startIndex..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        let versionBytes = line[(secondSpace + 1)...]
        guard !versionBytes.contains(ASCII.space), !method.isEmpty, !target.isEmpty, method.allSatisfy(ASCII.isToken),
            target.allSatisfy({ ASCII.isVisible($0) || $0 >= 0x80 })
        else { throw malformed }
        let version: String
        if versionBytes.elementsEqual(http11) {
            version = "HTTP/1.1"
        } else if versionBytes.elementsEqual(http10) {
            version = "HTTP/1.0"
        } else {
            let text = String(decoding: versionBytes, as: UTF8.self)
            let looksLikeHTTP = text.hasPrefix("HTTP/") && text.count == 8
            throw RequestFailure(
                status: looksLikeHTTP ? 505 : 400, reason: looksLikeHTTP ? "unsupported version" : "malformed version")
        }
        return RequestHead(
            method: MockRequest.Method(rawValue: String(decoding: method, as: UTF8.self)),
            target: targetText(target), version: version, headers: [:])
    }

    /// The request target as text, bytes outside ASCII percent-encoded: RFC 9112 allows only visible
    /// ASCII, but clients send UTF-8 raw (curl 7.88 in a query), and servers such as nginx take it.
    /// The target keeps to visible ASCII, and a path or query decodes as it would had the client
    /// encoded those bytes itself.
    private static func targetText(_ target: ArraySlice<UInt8>) -> String {
        guard target.contains(where: { $0 >= 0x80 }) else { return String(decoding: target, as: UTF8.self) }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(target.count * 2)
        for byte in target {
            if byte >= 0x80 {
                PercentEncoding.appendEscaped(byte, to: &encoded)
            } else {
                encoded.append(byte)
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let http11 = Array("HTTP/1.1".utf8)
    private static let http10 = Array("HTTP/1.0".utf8)

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
        // Most requests carry neither field: no body, nothing to decide.
        guard headers.contains("Transfer-Encoding") || headers.contains("Content-Length") else { return }
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
        if version == "HTTP/1.1", headers.count(of: "Host") != 1 {
            throw RequestFailure(status: 400, reason: "HTTP/1.1 needs exactly one Host field")
        }
        let options =
            headers.contains("Connection") ? headers.values(for: "Connection").flatMap { Self.tokens($0) } : []
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
        // Digits, letters, and ! # $ % & ' * + - . ^ _ ` | ~
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E: return true
        default: return false
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
