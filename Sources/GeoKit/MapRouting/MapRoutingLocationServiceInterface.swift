#if canImport(CoreLocation)
    public import CoreLocation
#endif

/// What ``MapRoutingService`` needs to know about the user's position (SurfUtils' protocol): wrap
/// ``GeolocationService`` or your app's own location code in it.
///
/// ```swift
/// final class RouteStart: MapRoutingLocationServiceInterface {
///     var isLocationAccessAllowed: Bool { true }
///     var isAllowedFullAccuracyLocation: Bool { true }
///     func getCurrentLocation(_ completion: @escaping ((CLLocationCoordinate2D?) -> Void)) {
///         completion(CLLocationCoordinate2D(latitude: 55.75, longitude: 37.62))
///     }
/// }
/// ```
public protocol MapRoutingLocationServiceInterface: AnyObject {
    /// Whether the user allowed access to the position.
    var isLocationAccessAllowed: Bool { get }
    /// Whether the user allowed the precise position (not only the approximate one).
    var isAllowedFullAccuracyLocation: Bool { get }
    /// Calls `completion` once with the current position, or `nil` when it is unknown.
    ///
    /// - Parameter completion: Receives the position; ``MapRoutingService`` opens the route from
    ///   whatever thread calls it.
    func getCurrentLocation(_ completion: @escaping ((CLLocationCoordinate2D?) -> Void))
}
