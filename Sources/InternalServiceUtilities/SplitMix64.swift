import Foundation

/// A small, fast pseudo-random generator (Steele, Lea and Flood's SplitMix64): the same seed gives
/// the same numbers on every platform, which `SystemRandomNumberGenerator` does not promise.
/// MockServer's conditions, test samples and benchmarks draw from it, so a seed replays a run.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (`bound` above 0; the bias of the remainder is negligible for the
    /// small bounds used here, and unlike the standard library's method it is fixed forever).
    package mutating func next(below bound: UInt64) -> UInt64 {
        next() % bound
    }

    /// A number in `0..<1` with 53 random bits.
    package mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A draw from the standard normal distribution (Box–Muller).
    package mutating func nextStandardNormal() -> Double {
        let first = 1 - nextUnit()  // in (0, 1], so the logarithm is finite
        let second = nextUnit()
        return (-2 * log(first)).squareRoot() * cos(2 * Double.pi * second)
    }
}
