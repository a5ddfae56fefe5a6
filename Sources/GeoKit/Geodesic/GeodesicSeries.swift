/// Six coefficients of a series Σ cₗ sin(2lσ), summed by Clenshaw's recurrence.
struct SineSeries {
    var c1 = 0.0
    var c2 = 0.0
    var c3 = 0.0
    var c4 = 0.0
    var c5 = 0.0
    var c6 = 0.0

    /// Σ cₗ sin(2lσ) for the angle whose sine and cosine are given.
    @inline(__always)
    func sum(sin s: Double, cos c: Double) -> Double {
        let ar = 2 * (c - s) * (c + s)
        let b6 = c6
        let b5 = ar * b6 + c5
        let b4 = ar * b5 - b6 + c4
        let b3 = ar * b4 - b5 + c3
        let b2 = ar * b3 - b4 + c2
        let b1 = ar * b2 - b3 + c1
        return 2 * s * c * b1
    }
}

/// The series in ε (and n) of Karney (2013), truncated at sixth order: A₁, C₁ₗ, C′₁ₗ (eqs. 17–21),
/// A₂, C₂ₗ (eqs. 42–43); A₃ and C₃ₗ (eqs. 24–25) depend on n, so ``GeodesicConstants`` evaluates them.
enum GeodesicSeries {
    /// A₁ − 1.
    @inline(__always)
    static func a1Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (e2 * (e2 + 4) + 64) / 256
        return (t + eps) / (1 - eps)
    }

    /// C₁ₗ, l = 1…6.
    @inline(__always)
    static func c1(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        var d = eps
        var series = SineSeries()
        series.c1 = d * (e2 * (6 - e2) - 16) / 32
        d *= eps
        series.c2 = d * (e2 * (64 - 9 * e2) - 128) / 2048
        d *= eps
        series.c3 = d * (9 * e2 - 16) / 768
        d *= eps
        series.c4 = d * (3 * e2 - 5) / 512
        d *= eps
        series.c5 = -7 * d / 1280
        d *= eps
        series.c6 = -7 * d / 2048
        return series
    }

    /// C′₁ₗ, l = 1…6, which invert the distance series.
    @inline(__always)
    static func c1Prime(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        var d = eps
        var series = SineSeries()
        series.c1 = d * (e2 * (205 * e2 - 432) + 768) / 1536
        d *= eps
        series.c2 = d * (e2 * (4005 * e2 - 4736) + 3840) / 12288
        d *= eps
        series.c3 = d * (116 - 225 * e2) / 384
        d *= eps
        series.c4 = d * (2695 - 7173 * e2) / 7680
        d *= eps
        series.c5 = 3467 * d / 7680
        d *= eps
        series.c6 = 38081 * d / 61440
        return series
    }

    /// A₂ − 1.
    @inline(__always)
    static func a2Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (e2 * (-11 * e2 - 28) - 192) / 256
        return (t - eps) / (1 + eps)
    }

    /// C₂ₗ, l = 1…6.
    @inline(__always)
    static func c2(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        var d = eps
        var series = SineSeries()
        series.c1 = d * (e2 * (e2 + 2) + 16) / 32
        d *= eps
        series.c2 = d * (e2 * (35 * e2 + 64) + 384) / 2048
        d *= eps
        series.c3 = d * (15 * e2 + 80) / 768
        d *= eps
        series.c4 = d * (7 * e2 + 35) / 512
        d *= eps
        series.c5 = 63 * d / 1280
        d *= eps
        series.c6 = 77 * d / 2048
        return series
    }
}
