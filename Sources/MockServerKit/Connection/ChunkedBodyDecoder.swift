/// Removes the chunked transfer coding (RFC 9112 §7.1) from a body that arrives in pieces.
struct ChunkedBodyDecoder {
    enum Progress: Equatable {
        case needMore
        case done
        case failed(RequestFailure)
    }

    private enum State {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
        case done
    }

    /// The decoded body so far.
    private(set) var body: [UInt8] = []
    private var state = State.size
    private var trailerBytes = 0
    private let maxBodyBytes: Int
    private let maxTrailerBytes: Int
    private static let maxSizeLine = 1024

    init(maxBodyBytes: Int, maxTrailerBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTrailerBytes = maxTrailerBytes
    }

    /// Consumes what it can of `bytes`; returns how many bytes it used and where decoding stands.
    mutating func consume(_ bytes: ArraySlice<UInt8>) -> (consumed: Int, progress: Progress) {
        var index = bytes.startIndex
        while true {
            let step = advance(bytes[index...])
            index += step.consumed
            if let progress = step.progress { return (index - bytes.startIndex, progress) }
        }
    }

    /// One state transition; a non-nil progress ends the loop.
    private mutating func advance(_ bytes: ArraySlice<UInt8>) -> (consumed: Int, progress: Progress?) {
        switch state {
        case .done:
            return (0, .done)
        case .size:
            // The limit applies to the line however it arrives: to the bytes so far while its CRLF is
            // missing (a CR at the end may be the start of it), and to the whole line once found.
            let tooLong = RequestFailure(status: 400, reason: "chunk size line too long")
            guard let end = Self.lineEnd(in: bytes) else {
                let pending = bytes.last == ASCII.carriageReturn ? bytes.count - 1 : bytes.count
                return (0, pending > Self.maxSizeLine ? .failed(tooLong) : .needMore)
            }
            guard end - bytes.startIndex <= Self.maxSizeLine else { return (0, .failed(tooLong)) }
            switch parseSize(bytes[bytes.startIndex..<end]) {
            case .failure(let failure): return (0, .failed(failure))
            case .success(let size): state = size == 0 ? .trailers : .data(remaining: size)
            }
            return (end - bytes.startIndex + 2, nil)
        case .data(let remaining):
            let taken = min(remaining, bytes.count)
            body.append(contentsOf: bytes.prefix(taken))
            state = taken == remaining ? .dataEnd : .data(remaining: remaining - taken)
            return (taken, taken == remaining ? nil : .needMore)
        case .dataEnd:
            guard bytes.count >= 2 else { return (0, .needMore) }
            guard bytes.first == ASCII.carriageReturn, bytes.dropFirst().first == ASCII.lineFeed else {
                return (0, .failed(RequestFailure(status: 400, reason: "chunk data not followed by CRLF")))
            }
            state = .size
            return (2, nil)
        case .trailers:
            return advanceTrailer(bytes)
        }
    }

    private mutating func advanceTrailer(_ bytes: ArraySlice<UInt8>) -> (consumed: Int, progress: Progress?) {
        let tooLarge = RequestFailure(status: 431, reason: "trailer fields too large")
        guard let end = Self.lineEnd(in: bytes) else {
            // A CR at the end may start the CRLF that ends the trailer section: not counted yet.
            let pending = bytes.last == ASCII.carriageReturn ? bytes.count - 1 : bytes.count
            return (0, trailerBytes + pending > maxTrailerBytes ? .failed(tooLarge) : .needMore)
        }
        let length = end - bytes.startIndex
        if length == 0 {
            state = .done
            return (2, .done)
        }
        trailerBytes += length + 2
        guard trailerBytes <= maxTrailerBytes else { return (0, .failed(tooLarge)) }
        return (length + 2, nil)
    }

    private func parseSize(_ line: ArraySlice<UInt8>) -> Result<Int, RequestFailure> {
        let invalid = RequestFailure(status: 400, reason: "invalid chunk size")
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let value = ASCII.hexValue(line[index]) {
            digits += 1
            guard digits <= 15 else { return .failure(invalid) }
            size = size * 16 + value
            index += 1
        }
        guard digits > 0 else { return .failure(invalid) }
        while index < line.endIndex, ASCII.isBlank(line[index]) { index += 1 }
        guard index == line.endIndex || line[index] == ASCII.semicolon else { return .failure(invalid) }
        guard body.count + size <= maxBodyBytes else {
            return .failure(RequestFailure(status: 413, reason: "body too large"))
        }
        return .success(size)
    }

    /// The index of the CR of the first CRLF, or nil.
    private static func lineEnd(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            if bytes[index] == ASCII.carriageReturn && bytes[index + 1] == ASCII.lineFeed { return index }
            index += 1
        }
        return nil
    }
}
