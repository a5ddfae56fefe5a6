/// A point on the Earth in decimal degrees: a validated latitude and a longitude normalised to
/// [-180, 180).
///
/// ```swift
/// let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
/// let wrapped = try Coordinate(latitude: 0, longitude: 190)   // longitude -170
/// ```
public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator, in -90...90.
    public let latitude: Double
    /// Degrees east of Greenwich, in [-180, 180).
    public let longitude: Double

    /// Creates a coordinate, normalising the longitude to [-180, 180).
    ///
    /// - Parameters:
    ///   - latitude:  Degrees north, -90...90.
    ///   - longitude: Degrees east; any finite value, wrapped into [-180, 180).
    /// - Throws: ``GeoError/invalidCoordinate(_:)`` for NaN, infinity or a latitude beyond ±90.
    public init(latitude: Double, longitude: Double) throws(GeoError) {
        guard latitude.isFinite else { throw .invalidCoordinate(.latitudeNotFinite) }
        guard longitude.isFinite else { throw .invalidCoordinate(.longitudeNotFinite) }
        guard abs(latitude) <= 90 else { throw .invalidCoordinate(.latitudeOutOfRange(latitude)) }
        self.latitude = latitude
        self.longitude = Coordinate.normalizedLongitude(longitude)
    }

    /// Wraps a finite longitude into [-180, 180) exactly (`remainder` is exact).
    static func normalizedLongitude(_ longitude: Double) -> Double {
        let wrapped = longitude.remainder(dividingBy: 360)
        return wrapped == 180 ? -180 : wrapped + 0  // + 0 turns -0 into 0
    }

    private enum CodingKeys: String, CodingKey {
        case latitude
        case longitude
    }

    /// Decodes `{"latitude": …, "longitude": …}`, validating as ``init(latitude:longitude:)`` does.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: A decoding error, or ``GeoError`` for an invalid coordinate.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            latitude: container.decode(Double.self, forKey: .latitude),
            longitude: container.decode(Double.self, forKey: .longitude)
        )
    }
}

// MARK: - Text

extension Coordinate {
    /// Reads `LAT,LON` (decimal degrees, `.` as decimal separator, spaces allowed around the comma).
    ///
    /// - Parameter text: Such as `55.7558,37.6173`.
    /// - Throws: ``GeoError/invalidCoordinate(_:)`` when the text is not two numbers or they are out
    ///   of range.
    public init(parsing text: String) throws(GeoError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let latitude = Double(parts[0].trimmingSpaces),
            let longitude = Double(parts[1].trimmingSpaces)
        else { throw .invalidCoordinate(.unreadable(text)) }
        try self.init(latitude: latitude, longitude: longitude)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return result
    }
}
