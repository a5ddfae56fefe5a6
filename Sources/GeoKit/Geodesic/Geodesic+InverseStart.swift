import Foundation

/// The first guess for the inverse problem (Karney 2013, section 5).
struct InverseStart {
    /// σ₁₂ when the short-line approximation is already accurate, otherwise negative.
    var sigma12 = -1.0
    var sinAlpha1 = 0.0
    var cosAlpha1 = 0.0
    var sinAlpha2 = 0.0
    var cosAlpha2 = 0.0
    /// The mean dn used by the short-line formula.
    var dnm = 1.0
}

extension Geodesic {
    /// Guesses α₁: the spherical solution with a mean radius for short lines (eq. 48), the astroid
    /// solution (eqs. 55–56) for nearly antipodal points, the spherical one otherwise.
    func inverseStart(
        _ p1: ReducedPoint,
        _ p2: ReducedPoint,
        lambda12: Double,
        sinLambda12: Double,
        cosLambda12: Double
    ) -> InverseStart {
        let k = constants
        var start = InverseStart()
        let sinBeta12 = p2.sinBeta * p1.cosBeta - p2.cosBeta * p1.sinBeta
        let cosBeta12 = p2.cosBeta * p1.cosBeta + p2.sinBeta * p1.sinBeta
        let sinBeta12a = p2.sinBeta * p1.cosBeta + p2.cosBeta * p1.sinBeta
        let shortLine = cosBeta12 >= 0 && sinBeta12 < 0.5 && p2.cosBeta * lambda12 < 0.5
        var sinOmega12 = sinLambda12
        var cosOmega12 = cosLambda12
        if shortLine {
            var sinBetaM2 = (p1.sinBeta + p2.sinBeta) * (p1.sinBeta + p2.sinBeta)
            sinBetaM2 /= sinBetaM2 + (p1.cosBeta + p2.cosBeta) * (p1.cosBeta + p2.cosBeta)
            start.dnm = (1 + k.ep2 * sinBetaM2).squareRoot()
            let omega12 = lambda12 / (k.f1 * start.dnm)
            sinOmega12 = sin(omega12)
            cosOmega12 = cos(omega12)
        }
        start.sinAlpha1 = p2.cosBeta * sinOmega12
        let sinOmega12Squared = sinOmega12 * sinOmega12
        start.cosAlpha1 =
            cosOmega12 >= 0
            ? sinBeta12 + p2.cosBeta * p1.sinBeta * sinOmega12Squared / (1 + cosOmega12)
            : sinBeta12a - p2.cosBeta * p1.sinBeta * sinOmega12Squared / (1 - cosOmega12)
        let sinSigma12 = hypot(start.sinAlpha1, start.cosAlpha1)
        let cosSigma12 = p1.sinBeta * p2.sinBeta + p1.cosBeta * p2.cosBeta * cosOmega12

        if shortLine && sinSigma12 < k.etol2 {
            start.sinAlpha2 = p1.cosBeta * sinOmega12
            start.cosAlpha2 =
                sinBeta12 - p1.cosBeta * p2.sinBeta
                * (cosOmega12 >= 0 ? sinOmega12Squared / (1 + cosOmega12) : 1 - cosOmega12)
            Degrees.normalizePair(&start.sinAlpha2, &start.cosAlpha2)
            start.sigma12 = atan2(sinSigma12, cosSigma12)
        } else if abs(k.n) > 0.1 || cosSigma12 >= 0
            || sinSigma12 >= 6 * abs(k.n) * Double.pi * p1.cosBeta * p1.cosBeta
        {
            // The spherical guess above is good enough.
        } else {
            nearlyAntipodalStart(p1, p2, sinLambda12: sinLambda12, cosLambda12: cosLambda12, into: &start)
        }
        if !(start.sinAlpha1 <= 0) {
            Degrees.normalizePair(&start.sinAlpha1, &start.cosAlpha1)
        } else {
            start.sinAlpha1 = 1
            start.cosAlpha1 = 0
        }
        return start
    }

    /// The guess for nearly antipodal points, from the scaled coordinates x, y and the astroid.
    private func nearlyAntipodalStart(
        _ p1: ReducedPoint,
        _ p2: ReducedPoint,
        sinLambda12: Double,
        cosLambda12: Double,
        into start: inout InverseStart
    ) {
        let k = constants
        let sinBeta12a = p2.sinBeta * p1.cosBeta + p2.cosBeta * p1.sinBeta
        let lambda12x = atan2(-sinLambda12, -cosLambda12)  // λ₁₂ − π
        let x: Double
        let y: Double
        let lambdaScale: Double
        if k.f >= 0 {
            let k2 = p1.sinBeta * p1.sinBeta * k.ep2
            let eps = GeodesicConstants.epsilon(k2: k2)
            lambdaScale = k.f * p1.cosBeta * k.a3(eps) * Double.pi
            let betaScale = lambdaScale * p1.cosBeta
            x = lambda12x / lambdaScale
            y = sinBeta12a / betaScale
        } else {
            let cosBeta12a = p2.cosBeta * p1.cosBeta - p2.sinBeta * p1.sinBeta
            let beta12a = atan2(sinBeta12a, cosBeta12a)
            let lengths = lengths(
                eps: k.n, sigma12: Double.pi + beta12a, sin1: p1.sinBeta, cos1: -p1.cosBeta, dn1: p1.dn,
                sin2: p2.sinBeta, cos2: p2.cosBeta, dn2: p2.dn)
            x = -1 + lengths.m12b / (p1.cosBeta * p2.cosBeta * lengths.m0 * Double.pi)
            let betaScale = x < -0.01 ? sinBeta12a / x : -k.f * p1.cosBeta * p1.cosBeta * Double.pi
            lambdaScale = betaScale / p1.cosBeta
            y = lambda12x / lambdaScale
        }
        if y > -GeodesicConstants.tol1 && x > -1 - GeodesicConstants.xthresh {
            // Strip near the cut: the azimuth follows from x alone.
            if k.f >= 0 {
                start.sinAlpha1 = min(1, -x)
                start.cosAlpha1 = -(1 - start.sinAlpha1 * start.sinAlpha1).squareRoot()
            } else {
                start.cosAlpha1 = max(x > -GeodesicConstants.tol1 ? 0 : -1, x)
                start.sinAlpha1 = (1 - start.cosAlpha1 * start.cosAlpha1).squareRoot()
            }
        } else {
            let root = Self.astroid(x, y)
            let omega12a = lambdaScale * (k.f >= 0 ? -x * root / (1 + root) : -y * (1 + root) / root)
            let sinOmega12 = sin(omega12a)
            let cosOmega12 = -cos(omega12a)
            start.sinAlpha1 = p2.cosBeta * sinOmega12
            start.cosAlpha1 = sinBeta12a - p2.cosBeta * p1.sinBeta * sinOmega12 * sinOmega12 / (1 - cosOmega12)
        }
    }

    /// The positive root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (eq. 55).
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        let discriminant = s * (s + 2 * r3)
        var u = r
        if discriminant >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -discriminant.squareRoot() : discriminant.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let angle = atan2((-discriminant).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }
}
