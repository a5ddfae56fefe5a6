/// Receives what a ``LocationManagerInterface`` finds (the part of `CLLocationManagerDelegate`
/// that ``GeolocationService`` uses).
public protocol LocationProviderDelegate: AnyObject, Sendable {
    /// New fixes arrived; an empty array is an error for the waiting requests.
    ///
    /// - Parameter locations: The fixes, most relevant first.
    func locationProviderDidUpdate(locations: [Location])
    /// The fix could not be obtained.
    ///
    /// - Parameter error: Why.
    func locationProviderDidFail(with error: GeoError)
    /// The authorization status changed (or was determined).
    ///
    /// - Parameter status: The new status.
    func locationProviderDidChangeAuthorization(_ status: GeolocationAuthorizationStatus)
}

/// A source of position fixes with CoreLocation's shape (SurfUtils' `LocationManagerInterface`):
/// CoreLocation on Apple platforms, ``GPSDLocationProvider`` on Linux, a fake in tests.
///
/// Adopters keep the delegate weakly, may call it from any thread, call it once per
/// ``requestLocation()`` (with fixes or an error) and once per ``requestWhenInUseAuthorization()``
/// when the status is determined.
public protocol LocationManagerInterface: AnyObject, Sendable {
    /// Who hears about fixes and status changes; held weakly.
    var delegate: (any LocationProviderDelegate)? { get set }
    /// The current authorization status.
    var status: GeolocationAuthorizationStatus { get }
    /// The wanted accuracy in metres (a hint).
    var desiredAccuracy: Double { get set }
    /// Asks for one fix; the answer goes to the delegate.
    func requestLocation()
    /// Asks for permission to read the position; the answer goes to the delegate.
    func requestWhenInUseAuthorization()
}
