#if canImport(CoreLocation)
    public import CoreLocation
#endif

/// What ``GeolocationService/getCurrentLocation(_:)`` calls back with (SurfUtils' type).
public typealias GeolocationCompletion = (GeolocationResult) -> Void
/// What ``GeolocationService/requestAuthorization(_:)`` calls back with (SurfUtils' type).
public typealias GeolocationAuthCompletion = (GeolocationAuthResult) -> Void

/// The user's position and the permission to read it, behind a protocol for injection and tests
/// (SurfUtils' `GeolocationServiceInterface`).
public protocol GeolocationServiceInterface {
    /// Answers with a fix, `.denied` without permission, or `.error`.
    ///
    /// - Parameter completion: Called once.
    func getCurrentLocation(_ completion: @escaping GeolocationCompletion)
    /// Answers with the permission's state; `.requesting` is followed by a second answer.
    ///
    /// - Parameter completion: Called once, or twice after `.requesting`.
    func requestAuthorization(_ completion: @escaping GeolocationAuthCompletion)
}

/// The user's position from a location manager (SurfUtils' `GeolocationService`): CoreLocation's
/// `CLLocationManager` on Apple platforms, gpsd on `127.0.0.1:2947` on Linux
/// (``GPSDLocationManager``), or any ``LocationManagerInterface`` given to it.
///
/// Like SurfUtils' service it is used from one thread (the main thread in an app); completions run
/// where the manager reports — CoreLocation on the run loop of the thread that created the
/// `CLLocationManager`, ServiceUtils' gpsd manager before the request returns. It is therefore not
/// `Sendable`. Code that wants `async` and typed errors reads ``GPSDLocationProvider/fix()`` or
/// another provider directly.
///
/// Fixed from SurfUtils: several location requests while one is pending ask the manager once and
/// are all answered by the next fix; an update with no fix answers `.error` and records
/// ``lastError``; a manager event that leaves the status undetermined keeps authorization requests
/// waiting.
///
/// ```swift
/// let service = GeolocationService()
/// service.requestAuthorization { result in
///     if result == .success { service.getCurrentLocation { print($0) } }
/// }
/// ```
public final class GeolocationService: GeolocationServiceInterface {
    private var locationManager: any LocationManagerInterface
    private var locationRequests: [GeolocationCompletion] = []
    private var authRequests: [GeolocationAuthCompletion] = []
    /// Receives the manager's events; held here because managers hold their delegates weakly.
    private var receiver: LocationEventReceiver?

    /// Why the last location request answered `.error`, or `nil`.
    public private(set) var lastError: (any Error)?

    /// How precise fixes should be; passed on to the manager.
    public var accuracy: GeolocationAccuracy {
        didSet { locationManager.desiredAccuracy = accuracy.metres }
    }

    /// Creates the service and makes itself the manager's delegate.
    ///
    /// - Parameters:
    ///   - manager: Where fixes come from: by default a new `CLLocationManager` on Apple platforms
    ///     (create the service on the main thread, as CoreLocation requires) and a
    ///     ``GPSDLocationManager`` for gpsd on `127.0.0.1:2947` on Linux.
    ///   - accuracy: How precise fixes should be.
    public init(
        manager: any LocationManagerInterface = GeolocationService.platformManager(),
        accuracy: GeolocationAccuracy = .hundredMeters
    ) {
        locationManager = manager
        self.accuracy = accuracy
        locationManager.desiredAccuracy = accuracy.metres
        let receiver = LocationEventReceiver(service: self)
        self.receiver = receiver
        locationManager.delegate = receiver
    }

    /// The platform's location manager (the default of ``init(manager:accuracy:)``).
    @usableFromInline
    static func platformManager() -> any LocationManagerInterface {
        #if canImport(CoreLocation)
            CLLocationManager()
        #else
            GPSDLocationManager()
        #endif
    }

    /// Answers with a fix, `.denied` when the status does not allow reading the position, or
    /// `.error` (see ``lastError``).
    ///
    /// - Parameter completion: Called once.
    public func getCurrentLocation(_ completion: @escaping GeolocationCompletion) {
        guard Self.isAuthorized(locationManager.status) else {
            completion(.denied)
            return
        }
        locationRequests.append(completion)
        if locationRequests.count == 1 { locationManager.requestLocation() }
    }

    /// Answers `.success` or `.denied` at once when the status is known; otherwise answers
    /// `.requesting`, asks the manager, and answers again (`.success` or `.failure`) when the status
    /// is determined.
    ///
    /// - Parameter completion: Called once, or twice after `.requesting`.
    public func requestAuthorization(_ completion: @escaping GeolocationAuthCompletion) {
        switch locationManager.status {
        case .authorizedAlways, .authorizedWhenInUse:
            completion(.success)
        case .denied, .restricted:
            completion(.denied)
        default:
            completion(.requesting)
            authRequests.append(completion)
            locationManager.requestWhenInUseAuthorization()
        }
    }

    // MARK: - Manager events

    func managerDidUpdate(locations: [CLLocation]) {
        guard let location = locations.first else {
            managerDidFail(GeoError.locationFailed(.emptyUpdate))
            return
        }
        let waiting = locationRequests
        locationRequests.removeAll()
        for request in waiting { request(.success(location)) }
    }

    func managerDidFail(_ error: any Error) {
        lastError = error
        let waiting = locationRequests
        locationRequests.removeAll()
        for request in waiting { request(.error) }
    }

    func managerDidChangeAuthorization(_ status: CLAuthorizationStatus) {
        guard status != .notDetermined else { return }
        let result: GeolocationAuthResult = Self.isAuthorized(status) ? .success : .failure
        let waiting = authRequests
        authRequests.removeAll()
        for request in waiting { request(result) }
    }

    private static func isAuthorized(_ status: CLAuthorizationStatus) -> Bool {
        status == .authorizedAlways || status == .authorizedWhenInUse
    }
}
