// Conversions between ServiceUtils' checked `Coordinate` / `Location` and CoreLocation's types (on Linux,
// the stand-ins in CoreLocationTypes.swift), so SurfUtils' front door and the modern API meet.

import Foundation

#if canImport(CoreLocation)
    public import CoreLocation
#endif

extension Coordinate {
    /// Creates a coordinate from CoreLocation's, validating it.
    ///
    /// - Parameter coordinate: The CoreLocation coordinate.
    /// - Throws: ``GeoError/invalidCoordinate(_:)`` for an invalid one (such as
    ///   `kCLLocationCoordinate2DInvalid`, whose latitude is -180°). Longitudes are wrapped into ±180°.
    public init(_ coordinate: CLLocationCoordinate2D) throws(GeoError) {
        try self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// The same point as a CoreLocation coordinate.
    public var locationCoordinate: CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
}

extension Location {
    /// A fix from CoreLocation's, or `nil` when it is invalid (negative horizontal accuracy, or a
    /// coordinate off the Earth).
    ///
    /// - Parameter location: CoreLocation's fix.
    public init?(_ location: CLLocation) {
        guard location.horizontalAccuracy >= 0, let coordinate = try? Coordinate(location.coordinate) else {
            return nil
        }
        self.init(
            coordinate: coordinate,
            altitude: location.verticalAccuracy >= 0 ? location.altitude : nil,
            horizontalAccuracy: location.horizontalAccuracy,
            speed: location.speed >= 0 ? location.speed : nil,
            course: location.course >= 0 ? location.course : nil,
            timestamp: location.timestamp)
    }

    /// The fix as CoreLocation's type; unknown fields get CoreLocation's markers (-1, or now for the time).
    public var clLocation: CLLocation {
        CLLocation(
            coordinate: coordinate.locationCoordinate, altitude: altitude ?? 0,
            horizontalAccuracy: horizontalAccuracy ?? 0, verticalAccuracy: altitude == nil ? -1 : 0,
            course: course ?? -1, speed: speed ?? -1, timestamp: timestamp ?? Date())
    }
}
