#if canImport(Glibc)
    import Foundation
    import NetworkKit

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// How ``SocketTransport`` writes an HTTP/1.1 request: its head, then its body, framed by
    /// `Content-Length` or chunked, reporting the body bytes sent.
    enum HTTP1RequestWriter {
        /// The most bytes sent or read in one piece.
        static let pieceSize = 64 * 1024

        /// The request's head: its method and target, `Host`, the request's fields, and the framing of
        /// `body`. The connection closes after the response (`Connection: close`), and the transport
        /// decodes no content coding, so it asks for none (`Accept-Encoding: identity`).
        static func head(for request: URLRequest, url: URL, body: HTTPExchange.Body) -> Data {
            let method = request.httpMethod ?? "GET"
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            var target = components?.percentEncodedPath ?? "/"
            if target.isEmpty { target = "/" }
            if let query = components?.percentEncodedQuery { target += "?" + query }
            var authority = url.host ?? ""
            if let port = url.port, port != 80 { authority += ":\(port)" }
            var lines = ["\(method) \(target) HTTP/1.1", "Host: \(authority)"]
            let framingFields: Set<String> = [
                "host", "content-length", "transfer-encoding", "connection", "accept-encoding",
            ]
            for (name, value) in request.allHTTPHeaderFields ?? [:] where !framingFields.contains(name.lowercased()) {
                lines.append("\(name): \(value)")
            }
            lines.append("Connection: close")
            lines.append("Accept-Encoding: identity")
            switch body {
            case .none:
                if ["POST", "PUT", "PATCH"].contains(method.uppercased()) { lines.append("Content-Length: 0") }
            case .data(let data):
                lines.append("Content-Length: \(data.count)")
            case .file(_, let length):
                lines.append("Content-Length: \(length)")
            case .stream(_, let length?):
                lines.append("Content-Length: \(length)")
            case .stream(_, nil):
                lines.append("Transfer-Encoding: chunked")
            }
            return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        }

        /// Sends `body` on `connection`, telling `didSend` the body bytes sent so far after each piece.
        static func send(
            _ body: HTTPExchange.Body, on connection: SocketConnection, didSend: (Int64) -> Void
        ) throws(URLError) {
            var total: Int64 = 0
            func piece(_ data: Data, chunked: Bool) throws(URLError) {
                if chunked { try connection.send(Data((String(data.count, radix: 16) + "\r\n").utf8)) }
                try connection.send(data)
                if chunked { try connection.send(Data("\r\n".utf8)) }
                total += Int64(data.count)
                didSend(total)
            }
            switch body {
            case .none:
                return
            case .data(let data):
                var offset = data.startIndex
                while offset < data.endIndex {
                    let end = min(offset + pieceSize, data.endIndex)
                    try piece(data[offset..<end], chunked: false)
                    offset = end
                }
            case .file(let url, _):
                guard let file = try? FileHandle(forReadingFrom: url) else {
                    throw URLError.socket(.cannotOpenFile, "cannot open \(url.path)")
                }
                defer { try? file.close() }
                while let data = try? file.read(upToCount: pieceSize), !data.isEmpty {
                    try piece(data, chunked: false)
                }
            case .stream(let make, let length):
                guard let stream = make() else {
                    throw URLError.socket(.requestBodyStreamExhausted, "the body stream could not be made")
                }
                stream.open()
                defer { stream.close() }
                var buffer = [UInt8](repeating: 0, count: pieceSize)
                while true {
                    let count = stream.read(&buffer, maxLength: buffer.count)
                    guard count >= 0 else { throw URLError.socket(.cannotOpenFile, "the body stream failed") }
                    if count == 0 { break }
                    try piece(Data(buffer[0..<count]), chunked: length == nil)
                }
                if length == nil { try connection.send(Data("0\r\n\r\n".utf8)) }
            }
        }
    }

    /// How ``SocketTransport`` reads an HTTP/1.1 response from a connection: the head, then the body as
    /// its framing says (none, `Content-Length`, chunked, or up to the close).
    final class HTTP1ResponseReader {
        struct Head {
            let status: Int
            let fields: [(String, String)]

            func value(of name: String) -> String? {
                fields.last { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
            }
        }

        enum Framing: Equatable {
            case none
            case length(Int64)
            case chunked, untilClose
        }

        private let connection: SocketConnection
        /// Bytes received and not yet read.
        private var pending: [UInt8] = []
        private static let headLimit = 64 * 1024

        init(_ connection: SocketConnection) {
            self.connection = connection
        }

        /// The next head that is not an interim `1xx` one.
        ///
        /// - Throws: `networkConnectionLost` when the connection closed before any byte of an answer,
        ///   `badServerResponse` when the bytes are not an HTTP/1 head.
        func readFinalHead() throws(URLError) -> Head {
            while true {
                let head = try readHead()
                if !(100..<200).contains(head.status) || head.status == 101 { return head }
            }
        }

        /// The body's framing, for a response with `head` to a request with `method`.
        static func framing(of head: Head, method: String) -> Framing {
            if method.uppercased() == "HEAD" || (100..<200).contains(head.status) || [204, 304].contains(head.status) {
                return .none
            }
            if let coding = head.value(of: "Transfer-Encoding"), coding.lowercased().contains("chunked") {
                return .chunked
            }
            if let text = head.value(of: "Content-Length"),
                let length = Int64(text.trimmingCharacters(in: .whitespaces)),
                length >= 0
            {
                return .length(length)
            }
            return .untilClose
        }

        /// Reads the body, handing each piece to `deliver`; false when `deliver` refused one.
        ///
        /// - Throws: `networkConnectionLost` when the body broke off (short, or a malformed chunk).
        func readBody(_ framing: Framing, deliver: (Data) -> Bool) throws(URLError) -> Bool {
            switch framing {
            case .none:
                return true
            case .length(let length):
                return try read(length, deliver: deliver)
            case .untilClose:
                repeat {
                    guard pending.isEmpty || deliver(take(pending.count)) else { return false }
                } while try fill()
                return true
            case .chunked:
                while true {
                    let line = try readLine()
                    let size = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
                    guard let count = Int64(size.trimmingCharacters(in: .whitespaces), radix: 16), count >= 0 else {
                        throw URLError.socket(.networkConnectionLost, "a malformed chunk size: \(line.prefix(40))")
                    }
                    if count == 0 { break }
                    guard try read(count, deliver: deliver) else { return false }
                    guard try readLine().isEmpty else {
                        throw URLError.socket(.networkConnectionLost, "a chunk longer than its size")
                    }
                }
                while try !readLine().isEmpty {}  // trailer fields
                return true
            }
        }

        private func readHead() throws(URLError) -> Head {
            let blank: [UInt8] = [13, 10, 13, 10]
            while true {
                if let end = Self.find(blank, in: pending) {
                    let text = String(decoding: take(end + blank.count), as: UTF8.self)
                    return try Self.parse(text)
                }
                let prefix = pending.prefix(5)
                guard prefix.elementsEqual(Array("HTTP/".utf8).prefix(prefix.count)) else {
                    throw URLError.socket(.badServerResponse, "the answer is not HTTP")
                }
                guard pending.count < Self.headLimit else {
                    throw URLError.socket(.badServerResponse, "a head longer than \(Self.headLimit) bytes")
                }
                guard try fill() else {
                    throw pending.isEmpty
                        ? URLError.socket(.networkConnectionLost, "the server closed the connection without answering")
                        : URLError.socket(.badServerResponse, "the connection closed within the head")
                }
            }
        }

        private static func parse(_ text: String) throws(URLError) -> Head {
            let lines = text.split(separator: "\r\n").map(String.init)
            let status = lines.first?.split(separator: " ", maxSplits: 2)
            guard let status, status.count >= 2, status[0].hasPrefix("HTTP/1."), let code = Int(status[1]),
                (100...999).contains(code)
            else {
                throw URLError.socket(.badServerResponse, "a malformed status line: \(lines.first?.prefix(40) ?? "")")
            }
            let fields = lines.dropFirst().compactMap { line -> (String, String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            return Head(status: code, fields: fields)
        }

        /// Reads exactly `length` bytes of the body.
        private func read(_ length: Int64, deliver: (Data) -> Bool) throws(URLError) -> Bool {
            var remaining = length
            while remaining > 0 {
                if pending.isEmpty {
                    guard try fill() else {
                        throw URLError.socket(
                            .networkConnectionLost, "the connection closed \(remaining) bytes before the body's end")
                    }
                }
                let count = Int(min(Int64(pending.count), remaining))
                remaining -= Int64(count)
                guard deliver(take(count)) else { return false }
            }
            return true
        }

        /// A line up to CR LF, without it.
        private func readLine() throws(URLError) -> String {
            while true {
                if let end = Self.find([13, 10], in: pending) {
                    return String(decoding: take(end + 2).dropLast(2), as: UTF8.self)
                }
                guard pending.count < 8192, try fill() else {
                    throw URLError.socket(.networkConnectionLost, "the chunked body broke off")
                }
            }
        }

        /// Receives more bytes into ``pending``; false at the end of the stream.
        private func fill() throws(URLError) -> Bool {
            var buffer = [UInt8](repeating: 0, count: HTTP1RequestWriter.pieceSize)
            let received = buffer.withUnsafeMutableBytes { bytes in
                Result { () throws(URLError) in try connection.receive(into: bytes) }
            }
            let count = try received.get()
            pending.append(contentsOf: buffer[0..<count])
            return count > 0
        }

        /// Removes and returns the first `count` pending bytes.
        private func take(_ count: Int) -> Data {
            defer { pending.removeFirst(count) }
            return Data(pending[0..<count])
        }

        private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
            guard bytes.count >= needle.count else { return nil }
            return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
    }
#endif
