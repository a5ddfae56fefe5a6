import Foundation

/// The inverse problem in the canonical frame: lat1 ≤ 0, lat1 ≤ lat2 ≤ −lat1, 0 ≤ λ₁₂ ≤ 180°.
struct CanonicalInverse {
    var p1: ReducedPoint
    var p2: ReducedPoint
    var lon12: Double
    /// 180° − lon12, kept separately for accuracy near the antipode.
    var lon12Supplement: Double
    var lambda12: Double
    var sinLambda12: Double
    var cosLambda12: Double
}

/// What the inverse problem found in the canonical frame.
struct CanonicalSolution {
    var s12 = 0.0
    var sigma12Degrees = 0.0
    var sinAlpha1 = 0.0
    var cosAlpha1 = 0.0
    var sinAlpha2 = 0.0
    var cosAlpha2 = 0.0
}

extension Geodesic {
    /// Solves the inverse problem for latitudes and longitudes in degrees (latitudes within ±90).
    func solveInverse(
        latitude1: Double,
        longitude1: Double,
        latitude2: Double,
        longitude2: Double
    ) -> GeodesicInverse {
        let (difference, error) = Degrees.difference(longitude1, longitude2)
        var lonSign = difference.sign == .minus ? -1.0 : 1.0
        let lon12 = lonSign * Degrees.round(difference)
        let lon12Supplement = Degrees.round((180 - lon12) - lonSign * error)
        var lat1 = Degrees.round(latitude1)
        var lat2 = Degrees.round(latitude2)
        let swapSign = abs(lat1) < abs(lat2) ? -1.0 : 1.0
        if swapSign < 0 {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        let latSign = lat1 < 0 ? 1.0 : -1.0
        lat1 *= latSign
        lat2 *= latSign

        var p1 = reducedPoint(latitude: lat1)
        var p2 = reducedPoint(latitude: lat2)
        // Make β₂ = ±β₁ exact when the latitudes are equal or opposite.
        if p1.cosBeta < -p1.sinBeta {
            if p2.cosBeta == p1.cosBeta { p2.sinBeta = p2.sinBeta < 0 ? p1.sinBeta : -p1.sinBeta }
        } else if abs(p2.sinBeta) == -p1.sinBeta {
            p2.cosBeta = p1.cosBeta
        }
        p1.dn = (1 + constants.ep2 * p1.sinBeta * p1.sinBeta).squareRoot()
        p2.dn = (1 + constants.ep2 * p2.sinBeta * p2.sinBeta).squareRoot()

        var sinLambda12: Double
        var cosLambda12: Double
        if lon12 > 90 {
            (sinLambda12, cosLambda12) = Degrees.sinCos(lon12Supplement)
            cosLambda12 = -cosLambda12
        } else {
            (sinLambda12, cosLambda12) = Degrees.sinCos(lon12)
        }
        let problem = CanonicalInverse(
            p1: p1, p2: p2, lon12: lon12, lon12Supplement: lon12Supplement,
            lambda12: lon12 * Degrees.radiansPerDegree, sinLambda12: sinLambda12, cosLambda12: cosLambda12)
        var solution = solveCanonical(problem, latitude1: lat1)

        if swapSign < 0 {
            swap(&solution.sinAlpha1, &solution.sinAlpha2)
            swap(&solution.cosAlpha1, &solution.cosAlpha2)
        }
        let azimuth1 = Degrees.atan2(
            solution.sinAlpha1 * swapSign * lonSign, solution.cosAlpha1 * swapSign * latSign)
        let azimuth2 = Degrees.atan2(
            solution.sinAlpha2 * swapSign * lonSign, solution.cosAlpha2 * swapSign * latSign)
        return GeodesicInverse(
            distance: solution.s12 + 0, initialAzimuth: azimuth1, finalAzimuth: azimuth2,
            arcLength: solution.sigma12Degrees)
    }

    /// sin β, cos β of the reduced latitude (tan β = (1 − f) tan φ), with cos β kept above zero.
    @inline(__always)
    func reducedPoint(latitude: Double) -> ReducedPoint {
        var (sinBeta, cosBeta) = Degrees.sinCos(latitude)
        sinBeta *= constants.f1
        Degrees.normalizePair(&sinBeta, &cosBeta)
        return ReducedPoint(sinBeta: sinBeta, cosBeta: max(GeodesicConstants.tiny, cosBeta), dn: 1)
    }

    private func solveCanonical(_ problem: CanonicalInverse, latitude1: Double) -> CanonicalSolution {
        if latitude1 == -90 || problem.sinLambda12 == 0, let meridian = meridional(problem) {
            return meridian
        }
        let k = constants
        if problem.p1.sinBeta == 0 && (k.f <= 0 || problem.lon12Supplement >= k.f * 180) {
            // Along the equator, which is a geodesic up to (1 − f)·180° of longitude on an oblate ellipsoid.
            return CanonicalSolution(
                s12: k.a * problem.lambda12, sigma12Degrees: problem.lon12 / k.f1,
                sinAlpha1: 1, cosAlpha1: 0, sinAlpha2: 1, cosAlpha2: 0)
        }
        let start = inverseStart(
            problem.p1, problem.p2, lambda12: problem.lambda12,
            sinLambda12: problem.sinLambda12, cosLambda12: problem.cosLambda12)
        if start.sigma12 >= 0 {
            return CanonicalSolution(
                s12: start.sigma12 * k.b * start.dnm, sigma12Degrees: start.sigma12 / Degrees.radiansPerDegree,
                sinAlpha1: start.sinAlpha1, cosAlpha1: start.cosAlpha1,
                sinAlpha2: start.sinAlpha2, cosAlpha2: start.cosAlpha2)
        }
        return newton(problem, start: start)
    }

    /// The geodesic along a meridian (or through a pole), if it is the shortest path.
    private func meridional(_ problem: CanonicalInverse) -> CanonicalSolution? {
        let p1 = problem.p1
        let p2 = problem.p2
        let cosAlpha1 = problem.cosLambda12
        let sinAlpha1 = problem.sinLambda12
        var sinSigma1 = p1.sinBeta
        var cosSigma1 = cosAlpha1 * p1.cosBeta
        var sinSigma2 = p2.sinBeta
        var cosSigma2 = p2.cosBeta
        Degrees.normalizePair(&sinSigma1, &cosSigma1)
        Degrees.normalizePair(&sinSigma2, &cosSigma2)
        var sigma12 = atan2(
            max(0, cosSigma1 * sinSigma2 - sinSigma1 * cosSigma2),
            cosSigma1 * cosSigma2 + sinSigma1 * sinSigma2)
        var (s12b, m12b, _) = lengths(
            eps: constants.n, sigma12: sigma12, sin1: sinSigma1, cos1: cosSigma1, dn1: p1.dn,
            sin2: sinSigma2, cos2: cosSigma2, dn2: p2.dn)
        // Beyond σ₁₂ = 1 a meridian is the shortest path only while the reduced length stays positive.
        guard sigma12 < 1 || m12b >= 0 else { return nil }
        if sigma12 < 3 * GeodesicConstants.tiny
            || (sigma12 < GeodesicConstants.tol0 && (s12b < 0 || m12b < 0))
        {
            sigma12 = 0
            s12b = 0
            m12b = 0
        }
        return CanonicalSolution(
            s12: s12b * constants.b, sigma12Degrees: sigma12 / Degrees.radiansPerDegree,
            sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1, sinAlpha2: 0, cosAlpha2: 1)
    }

    /// Newton's method on α₁, falling back to bisection of a bracket that every step narrows.
    private func newton(_ problem: CanonicalInverse, start: InverseStart) -> CanonicalSolution {
        let tiny = GeodesicConstants.tiny
        let tol0 = GeodesicConstants.tol0
        var sinAlpha1 = start.sinAlpha1
        var cosAlpha1 = start.cosAlpha1
        var bracketA = (sin: tiny, cos: 1.0)
        var bracketB = (sin: tiny, cos: -1.0)
        var tripNewton = false
        var tripBisection = false
        var iteration = 0
        var evaluation: LambdaEvaluation
        while true {
            evaluation = lambda12(
                problem.p1, problem.p2, sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1,
                sinLambda12: problem.sinLambda12, cosLambda12: problem.cosLambda12,
                wantDerivative: iteration < GeodesicConstants.maxit1)
            let v = evaluation.residual
            if tripBisection || !(abs(v) >= (tripNewton ? 8 : 1) * tol0)
                || iteration == GeodesicConstants.maxit2
            {
                break
            }
            if v > 0 && (iteration > GeodesicConstants.maxit1 || cosAlpha1 / sinAlpha1 > bracketB.cos / bracketB.sin) {
                bracketB = (sinAlpha1, cosAlpha1)
            } else if v < 0
                && (iteration > GeodesicConstants.maxit1 || cosAlpha1 / sinAlpha1 < bracketA.cos / bracketA.sin)
            {
                bracketA = (sinAlpha1, cosAlpha1)
            }
            iteration += 1
            if iteration <= GeodesicConstants.maxit1 && evaluation.derivative > 0 {
                let step = -v / evaluation.derivative
                if abs(step) < Double.pi {
                    let sinStep = sin(step)
                    let cosStep = cos(step)
                    let newSin = sinAlpha1 * cosStep + cosAlpha1 * sinStep
                    if newSin > 0 {
                        cosAlpha1 = cosAlpha1 * cosStep - sinAlpha1 * sinStep
                        sinAlpha1 = newSin
                        Degrees.normalizePair(&sinAlpha1, &cosAlpha1)
                        tripNewton = abs(v) <= 16 * tol0
                        continue
                    }
                }
            }
            sinAlpha1 = (bracketA.sin + bracketB.sin) / 2
            cosAlpha1 = (bracketA.cos + bracketB.cos) / 2
            Degrees.normalizePair(&sinAlpha1, &cosAlpha1)
            tripNewton = false
            tripBisection =
                abs(bracketA.sin - sinAlpha1) + (bracketA.cos - cosAlpha1) < GeodesicConstants.tolb
                || abs(sinAlpha1 - bracketB.sin) + (cosAlpha1 - bracketB.cos) < GeodesicConstants.tolb
        }
        let lengths = lengths(
            eps: evaluation.eps, sigma12: evaluation.sigma12,
            sin1: evaluation.sinSigma1, cos1: evaluation.cosSigma1, dn1: problem.p1.dn,
            sin2: evaluation.sinSigma2, cos2: evaluation.cosSigma2, dn2: problem.p2.dn)
        return CanonicalSolution(
            s12: lengths.s12b * constants.b, sigma12Degrees: evaluation.sigma12 / Degrees.radiansPerDegree,
            sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1,
            sinAlpha2: evaluation.sinAlpha2, cosAlpha2: evaluation.cosAlpha2)
    }
}
