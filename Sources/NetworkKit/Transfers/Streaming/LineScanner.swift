/// Splits a byte stream that arrives in pieces into lines ended by CR LF, LF or CR, as the
/// `text/event-stream` format defines them, holding at most `limit` bytes of an unfinished line.
///
/// Lines inside a piece are handed over without copying; only a line split across pieces is
/// gathered. A CR at the end of a piece ends its line at once, and an LF starting the next piece
/// is then skipped, so CR LF split across pieces is one line break.
struct LineScanner: Sendable {
    /// The most bytes a line may have.
    let limit: Int
    private var partial: [UInt8] = []
    private var skipsLineFeed = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Feeds the next piece; `line` gets each line completed in it, without its line break.
    ///
    /// - Returns: False when a line grew past ``limit`` (the scanner is then unusable).
    mutating func feed(_ bytes: UnsafeRawBufferPointer, line: (UnsafeRawBufferPointer) -> Void) -> Bool {
        var start = 0
        var index = 0
        let count = bytes.count
        if skipsLineFeed, count > 0 {
            skipsLineFeed = false
            if bytes[0] == 0x0A {
                start = 1
                index = 1
            }
        }
        while index < count {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            let piece = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
            if partial.isEmpty {
                guard piece.count <= limit else { return false }
                line(piece)
            } else {
                guard partial.count + piece.count <= limit else { return false }
                partial.append(contentsOf: piece)
                partial.withUnsafeBytes { line($0) }
                partial.removeAll(keepingCapacity: partial.count <= 64 * 1024)
            }
            index += 1
            if byte == 0x0D {
                if index < count {
                    if bytes[index] == 0x0A { index += 1 }
                } else {
                    skipsLineFeed = true
                }
            }
            start = index
        }
        guard partial.count + (count - start) <= limit else { return false }
        partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<count]))
        return true
    }

    /// The unfinished last line, at the end of the stream, and forgets it.
    mutating func remainder() -> [UInt8]? {
        guard !partial.isEmpty else { return nil }
        defer { partial.removeAll() }
        return partial
    }
}
