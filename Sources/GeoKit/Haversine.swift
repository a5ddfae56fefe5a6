import Foundation

/// The great-circle distance on a sphere by the haversine formula: a fast estimate of the distance
/// between two points on the Earth.
///
/// On the Earth's mean sphere (radius 6 371 008.8 m) the relative error against the WGS-84 geodesic
/// stays below about 0.6 % (the ellipsoid's flattening is 0.34 %; north–south lines near the poles
/// and east–west lines near the equator are the worst); use ``Geodesic`` when that matters.
///
/// ```swift
/// let metres = Haversine.distance(from: moscow, to: petersburg)
/// ```
public enum Haversine {
    /// The mean radius of the Earth (IUGG R₁ = (2a + b) / 3 for WGS-84) in metres.
    public static let meanEarthRadius = 6_371_008.8

    /// The great-circle distance between two points.
    ///
    /// - Parameters:
    ///   - start:  The first point.
    ///   - end:    The second point.
    ///   - radius: The sphere's radius in metres; the Earth's mean radius by default.
    /// - Returns: Metres along the sphere.
    public static func distance(from start: Coordinate, to end: Coordinate, radius: Double = meanEarthRadius)
        -> Double
    {
        let phi1 = start.latitude * Degrees.radiansPerDegree
        let phi2 = end.latitude * Degrees.radiansPerDegree
        let deltaPhi = phi2 - phi1
        let deltaLambda = Degrees.difference(start.longitude, end.longitude).difference * Degrees.radiansPerDegree
        let sinHalfPhi = sin(deltaPhi / 2)
        let sinHalfLambda = sin(deltaLambda / 2)
        let h = sinHalfPhi * sinHalfPhi + cos(phi1) * cos(phi2) * sinHalfLambda * sinHalfLambda
        return 2 * radius * asin(min(1, h.squareRoot()))
    }
}
