import Foundation
import InternalServiceUtilities

extension UUID {
    /// A UUID no other call in this process returns, laid out as a random (version 4) one.
    ///
    /// FoundationEssentials' `UUID()` opens, reads and closes `/dev/urandom` on every call on Linux,
    /// and even the standard library's system generator makes a `getrandom` call per 64 bits (a few
    /// microseconds, more than the rest of a request's bookkeeping); the façade names every request
    /// with one, so it takes them from here: 128 random bits drawn once per process, and a counter
    /// mixed into them. The low half is a one-to-one scramble of the counter (its 62 bits under the
    /// variant), so no two calls before 2⁶² of them share an identifier; the random bits keep those
    /// of two processes apart.
    static func unique() -> UUID {
        let count = RequestIdentifiers.counter.withLock { count -> UInt64 in
            defer { count &+= 1 }
            return count
        }
        let seed = RequestIdentifiers.seed
        var mixer = SplitMix64(seed: seed.high &+ count)
        let high = mixer.next()
        let low = RequestIdentifiers.scrambled(count ^ seed.low)
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6) & 0x0f | 0x40, byte(high, 7),  // version 4
                byte(low, 7) & 0x3f | 0x80, byte(low, 6),  // RFC 9562 variant over the top 2 bits, which are 0
                byte(low, 5), byte(low, 4), byte(low, 3), byte(low, 2), byte(low, 1), byte(low, 0)
            ))
    }
}

/// The state behind `UUID.unique()`.
private enum RequestIdentifiers {
    /// Random bits drawn once.
    static let seed: (high: UInt64, low: UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }()

    /// How many identifiers were made.
    static let counter = Locked<UInt64>(0)

    /// The low 62 bits.
    private static let mask: UInt64 = (1 << 62) - 1

    /// `value`'s low 62 bits scrambled one to one (each step can be undone: a shift folded in
    /// with exclusive or, a product with an odd number modulo 2⁶²); the top 2 bits are 0.
    static func scrambled(_ value: UInt64) -> UInt64 {
        var bits = value & mask
        bits ^= bits >> 31
        bits = (bits &* 0x7fb5_d329_728e_a185) & mask
        bits ^= bits >> 27
        bits = (bits &* 0x81da_def4_bc2d_d44d) & mask
        bits ^= bits >> 33
        return bits
    }

}
