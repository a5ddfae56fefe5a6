/// Checks UTF-8 (RFC 3629) a piece at a time, so text split across frames at any byte is checked as
/// it arrives and refused at the first byte that no valid text could continue with: an overlong
/// form, a surrogate, a code point past U+10FFFF, a stray continuation byte, or a sequence cut short.
///
/// ```swift
/// var validator = UTF8Validator()
/// guard validator.consume(fragment1), validator.consume(fragment2), validator.isComplete else { fail() }
/// ```
struct UTF8Validator: Sendable {
    /// Continuation bytes still owed by the current sequence.
    private var remaining = 0
    /// The range the next continuation byte must fall in (narrower than 80–BF right after E0, ED,
    /// F0 and F4, which is how overlongs, surrogates and code points past U+10FFFF are refused).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Makes a validator at the start of a text.
    init() {}

    /// Whether the bytes so far end on a character boundary (a complete text when nothing follows).
    var isComplete: Bool { remaining == 0 }

    /// Checks the next bytes.
    ///
    /// - Parameter bytes: The next piece of the text.
    /// - Returns: false as soon as a byte cannot be part of valid UTF-8; the validator is then not
    ///   used again.
    mutating func consume(_ bytes: some Collection<UInt8>) -> Bool {
        let fast = bytes.withContiguousStorageIfAvailable { buffer in consume(buffer: buffer) }
        if let fast { return fast }
        return consume(buffer: Array(bytes))
    }

    private mutating func consume(buffer: [UInt8]) -> Bool {
        buffer.withUnsafeBufferPointer { consume(buffer: $0) }
    }

    private mutating func consume(buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = buffer.count
        while index < count {
            if remaining == 0 {
                // ASCII eight bytes at a time.
                if let base = buffer.baseAddress {
                    while index + 8 <= count {
                        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                        guard word & 0x8080_8080_8080_8080 == 0 else { break }
                        index += 8
                    }
                }
                guard index < count else { break }
                guard start(buffer[index]) else { return false }
            } else {
                let byte = buffer[index]
                guard byte >= lower && byte <= upper else { return false }
                remaining -= 1
                lower = 0x80
                upper = 0xBF
            }
            index += 1
        }
        return true
    }

    private mutating func start(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x7F: remaining = 0
        case 0xC2...0xDF: remaining = 1
        case 0xE0:
            remaining = 2
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED:
            remaining = 2
            upper = 0x9F
        case 0xF0:
            remaining = 3
            lower = 0x90
        case 0xF1...0xF3: remaining = 3
        case 0xF4:
            remaining = 3
            upper = 0x8F
        default: return false
        }
        return true
    }
}
