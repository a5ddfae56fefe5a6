/// Bytes a pace holds back, in the pieces they were queued in, let out from the front a slice at a
/// time without copying what stays held.
struct HeldBytes {
    private var pieces: [[UInt8]] = []
    /// The first piece not wholly let out, and how many of its bytes were.
    private var first = 0
    private var offset = 0
    /// How many bytes are held.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Holds `bytes` behind what is held already.
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        pieces.append(bytes)
        count += bytes.count
    }

    /// Lets out `size` bytes from the front, across pieces (fewer when fewer are held), or, when
    /// `size` is nil, the rest of the first piece.
    mutating func take(_ size: Int?) -> [UInt8] {
        var slice: [UInt8] = []
        while first < pieces.count {
            let piece = pieces[first]
            let end = size.map { min(offset + $0 - slice.count, piece.count) } ?? piece.count
            slice.append(contentsOf: piece[offset..<end])
            if end < piece.count {
                offset = end
                break
            }
            pieces[first] = []
            first += 1
            offset = 0
            if size.map({ slice.count >= $0 }) ?? true { break }
        }
        count -= slice.count
        if first == pieces.count {
            pieces.removeAll(keepingCapacity: true)
            first = 0
        } else if first >= 32 && first * 2 > pieces.count {
            pieces.removeFirst(first)
            first = 0
        }
        return slice
    }
}
