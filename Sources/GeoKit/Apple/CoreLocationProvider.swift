#if canImport(CoreLocation)
    public import CoreLocation
    import Foundation
    import InternalServiceUtilities

    /// CoreLocation behind ``LocationManagerInterface``: the provider ``GeolocationService`` uses on
    /// Apple platforms. Create it on the main thread, as CoreLocation requires.
    public final class CoreLocationProvider: NSObject, LocationManagerInterface, CLLocationManagerDelegate, Sendable {
        private struct State {
            weak var delegate: (any LocationProviderDelegate)?
        }

        private let state = Locked(State())
        /// Every use of the manager goes through the lock box.
        private let manager: Locked<CLLocationManager>

        /// Creates the provider and its `CLLocationManager`.
        override public init() {
            manager = Locked(CLLocationManager())
            super.init()
            manager.withLock { $0.delegate = self }
        }

        /// Who hears about fixes and status changes; held weakly.
        public var delegate: (any LocationProviderDelegate)? {
            get { state.value.delegate }
            set { state.withLock { $0.delegate = newValue } }
        }

        /// CoreLocation's authorization status.
        public var status: GeolocationAuthorizationStatus {
            Self.status(manager.withLock { $0.authorizationStatus })
        }

        /// `CLLocationManager.desiredAccuracy`.
        public var desiredAccuracy: Double {
            get { manager.withLock { $0.desiredAccuracy } }
            set { manager.withLock { $0.desiredAccuracy = newValue } }
        }

        /// `CLLocationManager.requestLocation()`.
        public func requestLocation() {
            manager.withLock { $0.requestLocation() }
        }

        /// `CLLocationManager.requestWhenInUseAuthorization()`.
        public func requestWhenInUseAuthorization() {
            manager.withLock { $0.requestWhenInUseAuthorization() }
        }

        // MARK: - CLLocationManagerDelegate

        /// Passes valid fixes on (an update without any is an error for the service).
        ///
        /// - Parameters:
        ///   - manager:   The manager.
        ///   - locations: CoreLocation's fixes.
        public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            delegate?.locationProviderDidUpdate(locations: locations.compactMap(Location.init))
        }

        /// Passes the failure on.
        ///
        /// - Parameters:
        ///   - manager: The manager.
        ///   - error:   CoreLocation's error.
        public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
            delegate?.locationProviderDidFail(with: .locationFailed(.unreachable(error.localizedDescription)))
        }

        /// Passes the new status on.
        ///
        /// - Parameter manager: The manager.
        public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            delegate?.locationProviderDidChangeAuthorization(Self.status(manager.authorizationStatus))
        }

        private static func status(_ status: CLAuthorizationStatus) -> GeolocationAuthorizationStatus {
            switch status {
            case .notDetermined: return .notDetermined
            case .restricted: return .restricted
            case .denied: return .denied
            case .authorizedAlways: return .authorizedAlways
            case .authorizedWhenInUse: return .authorizedWhenInUse
            @unknown default: return .denied
            }
        }
    }

    extension Location {
        /// A fix from CoreLocation's, or `nil` when it is invalid (negative horizontal accuracy).
        ///
        /// - Parameter location: CoreLocation's fix.
        public init?(_ location: CLLocation) {
            guard location.horizontalAccuracy >= 0,
                let coordinate = try? Coordinate(location.coordinate)
            else { return nil }
            self.init(
                coordinate: coordinate,
                altitude: location.verticalAccuracy >= 0 ? location.altitude : nil,
                horizontalAccuracy: location.horizontalAccuracy,
                speed: location.speed >= 0 ? location.speed : nil,
                course: location.course >= 0 ? location.course : nil,
                timestamp: location.timestamp)
        }
    }
#endif
