/// Something that knows road distances: OSRM over HTTP, MapKit's directions on Apple platforms, or a
/// fake in tests.
///
/// Adopters answer `nil` when the service says there is no route between the points (OSRM's
/// `NoRoute` or `NoSegment`, MapKit's "directions not found") and throw only when the service could
/// not be asked or its answer could not be read. They must be safe to call from any task.
public protocol RouteProvider: Sendable {
    /// The length in metres of the route the service would take from `start` to `end`.
    ///
    /// - Parameters:
    ///   - start: Where the route begins.
    ///   - end:   Where it ends.
    /// - Returns: Metres along the route, or `nil` when there is no route.
    /// - Throws: ``GeoError/routeFailed(_:)`` when the service cannot be asked or answers nonsense.
    func routeDistance(from start: Coordinate, to end: Coordinate) async throws(GeoError) -> Double?
}
