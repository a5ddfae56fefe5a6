import Foundation

/// Angle helpers in degrees that reduce arguments exactly before calling the trigonometric functions,
/// so that quarter turns give exact zeros and ones and differences of longitudes lose no bits.
enum Degrees {
    static let radiansPerDegree = Double.pi / 180

    /// Rounds a tiny angle so that numbers below 1/16 keep about 1e-19 degrees of absolute precision;
    /// this makes small latitudes behave exactly like 0 when they should.
    @inline(__always)
    static func round(_ x: Double) -> Double {
        let z = 1.0 / 16
        let y = abs(x)
        let rounded = y < z ? z - (z - y) : y
        return x < 0 ? -rounded : (x == 0 ? x : rounded)
    }

    /// The sum `u + v` and its rounding error, so that `sum + error == u + v` exactly.
    @inline(__always)
    static func twoSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        return (s, s != 0 ? 0 - (up + vpp) : s)
    }

    /// `y - x` reduced to [-180, 180] with its rounding error.
    static func difference(_ x: Double, _ y: Double) -> (difference: Double, error: Double) {
        var (d, t) = twoSum((-x).remainder(dividingBy: 360), y.remainder(dividingBy: 360))
        (d, t) = twoSum(d.remainder(dividingBy: 360), t)
        if d == 0 || abs(d) == 180 {
            d = (t == 0 ? y - x : -t) < 0 ? -abs(d) : abs(d)
        }
        return (d, t)
    }

    /// An angle reduced to [-180, 180], keeping the sign of the input at ±180.
    static func normalize(_ x: Double) -> Double {
        let y = x.remainder(dividingBy: 360)
        return abs(y) == 180 ? (x < 0 ? -180 : 180) : y
    }

    /// Sine and cosine of `x + t` degrees, reducing by quarter turns first.
    @inline(__always)
    static func sinCos(_ x: Double, plus t: Double = 0) -> (sin: Double, cos: Double) {
        let q = (x / 90).rounded(.toNearestOrEven)
        let r = ((x - 90 * q) + t) * radiansPerDegree
        let s = Foundation.sin(r)
        let c = Foundation.cos(r)
        var result: (sin: Double, cos: Double)
        switch Int(q.truncatingRemainder(dividingBy: 4)) & 3 {
        case 0: result = (s, c)
        case 1: result = (c, -s)
        case 2: result = (-s, -c)
        default: result = (-c, s)
        }
        result.cos += 0
        if result.sin == 0 { result.sin = x.sign == .minus ? -0.0 : 0.0 }
        return result
    }

    /// `atan2(y, x)` in degrees in (-180, 180], exact at the axes.
    @inline(__always)
    static func atan2(_ y: Double, _ x: Double) -> Double {
        var x = x
        var y = y
        var quadrant = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            quadrant = 2
        }
        if x.sign == .minus {
            x = -x
            quadrant += 1
        }
        let angle = Foundation.atan2(y, x) / radiansPerDegree
        switch quadrant {
        case 1: return (y.sign == .minus ? -180 : 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// Scales `(s, c)` to unit length.
    @inline(__always)
    static func normalizePair(_ s: inout Double, _ c: inout Double) {
        let h = hypot(s, c)
        s /= h
        c /= h
    }
}
