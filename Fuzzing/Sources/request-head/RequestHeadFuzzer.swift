import Foundation
import FuzzSupport

@testable import MockServerKit

/// MockServer's request-head parser on whatever a client sends before the blank line, then the
/// request the server builds from a parsed head (path, query, route patterns, bearer token).
///
/// Every input must end in a head or a refusal with one of the statuses the parser documents; a
/// head must keep RFC 9112's grammar (token method, visible target, token field names, values
/// without control characters) and its limits (one Host in HTTP/1.1, a body length within the limit).
@main
enum RequestHeadFuzzer {
    static let maxBodyBytes = 1 << 20
    static let statuses: Set<Int> = [400, 413, 417, 431, 501, 505]
    static let patterns = ["/", "/category/:id", "/files/*", "/a/{b}/c", "/search"].map(PathPattern.init)

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            RequestHeadFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        check(input.rest())
    }

    static func check(_ input: [UInt8]) {
        // The event loop hands over the bytes before the first CRLF CRLF.
        let bytes = input.firstRange(of: [13, 10, 13, 10]).map { input[..<$0.lowerBound] } ?? input[...]
        switch RequestHead.parse(bytes, maxBodyBytes: maxBodyBytes) {
        case .failure(let failure):
            invariant(statuses.contains(failure.status), "undocumented status \(failure.status)")
            invariant(!failure.reason.isEmpty, "a failure without a reason")
        case .success(let head):
            checkGrammar(head)
            checkRequest(head)
        }
    }

    static func checkGrammar(_ head: RequestHead) {
        invariant(head.version == "HTTP/1.1" || head.version == "HTTP/1.0", "version \(head.version)")
        invariant(
            !head.method.rawValue.isEmpty && head.method.rawValue.utf8.allSatisfy(ASCII.isToken),
            "method \(head.method)")
        invariant(!head.target.isEmpty && head.target.utf8.allSatisfy(ASCII.isVisible), "target \(head.target)")
        for field in head.headers.fields {
            invariant(!field.name.isEmpty && field.name.utf8.allSatisfy(ASCII.isToken), "field name \(field.name)")
            invariant(
                !field.value.utf8.contains { $0 < 0x20 && $0 != ASCII.tab || $0 == 0x7F },
                "control character in \(field.name)")
            invariant(
                field.value.utf8.first.map { !ASCII.isBlank($0) } ?? true
                    && field.value.utf8.last.map { !ASCII.isBlank($0) } ?? true,
                "untrimmed value of \(field.name)")
        }
        if head.version == "HTTP/1.1" {
            invariant(head.headers.values(for: "Host").count == 1, "HTTP/1.1 head without exactly one Host")
        }
        switch head.framing {
        case .length(let length):
            invariant(length > 0 && length <= maxBodyBytes, "body length \(length)")
            invariant(!head.headers.contains("Transfer-Encoding"), "length framing with Transfer-Encoding")
        case .chunked:
            invariant(!head.headers.contains("Content-Length"), "chunked framing with Content-Length")
        case .none:
            break
        }
        if head.expectsContinue {
            invariant(head.version == "HTTP/1.1" && head.framing != .none, "100-continue without a body")
        }
    }

    static func checkRequest(_ head: RequestHead) {
        let request = MockRequest(method: head.method, target: head.target, headers: head.headers)
        invariant(head.target.hasPrefix(request.path), "path \(request.path) is not a prefix of \(head.target)")
        for pattern in patterns {
            if let parameters = pattern.match(request.path) {
                invariant(parameters.count <= pattern.segments.count, "more parameters than segments")
            }
        }
        for item in request.queryItems {
            invariant(request.queryValue(item.name) != nil, "query item \(item.name) not found by name")
        }
        if let token = request.bearerToken {
            invariant(!token.isEmpty, "an empty bearer token")
        }
    }
}
