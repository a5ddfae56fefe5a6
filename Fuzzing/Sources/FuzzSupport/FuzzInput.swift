/// The fuzzer's bytes read as a sequence of choices: small integers, flags, byte strings and text.
///
/// Every read succeeds: past the end it yields zeros and empty strings, so a harness never needs to
/// check the length and libFuzzer's mutations of any byte change some decision.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// Wraps the bytes of one fuzzer input.
    ///
    /// - Parameters:
    ///   - data: The input libFuzzer passed (nil for an empty input).
    ///   - size: Its length.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next byte as a flag (its lowest bit).
    public mutating func flag() -> Bool { byte() & 1 == 1 }

    /// A number in `0..<count` taken from the next byte (0 when `count` is 0).
    ///
    /// - Parameter count: How many choices there are (at most 256 are reachable).
    public mutating func choice(_ count: Int) -> Int {
        count > 0 ? Int(byte()) % count : 0
    }

    /// One element of `options`, chosen by the next byte.
    ///
    /// - Parameter options: A non-empty array.
    /// - Returns: The chosen element.
    public mutating func pick<Element>(_ options: [Element]) -> Element {
        options[choice(options.count)]
    }

    /// Up to `maximum` bytes, the count taken from the next byte.
    ///
    /// - Parameter maximum: The largest count (255 at most is reachable in one byte).
    public mutating func bytes(upTo maximum: Int) -> [UInt8] {
        let count = min(Int(byte()), maximum, max(0, bytes.count - position))
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    /// Text of up to `maximum` bytes, decoded as UTF-8 (invalid sequences become U+FFFD).
    ///
    /// - Parameter maximum: The largest byte count.
    public mutating func text(upTo maximum: Int = 255) -> String {
        String(decoding: bytes(upTo: maximum), as: UTF8.self)
    }

    /// The rest of the input, consumed.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return Array(bytes[min(position, bytes.count)...])
    }

    /// The rest of the input as UTF-8 text.
    public mutating func restText() -> String {
        String(decoding: rest(), as: UTF8.self)
    }
}
