#if !canImport(CoreLocation)
    import Foundation

    /// gpsd behind SurfUtils' ``LocationManagerInterface``: the manager ``GeolocationService`` uses on
    /// Linux when it is created without one.
    ///
    /// gpsd has no permission model, so the status is always `authorizedAlways`. A location request
    /// asks gpsd on the calling thread and tells the delegate before it returns — a fix, or an error
    /// such as ``GeoError/LocationFailureReason/unreachable(_:)`` when no gpsd listens — so it blocks for
    /// at most the provider's ``GPSDLocationProvider/timeout``. Use ``GPSDLocationProvider/fix()`` to
    /// wait without blocking.
    ///
    /// ```swift
    /// let service = GeolocationService()      // gpsd on 127.0.0.1:2947
    /// service.getCurrentLocation { result in print(result) }   // .error when gpsd is not running
    /// ```
    public final class GPSDLocationManager: LocationManagerInterface {
        /// The daemon this manager asks.
        public let provider: GPSDLocationProvider
        /// Who hears about fixes and status changes; held weakly.
        public weak var delegate: (any LocationManagerDelegate)?
        /// Always `authorizedAlways`: gpsd serves every local client.
        public let status: CLAuthorizationStatus = .authorizedAlways
        /// The wanted accuracy; gpsd reports what the receiver has, so this is only kept.
        public var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyHundredMeters

        /// Creates a manager for the daemon `provider` describes.
        ///
        /// - Parameter provider: The daemon's address and timeout; gpsd on `127.0.0.1:2947`, 10 s, by
        ///   default.
        public init(provider: GPSDLocationProvider = GPSDLocationProvider()) {
            self.provider = provider
        }

        /// Asks gpsd for a fix (blocking up to the provider's timeout) and tells the delegate.
        public func requestLocation() {
            do {
                let fix = try provider.firstFix()
                delegate?.locationManager(self, didUpdateLocations: [fix.clLocation])
            } catch {
                delegate?.locationManager(self, didFailWithError: error)
            }
        }

        /// Tells the delegate the status (always `authorizedAlways`).
        public func requestWhenInUseAuthorization() {
            delegate?.locationManager(self, didChangeAuthorization: status)
        }
    }
#endif
