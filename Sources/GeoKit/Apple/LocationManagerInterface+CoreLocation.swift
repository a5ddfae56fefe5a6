#if canImport(CoreLocation)
    public import CoreLocation

    /// SurfUtils' `LocationManagerInterface`: the part of `CLLocationManager` that ``GeolocationService``
    /// uses, so tests can give it a fake. `CLLocationManager` adopts it.
    public protocol LocationManagerInterface {
        /// The delegate object to receive update events (`CLLocationManager.delegate`, held weakly).
        var delegate: (any CLLocationManagerDelegate)? { get set }
        /// The app's authorization status for location services.
        var status: CLAuthorizationStatus { get }
        /// The accuracy of the location data.
        var desiredAccuracy: CLLocationAccuracy { get set }
        /// Requests the one-time delivery of the user's current location.
        func requestLocation()
        /// Requests the user's permission to use location services while the app is in use.
        func requestWhenInUseAuthorization()
    }

    extension CLLocationManager: LocationManagerInterface {
        /// The app's authorization status (`authorizationStatus`, iOS 14 / macOS 11).
        public var status: CLAuthorizationStatus {
            authorizationStatus
        }
    }
#endif
