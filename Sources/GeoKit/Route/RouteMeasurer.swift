import Foundation

#if canImport(CoreLocation)
    public import CoreLocation
#endif

/// Measures distances between points: the geodesic distance, the road distance from a
/// ``RouteProvider``, and their formatting (SurfUtils' `RouteMeasurer` API).
///
/// ```swift
/// let metres = RouteMeasurer.calculateApproximateDistance(between: moscow, and: petersburg)
/// print(RouteMeasurer.formatDistance(metres, meterPattern: "m", kilometrPatter: "km"))  // "636 km"
/// let road = try await RouteMeasurer(routeProvider: OSRMRouteProvider()).routeDistance(between: a, and: b)
/// ```
public struct RouteMeasurer: Sendable {
    /// Where road distances come from.
    public let routeProvider: any RouteProvider
    /// The geodesic solver of ``approximateDistance(between:and:)``.
    public let geodesic: Geodesic

    /// Creates a measurer.
    ///
    /// - Parameters:
    ///   - routeProvider: The road-distance service; ``defaultRouteProvider`` when omitted.
    ///   - geodesic:      The solver for straight-line distances; WGS-84 when omitted.
    public init(routeProvider: any RouteProvider = RouteMeasurer.defaultRouteProvider, geodesic: Geodesic = .wgs84) {
        self.routeProvider = routeProvider
        self.geodesic = geodesic
    }

    /// The provider used when none is given: MapKit's directions where MapKit exists, otherwise an
    /// ``OSRMRouteProvider`` at `http://127.0.0.1:5000` (where `osrm-routed` listens by default).
    public static var defaultRouteProvider: any RouteProvider {
        #if canImport(MapKit)
            return MKDirectionsRouteProvider()
        #else
            return OSRMRouteProvider()
        #endif
    }

    /// The geodesic distance in metres between two points on the ellipsoid.
    ///
    /// - Parameters:
    ///   - firstPoint:  One point.
    ///   - secondPoint: The other.
    /// - Returns: Metres along the shortest path on the ellipsoid.
    public func approximateDistance(between firstPoint: Coordinate, and secondPoint: Coordinate) -> Double {
        geodesic.distance(from: firstPoint, to: secondPoint)
    }

    /// The road distance in metres between two points.
    ///
    /// - Parameters:
    ///   - firstPoint:  Where the route begins.
    ///   - secondPoint: Where it ends.
    /// - Returns: Metres along the route, or `nil` when there is none.
    /// - Throws: ``GeoError/routeFailed(_:)`` when the provider cannot be asked.
    public func routeDistance(between firstPoint: Coordinate, and secondPoint: Coordinate) async throws(GeoError)
        -> Double?
    {
        try await routeProvider.routeDistance(from: firstPoint, to: secondPoint)
    }
}

// MARK: - SurfUtils-compatible static API

extension RouteMeasurer {
    /// The geodesic (WGS 84) distance in metres between two points (SurfUtils' method of the same
    /// name; CoreLocation's `CLLocation.distance(from:)` was a sphere-like approximation, this one is
    /// exact to nanometres).
    ///
    /// ```swift
    /// let metres = RouteMeasurer.calculateApproximateDistance(
    ///     between: CLLocationCoordinate2D(latitude: 55.7512, longitude: 37.6184),
    ///     and: CLLocationCoordinate2D(latitude: 59.9386, longitude: 30.3141))   // ≈ 636 km
    /// ```
    ///
    /// - Parameters:
    ///   - firstPoint:  One point.
    ///   - secondPoint: The other.
    /// - Returns: Metres, or `nan` when a point is not on Earth (such as
    ///   `kCLLocationCoordinate2DInvalid`); ``approximateDistance(between:and:)`` takes checked
    ///   ``Coordinate`` values instead.
    public static func calculateApproximateDistance(
        between firstPoint: CLLocationCoordinate2D, and secondPoint: CLLocationCoordinate2D
    ) -> Double {
        guard let start = try? Coordinate(firstPoint), let end = try? Coordinate(secondPoint) else { return .nan }
        return Geodesic.wgs84.distance(from: start, to: end)
    }

    /// Calls `completion` with the road distance in metres, or `nil` when a point is invalid, there is
    /// no route, or the provider failed (SurfUtils' behaviour; ``routeDistance(between:and:)`` says
    /// why).
    ///
    /// ```swift
    /// RouteMeasurer.calculateDistance(between: here, and: there) { distance in
    ///     guard let distance else { return }
    ///     print(RouteMeasurer.formatDistance(distance, meterPattern: "m", kilometrPatter: "km"))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - firstPoint:    Where the route begins.
    ///   - secondPoint:   Where it ends.
    ///   - routeProvider: The road-distance service; ``defaultRouteProvider`` when omitted.
    ///   - completion:    Called once: on the main queue on Apple platforms, where SurfUtils' MapKit
    ///     completion ran (so it may update the UI), on an arbitrary thread elsewhere; at once, on the
    ///     caller's thread, for a coordinate that is not on Earth.
    @preconcurrency
    public static func calculateDistance(
        between firstPoint: CLLocationCoordinate2D,
        and secondPoint: CLLocationCoordinate2D,
        routeProvider: any RouteProvider = RouteMeasurer.defaultRouteProvider,
        completion: @escaping @Sendable (Double?) -> Void
    ) {
        guard let start = try? Coordinate(firstPoint), let end = try? Coordinate(secondPoint) else {
            completion(nil)
            return
        }
        Task {
            let distance = try? await routeProvider.routeDistance(from: start, to: end)
            #if canImport(Darwin)
                DispatchQueue.main.async { completion(distance ?? nil) }
            #else
                completion(distance ?? nil)
            #endif
        }
    }

    /// Formats metres with your unit words exactly as SurfUtils does: negative → `0 m`; below 1000 →
    /// whole metres; below `kmBoundaryLevel` → kilometres with one decimal; above → whole kilometres.
    /// Numbers always use `.` as the decimal separator (C formatting).
    ///
    /// ```swift
    /// RouteMeasurer.formatDistance(1231, meterPattern: "m", kilometrPatter: "km")   // "1.2 km"
    /// RouteMeasurer.formatDistance(72_500, meterPattern: "m", kilometrPatter: "km") // "72 km"
    /// ```
    ///
    /// - Parameters:
    ///   - distance:        Metres.
    ///   - meterPattern:    The word after metres, such as `m` or `м`.
    ///   - kilometrPatter:  The word after kilometres (SurfUtils' spelling of the label is kept).
    ///   - kmBoundaryLevel: Metres from which kilometres are rounded to a whole number; 50 000 by default.
    /// - Returns: Such as `"12.3 km"`.
    public static func formatDistance(
        _ distance: Double,
        meterPattern: String,
        kilometrPatter: String,
        kmBoundaryLevel: Double = 50000
    ) -> String {
        switch distance {
        case ..<0:
            return "0 " + meterPattern
        case ..<1000:
            return String(format: "%.0f", distance) + " " + meterPattern
        case ..<kmBoundaryLevel:
            return String(format: "%.1f", distance / 1000) + " " + kilometrPatter
        default:
            return String(format: "%.0f", distance / 1000) + " " + kilometrPatter
        }
    }
}
