import Foundation

/// The reduced-latitude view of one end point: sin β, cos β and dn = √(1 + e′² sin² β).
struct ReducedPoint {
    var sinBeta: Double
    var cosBeta: Double
    var dn: Double
}

/// What one evaluation of λ₁₂(α₁) found (Karney 2013, section 4).
struct LambdaEvaluation {
    /// λ₁₂(α₁) − λ₁₂, the value Newton's method drives to zero.
    var residual: Double
    var sinAlpha2: Double
    var cosAlpha2: Double
    var sigma12: Double
    var sinSigma1: Double
    var cosSigma1: Double
    var sinSigma2: Double
    var cosSigma2: Double
    var eps: Double
    /// dλ₁₂/dα₁ (eq. 38), or 0 when not asked for.
    var derivative: Double
}

extension Geodesic {
    /// The distance and reduced length along the auxiliary sphere, both divided by b (eqs. 7, 40–41),
    /// and m₀ = A₁ − A₂.
    @inline(__always)
    func lengths(
        eps: Double,
        sigma12: Double,
        sin1: Double,
        cos1: Double,
        dn1: Double,
        sin2: Double,
        cos2: Double,
        dn2: Double
    ) -> (s12b: Double, m12b: Double, m0: Double) {
        let a1m1 = GeodesicSeries.a1Minus1(eps)
        let a2m1 = GeodesicSeries.a2Minus1(eps)
        let c1 = GeodesicSeries.c1(eps)
        let c2 = GeodesicSeries.c2(eps)
        let b1 = c1.sum(sin: sin2, cos: cos2) - c1.sum(sin: sin1, cos: cos1)
        let b2 = c2.sum(sin: sin2, cos: cos2) - c2.sum(sin: sin1, cos: cos1)
        let a1 = 1 + a1m1
        let a2 = 1 + a2m1
        let m0 = a1m1 - a2m1
        let j12 = m0 * sigma12 + (a1 * b1 - a2 * b2)
        let m12b = dn2 * (cos1 * sin2) - dn1 * (sin1 * cos2) - cos1 * cos2 * j12
        return (a1 * (sigma12 + b1), m12b, m0)
    }

    /// λ₁₂ as a function of the azimuth α₁ at the first point, relative to the wanted λ₁₂ whose sine
    /// and cosine are given.
    @inline(__always)
    func lambda12(
        _ p1: ReducedPoint,
        _ p2: ReducedPoint,
        sinAlpha1: Double,
        cosAlpha1 cosAlpha1In: Double,
        sinLambda12: Double,
        cosLambda12: Double,
        wantDerivative: Bool
    ) -> LambdaEvaluation {
        let k = constants
        var cosAlpha1 = cosAlpha1In
        if p1.sinBeta == 0 && cosAlpha1 == 0 { cosAlpha1 = -GeodesicConstants.tiny }
        let sinAlpha0 = sinAlpha1 * p1.cosBeta
        let cosAlpha0 = hypot(cosAlpha1, sinAlpha1 * p1.sinBeta)
        var sinSigma1 = p1.sinBeta
        let sinOmega1 = sinAlpha0 * p1.sinBeta
        var cosSigma1 = cosAlpha1 * p1.cosBeta
        let cosOmega1 = cosSigma1
        Degrees.normalizePair(&sinSigma1, &cosSigma1)

        let sinAlpha2 = p2.cosBeta != p1.cosBeta ? sinAlpha0 / p2.cosBeta : sinAlpha1
        let cosAlpha2 = Self.finalAzimuthCosine(p1, p2, cosAlpha1: cosAlpha1)
        var sinSigma2 = p2.sinBeta
        let sinOmega2 = sinAlpha0 * p2.sinBeta
        var cosSigma2 = cosAlpha2 * p2.cosBeta
        let cosOmega2 = cosSigma2
        Degrees.normalizePair(&sinSigma2, &cosSigma2)

        let sigma12 = atan2(
            max(0, cosSigma1 * sinSigma2 - sinSigma1 * cosSigma2),
            cosSigma1 * cosSigma2 + sinSigma1 * sinSigma2
        )
        let sinOmega12 = max(0, cosOmega1 * sinOmega2 - sinOmega1 * cosOmega2)
        let cosOmega12 = cosOmega1 * cosOmega2 + sinOmega1 * sinOmega2
        // η = ω₁₂ − λ₁₂ (wanted), computed as one angle to keep its precision.
        let eta = atan2(
            sinOmega12 * cosLambda12 - cosOmega12 * sinLambda12,
            cosOmega12 * cosLambda12 + sinOmega12 * sinLambda12
        )
        let k2 = cosAlpha0 * cosAlpha0 * k.ep2
        let eps = GeodesicConstants.epsilon(k2: k2)
        let c3 = k.c3(eps)
        let b312 = c3.sum(sin: sinSigma2, cos: cosSigma2) - c3.sum(sin: sinSigma1, cos: cosSigma1)
        let domega12 = -k.f * k.a3(eps) * sinAlpha0 * (sigma12 + b312)

        var derivative = 0.0
        if wantDerivative {
            derivative = lambdaDerivative(
                p1, p2, eps: eps, sigma12: sigma12, cosAlpha2: cosAlpha2,
                sigma1: (sinSigma1, cosSigma1), sigma2: (sinSigma2, cosSigma2))
        }
        return LambdaEvaluation(
            residual: eta + domega12, sinAlpha2: sinAlpha2, cosAlpha2: cosAlpha2, sigma12: sigma12,
            sinSigma1: sinSigma1, cosSigma1: cosSigma1, sinSigma2: sinSigma2, cosSigma2: cosSigma2,
            eps: eps, derivative: derivative)
    }

    /// cos α₂ from the invariant cos² α₂ cos² β₂ = cos² α₁ cos² β₁ + cos² β₂ − cos² β₁, arranged to
    /// avoid cancellation.
    @inline(__always)
    static func finalAzimuthCosine(_ p1: ReducedPoint, _ p2: ReducedPoint, cosAlpha1: Double) -> Double {
        guard p2.cosBeta != p1.cosBeta || abs(p2.sinBeta) != -p1.sinBeta else { return abs(cosAlpha1) }
        let c1 = cosAlpha1 * p1.cosBeta
        let extra =
            p1.cosBeta < -p1.sinBeta
            ? (p2.cosBeta - p1.cosBeta) * (p1.cosBeta + p2.cosBeta)
            : (p1.sinBeta - p2.sinBeta) * (p1.sinBeta + p2.sinBeta)
        return (c1 * c1 + extra).squareRoot() / p2.cosBeta
    }

    /// dλ₁₂/dα₁ = m₁₂ (1 − f) / (cos α₂ cos β₂ b) (eq. 38), with its limit when α₂ = 90°.
    @inline(__always)
    func lambdaDerivative(
        _ p1: ReducedPoint,
        _ p2: ReducedPoint,
        eps: Double,
        sigma12: Double,
        cosAlpha2: Double,
        sigma1: (sin: Double, cos: Double),
        sigma2: (sin: Double, cos: Double)
    ) -> Double {
        if cosAlpha2 == 0 { return -2 * constants.f1 * p1.dn / p1.sinBeta }
        let lengths = lengths(
            eps: eps, sigma12: sigma12, sin1: sigma1.sin, cos1: sigma1.cos, dn1: p1.dn,
            sin2: sigma2.sin, cos2: sigma2.cos, dn2: p2.dn)
        return lengths.m12b * constants.f1 / (cosAlpha2 * p2.cosBeta)
    }
}
