#if canImport(CoreLocation)
    import CoreLocation

    extension LocationEventReceiver: CLLocationManagerDelegate {
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            service?.managerDidUpdate(locations: locations)
        }

        func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
            service?.managerDidFail(error)
        }

        // SurfUtils' callback, which fakes of `LocationManagerInterface` call with their own status;
        // CoreLocation still calls it on iOS 14+ when `locationManagerDidChangeAuthorization(_:)` is not
        // implemented.
        func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
            service?.managerDidChangeAuthorization(status)
        }
    }
#endif
