// Apple glue: SurfUtils' `GeolocationService` is a `CLLocationManagerDelegate` with public delegate methods,
// which code (and SurfUtils' own tests) may call by hand. CoreLocation's events reach the service through
// its `LocationEventReceiver`; these methods lead to the same handling.
#if canImport(CoreLocation)
    public import CoreLocation

    extension GeolocationService: CLLocationManagerDelegate {
        /// Answers the waiting location requests with the first fix, or `.error` when there is none.
        ///
        /// - Parameters:
        ///   - manager: The manager that found the fixes.
        ///   - locations: The fixes.
        public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            managerDidUpdate(locations: locations)
        }

        /// Answers the waiting location requests with `.error` and records `error` in ``lastError``.
        ///
        /// - Parameters:
        ///   - manager: The manager that failed.
        ///   - error: Why.
        public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
            managerDidFail(error)
        }

        /// Answers the waiting authorization requests, `.success` or `.failure`, unless the status is still
        /// `.notDetermined`.
        ///
        /// - Parameters:
        ///   - manager: The manager.
        ///   - status: The new authorization status.
        public func locationManager(
            _ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus
        ) {
            managerDidChangeAuthorization(status)
        }
    }
#endif
