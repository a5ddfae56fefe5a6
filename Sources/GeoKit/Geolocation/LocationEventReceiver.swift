#if canImport(CoreLocation)
    import Foundation

    /// Passes a location manager's events to its ``GeolocationService``, which it holds weakly (the
    /// service holds it, since managers hold their delegates weakly). On Apple platforms it is the
    /// `CLLocationManagerDelegate` (Apple/LocationEventReceiver+CoreLocation.swift).
    final class LocationEventReceiver: NSObject {
        weak var service: GeolocationService?

        init(service: GeolocationService) {
            self.service = service
        }
    }
#else
    /// Passes a location manager's events to its ``GeolocationService``, which it holds weakly (the
    /// service holds it, since managers hold their delegates weakly).
    final class LocationEventReceiver: LocationManagerDelegate {
        weak var service: GeolocationService?

        init(service: GeolocationService) {
            self.service = service
        }

        func locationManager(_ manager: any LocationManagerInterface, didUpdateLocations locations: [CLLocation]) {
            service?.managerDidUpdate(locations: locations)
        }

        func locationManager(_ manager: any LocationManagerInterface, didFailWithError error: any Error) {
            service?.managerDidFail(error)
        }

        func locationManager(
            _ manager: any LocationManagerInterface, didChangeAuthorization status: CLAuthorizationStatus
        ) {
            service?.managerDidChangeAuthorization(status)
        }
    }
#endif
