/// The operands of a number that CLDR plural rules test (UTS #35, Part 3): `n` is the absolute value,
/// `i` its integer digits, `v` and `w` the number of visible fraction digits with and without trailing
/// zeros, `f` and `t` those fraction digits as integers, and `e` (also `c`) a compact decimal exponent.
///
/// The operands keep the number as written: `"1.0"` has `v = 1` while `"1"` has `v = 0`, and in some
/// languages the two take different forms. Values above 10¹⁸ keep their last 18 digits plus 10¹⁸, which
/// is enough for every CLDR rule (they compare with small numbers and take remainders by powers of ten).
///
/// ```swift
/// let operands = try PluralOperands(parsing: "1.50")  // i = 1, v = 2, f = 50, t = 5, w = 1
/// ```
public struct PluralOperands: Sendable, Hashable {
    /// The integer digits of the absolute value (`i`).
    public let i: UInt64
    /// The number of visible fraction digits, with trailing zeros (`v`).
    public let v: UInt64
    /// The number of visible fraction digits, without trailing zeros (`w`).
    public let w: UInt64
    /// The visible fraction digits as an integer, with trailing zeros (`f`).
    public let f: UInt64
    /// The visible fraction digits as an integer, without trailing zeros (`t`).
    public let t: UInt64
    /// The compact decimal exponent (`e`, also written `c`): 6 for `1c6`, 0 otherwise.
    public let e: UInt64

    /// The compact decimal exponent under its newer name, `c`.
    public var c: UInt64 { e }

    /// Creates the operands of an integer, such as `-21` (the sign is ignored, as CLDR requires).
    ///
    /// - Parameter number: Any `Int`, including negative numbers and `Int.min`.
    public init(_ number: Int) {
        self.init(integer: UInt64(number.magnitude))
    }

    /// Creates the operands of an integer's magnitude.
    ///
    /// - Parameter integer: The absolute value.
    init(integer: UInt64) {
        i = Self.bounded(integer)
        v = 0
        w = 0
        f = 0
        t = 0
        e = 0
    }

    /// Creates operands from their parts, as the string parser computes them.
    init(i: UInt64, v: UInt64, w: UInt64, f: UInt64, t: UInt64, e: UInt64) {
        self.i = i
        self.v = v
        self.w = w
        self.f = f
        self.t = t
        self.e = e
    }

    /// Values at or above this are kept as `limit + value % limit`.
    static let limit: UInt64 = 1_000_000_000_000_000_000

    /// Keeps small values exact and folds huge ones above ``limit``, preserving their last 18 digits.
    static func bounded(_ value: UInt64) -> UInt64 {
        value < limit ? value : limit + value % limit
    }
}
