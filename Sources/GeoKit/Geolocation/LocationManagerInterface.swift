// SurfUtils' `LocationManagerInterface`. On Apple platforms it is SurfUtils' exact protocol over
// CoreLocation (Apple/LocationManagerInterface+CoreLocation.swift), which `CLLocationManager` adopts.
// Where CoreLocation does not exist, the same protocol is declared here with a delegate of the same
// shape, `LocationManagerDelegate`, since `CLLocationManagerDelegate` is an Objective-C protocol.

#if !canImport(CoreLocation)
    /// Receives what a ``LocationManagerInterface`` finds: the three callbacks of CoreLocation's
    /// `CLLocationManagerDelegate` that ``GeolocationService`` uses, with the same labels.
    public protocol LocationManagerDelegate: AnyObject {
        /// New fixes arrived; an empty array is an error for the waiting requests.
        ///
        /// - Parameters:
        ///   - manager: The manager that found them.
        ///   - locations: The fixes, most relevant first.
        func locationManager(_ manager: any LocationManagerInterface, didUpdateLocations locations: [CLLocation])
        /// The fix could not be obtained.
        ///
        /// - Parameters:
        ///   - manager: The manager that failed.
        ///   - error: Why (a ``GeoError`` from ServiceUtils' managers).
        func locationManager(_ manager: any LocationManagerInterface, didFailWithError error: any Error)
        /// The authorization status changed (or was determined).
        ///
        /// - Parameters:
        ///   - manager: The manager.
        ///   - status: The new status.
        func locationManager(
            _ manager: any LocationManagerInterface, didChangeAuthorization status: CLAuthorizationStatus)
    }

    /// A source of position fixes with CoreLocation's shape (SurfUtils' `LocationManagerInterface`):
    /// ``GPSDLocationManager`` on Linux, a fake in tests.
    ///
    /// Rules for adopters, as CoreLocation keeps them: hold the delegate weakly; call it on the thread
    /// (or actor) that uses the ``GeolocationService`` — ServiceUtils' own managers call it before
    /// ``requestLocation()`` or ``requestWhenInUseAuthorization()`` returns; answer each
    /// ``requestLocation()`` once, with fixes or an error.
    public protocol LocationManagerInterface: AnyObject {
        /// Who hears about fixes and status changes; held weakly.
        var delegate: (any LocationManagerDelegate)? { get set }
        /// The current authorization status.
        var status: CLAuthorizationStatus { get }
        /// The wanted accuracy in metres, or a `kCLLocationAccuracy…` marker (a hint).
        var desiredAccuracy: CLLocationAccuracy { get set }
        /// Asks for one fix; the answer goes to the delegate.
        func requestLocation()
        /// Asks for permission to read the position; the answer goes to the delegate.
        func requestWhenInUseAuthorization()
    }
#endif
