import FuzzSupport

@testable import MockServerKit

/// MockServer's chunked-body decoder, two ways.
///
/// Raw: any bytes, fed at once and again in pieces whose sizes the input chooses, as a socket
/// delivers them; both feeds must end the same way (same body, same failure, same bytes used) and
/// never use more bytes than they were given.
///
/// Built: the input describes chunks (sizes, extensions, trailer fields), the harness encodes them
/// as RFC 9112 §7.1 says, and the decoder must return exactly the chunks' data and stop at the end.
@main
enum ChunkedBodyFuzzer {
    static let maxBodyBytes = 4096
    static let maxTrailerBytes = 512

    static func main() {
        runFuzzer { data, size in
            var input = FuzzInput(data, size)
            ChunkedBodyFuzzer.fuzz(&input)
            return 0
        }
    }

    /// One input.
    static func fuzz(_ input: inout FuzzInput) {
        if input.flag() { checkBuilt(&input) } else { checkRaw(&input) }
    }

    static func checkRaw(_ input: inout FuzzInput) {
        var pieceSizes: [Int] = []
        for _ in 0..<Int(input.byte() % 8) { pieceSizes.append(Int(input.byte())) }
        let bytes = input.rest()
        let whole = decode(bytes, pieces: [])
        let pieced = decode(bytes, pieces: pieceSizes)
        invariant(whole.body == pieced.body, "pieces changed the body")
        invariant(
            whole.progress == pieced.progress, "pieces changed the outcome: \(whole.progress), \(pieced.progress)")
        invariant(whole.consumed == pieced.consumed, "pieces changed the bytes used")
        invariant(whole.consumed <= bytes.count, "used \(whole.consumed) of \(bytes.count) bytes")
        if case .done = whole.progress {
            invariant(whole.consumed >= 5, "done after \(whole.consumed) bytes (the shortest body is 0 CRLF CRLF)")
        }
    }

    /// Feeds `bytes` as a connection does: each piece appended to the unread rest, the decoder
    /// called until it needs more; the last piece is whatever remains.
    static func decode(_ bytes: [UInt8], pieces: [Int]) -> (
        body: [UInt8], progress: ChunkedBodyDecoder.Progress, consumed: Int
    ) {
        var decoder = ChunkedBodyDecoder(maxBodyBytes: maxBodyBytes, maxTrailerBytes: maxTrailerBytes)
        var buffer: [UInt8] = []
        var consumed = 0
        var offset = 0
        var progress = ChunkedBodyDecoder.Progress.needMore
        for size in pieces + [bytes.count] {
            let end = min(bytes.count, offset + size)
            buffer += bytes[offset..<end]
            offset = end
            let step = decoder.consume(buffer[...])
            invariant(step.consumed <= buffer.count, "used more than it was given")
            buffer.removeFirst(step.consumed)
            consumed += step.consumed
            progress = step.progress
            if progress != .needMore { break }
        }
        return (decoder.body, progress, consumed)
    }

    static func checkBuilt(_ input: inout FuzzInput) {
        var encoded: [UInt8] = []
        var expected: [UInt8] = []
        for _ in 0..<Int(input.byte() % 6) {
            let data = input.bytes(upTo: 200)
            guard !data.isEmpty else { continue }
            let size = String(data.count, radix: 16, uppercase: input.flag())
            let padding = String(repeating: "0", count: Int(input.byte() % 4))
            let spaces = String(repeating: " ", count: Int(input.byte() % 3))
            let extensionText = input.flag() ? ";name=\"v\"" : ""
            encoded += Array((padding + size + spaces + extensionText + "\r\n").utf8) + data + [13, 10]
            expected += data
        }
        encoded += Array("0\r\n".utf8)
        for _ in 0..<Int(input.byte() % 3) { encoded += Array("X-Trailer: \(input.byte())\r\n".utf8) }
        encoded += [13, 10]
        let trailing = input.bytes(upTo: 16)
        let pieces = (0..<Int(input.byte() % 6)).map { _ in Int(input.byte()) }
        let result = decode(encoded + trailing, pieces: pieces)
        invariant(result.progress == .done, "a well-formed body ended with \(result.progress)")
        invariant(result.body == expected, "the body differs from the chunks' data")
        invariant(result.consumed == encoded.count, "used \(result.consumed) of \(encoded.count) bytes")
    }
}
