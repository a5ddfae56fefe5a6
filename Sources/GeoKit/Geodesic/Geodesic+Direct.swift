import Foundation

extension Geodesic {
    /// Solves the direct problem in degrees and metres (Karney 2013, section 3): returns the
    /// latitude, longitude and azimuth at the end point.
    func solveDirect(
        latitude1: Double,
        longitude1: Double,
        azimuth1: Double,
        distance: Double
    ) -> (latitude: Double, longitude: Double, azimuth: Double) {
        let k = constants
        let (sinAlpha1, cosAlpha1) = Degrees.sinCos(Degrees.round(Degrees.normalize(azimuth1)))
        let p1 = reducedPoint(latitude: Degrees.round(latitude1))
        // α₀, the azimuth where the geodesic crosses the equator northwards (eq. 5).
        let sinAlpha0 = sinAlpha1 * p1.cosBeta
        let cosAlpha0 = hypot(cosAlpha1, sinAlpha1 * p1.sinBeta)
        var sinSigma1 = p1.sinBeta
        let sinOmega1 = sinAlpha0 * p1.sinBeta
        var cosSigma1 = p1.sinBeta != 0 || cosAlpha1 != 0 ? p1.cosBeta * cosAlpha1 : 1
        let cosOmega1 = cosSigma1
        Degrees.normalizePair(&sinSigma1, &cosSigma1)

        let k2 = cosAlpha0 * cosAlpha0 * k.ep2
        let eps = GeodesicConstants.epsilon(k2: k2)
        let a1m1 = GeodesicSeries.a1Minus1(eps)
        let c1 = GeodesicSeries.c1(eps)
        let b11 = c1.sum(sin: sinSigma1, cos: cosSigma1)
        let sinB11 = sin(b11)
        let cosB11 = cos(b11)
        // τ₁ = σ₁ + B₁₁, the scaled distance of the start from the equator crossing.
        let sinTau1 = sinSigma1 * cosB11 + cosSigma1 * sinB11
        let cosTau1 = cosSigma1 * cosB11 - sinSigma1 * sinB11

        let sigma12 = arcLength(
            distance: distance, eps: eps, k2: k2, a1m1: a1m1, c1: c1, b11: b11,
            sigma1: (sinSigma1, cosSigma1), tau1: (sinTau1, cosTau1))
        let sinSigma12 = sin(sigma12)
        let cosSigma12 = cos(sigma12)
        let sinSigma2 = sinSigma1 * cosSigma12 + cosSigma1 * sinSigma12
        var cosSigma2 = cosSigma1 * cosSigma12 - sinSigma1 * sinSigma12
        let sinBeta2 = cosAlpha0 * sinSigma2
        var cosBeta2 = hypot(sinAlpha0, cosAlpha0 * cosSigma2)
        if cosBeta2 == 0 {
            cosBeta2 = GeodesicConstants.tiny
            cosSigma2 = GeodesicConstants.tiny
        }
        let sinOmega2 = sinAlpha0 * sinSigma2
        let cosOmega2 = cosSigma2
        let omega12 = atan2(
            sinOmega2 * cosOmega1 - cosOmega2 * sinOmega1, cosOmega2 * cosOmega1 + sinOmega2 * sinOmega1)
        let c3 = k.c3(eps)
        let b31 = c3.sum(sin: sinSigma1, cos: cosSigma1)
        let b32 = c3.sum(sin: sinSigma2, cos: cosSigma2)
        let lambda12 = omega12 + (-k.f * k.a3(eps) * sinAlpha0) * (sigma12 + (b32 - b31))
        let lon12 = lambda12 / Degrees.radiansPerDegree
        let longitude2 = Degrees.normalize(Degrees.normalize(longitude1) + Degrees.normalize(lon12))
        let latitude2 = Degrees.atan2(sinBeta2, k.f1 * cosBeta2)
        let azimuth2 = Degrees.atan2(sinAlpha0, cosAlpha0 * cosSigma2)
        return (latitude2, longitude2, azimuth2)
    }

    /// σ₁₂ for a distance: τ₁₂ = s₁₂ / (b A₁), then the reverted series (eq. 20), with one Newton
    /// step for flattenings beyond 0.01.
    @inline(__always)
    private func arcLength(
        distance: Double,
        eps: Double,
        k2: Double,
        a1m1: Double,
        c1: SineSeries,
        b11: Double,
        sigma1: (sin: Double, cos: Double),
        tau1: (sin: Double, cos: Double)
    ) -> Double {
        let k = constants
        let tau12 = distance / (k.b * (1 + a1m1))
        let sinTau12 = sin(tau12)
        let cosTau12 = cos(tau12)
        let b12 = -GeodesicSeries.c1Prime(eps).sum(
            sin: tau1.sin * cosTau12 + tau1.cos * sinTau12, cos: tau1.cos * cosTau12 - tau1.sin * sinTau12)
        var sigma12 = tau12 - (b12 - b11)
        if abs(k.f) > 0.01 {
            let sinSigma12 = sin(sigma12)
            let cosSigma12 = cos(sigma12)
            let sinSigma2 = sigma1.sin * cosSigma12 + sigma1.cos * sinSigma12
            let cosSigma2 = sigma1.cos * cosSigma12 - sigma1.sin * sinSigma12
            let error = (1 + a1m1) * (sigma12 + (c1.sum(sin: sinSigma2, cos: cosSigma2) - b11)) - distance / k.b
            sigma12 -= error / (1 + k2 * sinSigma2 * sinSigma2).squareRoot()
        }
        return sigma12
    }
}
