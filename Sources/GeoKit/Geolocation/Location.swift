public import Foundation

/// A position fix: where, how precisely, and when (what SurfUtils took from `CLLocation`).
public struct Location: Sendable, Hashable {
    /// The position.
    public let coordinate: Coordinate
    /// Metres above the ellipsoid or sea level, as the source reports it, if known.
    public let altitude: Double?
    /// The radius in metres of the horizontal uncertainty, if known.
    public let horizontalAccuracy: Double?
    /// Speed over ground in metres per second, if known.
    public let speed: Double?
    /// Course over ground in degrees clockwise from true north, if known.
    public let course: Double?
    /// When the fix was taken, if known.
    public let timestamp: Date?

    /// Creates a fix.
    ///
    /// - Parameters:
    ///   - coordinate:         The position.
    ///   - altitude:           Metres, if known.
    ///   - horizontalAccuracy: Metres of horizontal uncertainty, if known.
    ///   - speed:              Metres per second, if known.
    ///   - course:             Degrees from true north, if known.
    ///   - timestamp:          When, if known.
    public init(
        coordinate: Coordinate,
        altitude: Double? = nil,
        horizontalAccuracy: Double? = nil,
        speed: Double? = nil,
        course: Double? = nil,
        timestamp: Date? = nil
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
    }
}
