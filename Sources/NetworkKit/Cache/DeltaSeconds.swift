/// RFC 9111 §1.2.2's `delta-seconds`: a non-negative whole number of seconds, written in decimal
/// digits only.
///
/// A value past 2^31 is read as 2^31 (2147483648), as §1.2.2 asks of a cache that cannot hold it,
/// so a long run of digits never overflows: the reader stops growing the number at that bound.
enum DeltaSeconds {
    /// The largest value a cache keeps: 2^31 seconds, about 68 years.
    static let maximum = 2_147_483_648

    /// The seconds `text` holds, or nil when it is not one or more ASCII digits and nothing else.
    ///
    /// ```swift
    /// DeltaSeconds.parse("3600")             // 3600
    /// DeltaSeconds.parse("99999999999999")   // 2147483648
    /// DeltaSeconds.parse("-1")               // nil
    /// ```
    ///
    /// - Parameter text: The value, without surrounding spaces.
    /// - Returns: The seconds, at most ``maximum``.
    static func parse<Text: StringProtocol>(_ text: Text) -> Int? {
        var value = 0
        var sawDigit = false
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            sawDigit = true
            if value < maximum {
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), maximum)
            }
        }
        return sawDigit ? value : nil
    }

    /// `interval` as whole seconds, rounded down and kept within 0 and ``maximum`` (a NaN is 0), for
    /// an `Age` field and other values a cache writes.
    ///
    /// - Parameter interval: Seconds, possibly fractional, negative or not finite.
    /// - Returns: The seconds.
    static func clamped(_ interval: Double) -> Int {
        guard interval.isFinite else { return interval > 0 ? maximum : 0 }
        if interval <= 0 { return 0 }
        if interval >= Double(maximum) { return maximum }
        return Int(interval.rounded(.down))
    }
}
