import Testing

@testable import MockServerKit

/// Inputs the `chunked-body` fuzz target found (see `Fuzzing/`), kept as regression tests: the
/// decoder must reach the same outcome however the bytes are split across reads.
@Suite("ChunkedBodyDecoder on inputs found by fuzzing")
struct ChunkedBodyDecoderTests {
    /// Feeds `bytes` as a connection does (each piece appended to the unread rest, the last piece
    /// whatever remains) and returns where decoding ended and the body so far.
    private func decode(
        _ bytes: [UInt8], pieces: [Int] = [], maxTrailerBytes: Int = 512
    ) -> (progress: ChunkedBodyDecoder.Progress, body: [UInt8]) {
        var decoder = ChunkedBodyDecoder(maxBodyBytes: 4096, maxTrailerBytes: maxTrailerBytes)
        var buffer: [UInt8] = []
        var offset = 0
        var progress = ChunkedBodyDecoder.Progress.needMore
        for size in pieces + [bytes.count] {
            let end = min(bytes.count, offset + size)
            buffer += bytes[offset..<end]
            offset = end
            let step = decoder.consume(buffer[...])
            buffer.removeFirst(step.consumed)
            progress = step.progress
            if progress != .needMore { break }
        }
        return (progress, decoder.body)
    }

    @Test("a size line over 1 KiB is refused as too long, whole or in pieces")
    func longSizeLine() {
        // Given the shape of the input the fuzzer found (minimised: a 1,055-byte size line that is
        // not hexadecimal, read in pieces of 224 and 160 bytes), which failed as "invalid chunk size"
        // when read whole and as "chunk size line too long" when read in pieces
        let line = [UInt8](repeating: 0xE0, count: 1055) + [13, 10]
        let tooLong = ChunkedBodyDecoder.Progress.failed(
            RequestFailure(status: 400, reason: "chunk size line too long"))

        // When it is decoded whole and in those pieces
        let whole = decode(line)
        let pieced = decode(line, pieces: [224, 224, 224, 224, 160])

        // Then both refuse it for its length
        #expect(whole.progress == tooLong)
        #expect(pieced.progress == tooLong)
    }

    @Test("a valid size with an over-long extension is refused even when it arrives in one read")
    func longExtension() {
        // Given a chunk whose size line carries a 1,100-byte extension (accepted when read whole,
        // refused when read in pieces, before the fix)
        let body = Array(("5;" + String(repeating: "a", count: 1100) + "\r\nhello\r\n0\r\n\r\n").utf8)
        let tooLong = ChunkedBodyDecoder.Progress.failed(
            RequestFailure(status: 400, reason: "chunk size line too long"))

        // When it is decoded whole and in two pieces
        // Then both refuse it
        #expect(decode(body).progress == tooLong)
        #expect(decode(body, pieces: [600]).progress == tooLong)
    }

    @Test("a trailer section that fills the limit exactly ends even when its last CR arrives alone")
    func trailerAtTheLimit() {
        // Given trailers of exactly 16 bytes with a 16-byte limit, the final CRLF split after its CR
        let bytes = Array("4\r\nabcd\r\n0\r\nX-A: 123456789\r\n\r\n".utf8)
        let pieces = [bytes.count - 1]

        // When it is decoded whole and with the last LF in a later read
        let whole = decode(bytes, maxTrailerBytes: 16)
        let pieced = decode(bytes, pieces: pieces, maxTrailerBytes: 16)

        // Then both finish with the body
        #expect(whole.progress == .done && whole.body == Array("abcd".utf8))
        #expect(pieced.progress == .done && pieced.body == Array("abcd".utf8))
    }
}
