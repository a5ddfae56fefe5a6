/// An ellipsoid of revolution given by its equatorial radius and flattening; WGS-84 by default.
///
/// ```swift
/// let clarke1866 = try Ellipsoid(equatorialRadius: 6_378_206.4, flattening: 1 / 294.978_698_2)
/// let geodesic = Geodesic(ellipsoid: clarke1866)
/// ```
public struct Ellipsoid: Sendable, Hashable {
    /// The equatorial radius `a` in metres.
    public let equatorialRadius: Double
    /// The flattening `f = (a - b) / a`; negative for a prolate ellipsoid.
    public let flattening: Double

    /// Creates an ellipsoid from its parameters.
    ///
    /// The series behind ``Geodesic`` are accurate for |f| up to about 0.01; beyond that the error
    /// grows with f⁷.
    ///
    /// - Parameters:
    ///   - equatorialRadius: `a` in metres, positive and finite.
    ///   - flattening:       `f`, finite and below 1 (0 gives a sphere).
    /// - Throws: ``GeoError/invalidEllipsoid(_:)`` for other values.
    public init(equatorialRadius: Double, flattening: Double) throws(GeoError) {
        guard equatorialRadius.isFinite, equatorialRadius > 0 else {
            throw .invalidEllipsoid(.equatorialRadius(equatorialRadius))
        }
        guard flattening.isFinite, flattening < 1 else { throw .invalidEllipsoid(.flattening(flattening)) }
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
    }

    private init(uncheckedRadius: Double, flattening: Double) {
        equatorialRadius = uncheckedRadius
        self.flattening = flattening
    }

    /// WGS-84, the GPS ellipsoid: a = 6 378 137 m, f = 1/298.257223563.
    public static let wgs84 = Ellipsoid(uncheckedRadius: 6_378_137, flattening: 1 / 298.257_223_563)

    /// GRS-80: a = 6 378 137 m, f = 1/298.257222101.
    public static let grs80 = Ellipsoid(uncheckedRadius: 6_378_137, flattening: 1 / 298.257_222_101)

    /// The polar semi-axis `b = a (1 - f)` in metres.
    public var polarRadius: Double { equatorialRadius * (1 - flattening) }
}
