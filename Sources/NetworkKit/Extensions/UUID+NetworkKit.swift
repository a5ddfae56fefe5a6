import Foundation

extension UUID {
    /// A random (version 4) UUID from the standard library's system generator.
    ///
    /// FoundationEssentials' `UUID()` opens, reads and closes `/dev/urandom` on every call on Linux
    /// (a few microseconds, more than the rest of a request's bookkeeping); the façade names every
    /// request with one, so it takes them from here.
    static func random() -> UUID {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6) & 0x0f | 0x40, byte(high, 7),  // version 4
                byte(low, 0) & 0x3f | 0x80, byte(low, 1),  // RFC 9562 variant
                byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }
}
