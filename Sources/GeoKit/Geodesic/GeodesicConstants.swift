/// The numbers a ``Geodesic`` derives once from its ellipsoid, including the n-polynomials of the
/// A₃ and C₃ₗ series so that each solve only evaluates polynomials in ε.
struct GeodesicConstants: Sendable {
    let a: Double
    let f: Double
    let f1: Double
    let e2: Double
    let ep2: Double
    let n: Double
    let b: Double
    let etol2: Double
    /// A₃ = Σ a3[k] εᵏ, k = 0…5.
    let a3: (Double, Double, Double, Double, Double, Double)
    /// C₃₁ … C₃₅ as polynomials in ε (index = power of ε).
    let c31: (Double, Double, Double, Double, Double)
    let c32: (Double, Double, Double, Double)
    let c33: (Double, Double, Double)
    let c34: (Double, Double)
    let c35: Double

    static let tiny = Double.leastNormalMagnitude.squareRoot()
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    static let tolb = tol0 * tol2
    static let xthresh = 1000 * tol2
    static let maxit1 = 20
    static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10

    init(_ ellipsoid: Ellipsoid) {
        a = ellipsoid.equatorialRadius
        f = ellipsoid.flattening
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * Self.tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
        let n = self.n
        let n2 = n * n
        a3 = (1, (n - 1) / 2, (n * (3 * n - 1) - 2) / 8, ((-n - 3) * n - 1) / 16, (-2 * n - 3) / 64, -3.0 / 128)
        c31 = (
            (1 - n) / 4, (1 - n2) / 8, ((3 - n) * n + 3) / 64, (2 * n + 5) / 128, 3.0 / 128
        )
        c32 = ((n * (n - 3) + 2) / 32, ((-3 * n - 2) * n + 3) / 64, (n + 3) / 128, 5.0 / 256)
        c33 = ((n * (5 * n - 9) + 5) / 192, (9 - 10 * n) / 384, 7.0 / 512)
        c34 = ((7 - 14 * n) / 512, 7.0 / 512)
        c35 = 21.0 / 2560
    }

    /// A₃(ε).
    @inline(__always)
    func a3(_ eps: Double) -> Double {
        a3.0 + eps * (a3.1 + eps * (a3.2 + eps * (a3.3 + eps * (a3.4 + eps * a3.5))))
    }

    /// C₃ₗ(ε), l = 1…5.
    @inline(__always)
    func c3(_ eps: Double) -> SineSeries {
        let e2 = eps * eps
        var series = SineSeries()
        series.c1 = eps * (c31.0 + eps * (c31.1 + eps * (c31.2 + eps * (c31.3 + eps * c31.4))))
        series.c2 = e2 * (c32.0 + eps * (c32.1 + eps * (c32.2 + eps * c32.3)))
        series.c3 = e2 * eps * (c33.0 + eps * (c33.1 + eps * c33.2))
        series.c4 = e2 * e2 * (c34.0 + eps * c34.1)
        series.c5 = e2 * e2 * eps * c35
        return series
    }

    /// ε for k² = e′² cos² α₀ (eq. 16): k² / (2(1 + √(1 + k²)) + k²).
    @inline(__always)
    static func epsilon(k2: Double) -> Double {
        k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
    }
}
