public import Foundation
import InternalServiceUtilities

#if canImport(CoreLocation)
    public import CoreLocation
    import Dispatch
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
/// Like SurfUtils' service it is meant for one thread (the main thread in an app), and it is not
/// `Sendable`; completions run where the manager reports — CoreLocation on the main thread,
/// ServiceUtils' gpsd manager before the request returns. Its request queues are locked, so a manager
/// reporting on another thread than the caller's is safe. Code that wants `async` and typed errors reads ``GPSDLocationProvider/fix()`` or
/// another provider directly.
///
/// As in SurfUtils it is an `NSObject` (on Linux too, from swift-corelibs-foundation, so the declaration is
/// the same everywhere), and on Apple platforms a `CLLocationManagerDelegate` whose three delegate methods
/// can also be called by hand (Apple/GeolocationService+CoreLocation.swift). The manager's own delegate is
/// an internal receiver that holds the service weakly, so a manager that holds its delegate strongly makes
/// no cycle.
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
public final class GeolocationService: NSObject, GeolocationServiceInterface {
    /// The waiting completions and the last error. Locked, because a manager may report on another
    /// thread than the one asking (CoreLocation reports on the main run loop).
    private struct Requests {
        var location: [GeolocationCompletion] = []
        var authorization: [GeolocationAuthCompletion] = []
        var lastError: (any Error)?
    }

    private var locationManager: any LocationManagerInterface
    private let requests = Locked(Requests())
    /// Receives the manager's events; held here because managers hold their delegates weakly.
    private var receiver: LocationEventReceiver?

    /// Why the last location request answered `.error`, or `nil`.
    public var lastError: (any Error)? { requests.withLock { $0.lastError } }

    /// How precise fixes should be; passed on to the manager.
    public var accuracy: GeolocationAccuracy {
        didSet { locationManager.desiredAccuracy = accuracy.metres }
    }

    /// Creates the service and has the manager report to it.
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
        super.init()
        locationManager.desiredAccuracy = accuracy.metres
        let receiver = LocationEventReceiver(service: self)
        self.receiver = receiver
        locationManager.delegate = receiver
    }

    /// The platform's location manager (the default of ``init(manager:accuracy:)``).
    ///
    /// CoreLocation calls a manager's delegate on the run loop of the thread that created it, and a
    /// thread of Swift's concurrency pool runs none, so a manager made there would never answer: it is
    /// made on the main thread, synchronously when called from another one.
    @usableFromInline
    static func platformManager() -> any LocationManagerInterface {
        #if canImport(CoreLocation)
            if Thread.isMainThread { return CLLocationManager() }
            return DispatchQueue.main.sync { CLLocationManager() }
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
        let isFirst = requests.withLock { requests -> Bool in
            requests.location.append(completion)
            return requests.location.count == 1
        }
        if isFirst { locationManager.requestLocation() }
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
            requests.withLock { $0.authorization.append(completion) }
            locationManager.requestWhenInUseAuthorization()
        }
    }

    // MARK: - Manager events

    func managerDidUpdate(locations: [CLLocation]) {
        guard let location = locations.first else {
            managerDidFail(GeoError.locationFailed(.emptyUpdate))
            return
        }
        let waiting = requests.withLock { requests in
            defer { requests.location.removeAll() }
            return requests.location
        }
        for request in waiting { request(.success(location)) }
    }

    func managerDidFail(_ error: any Error) {
        let waiting = requests.withLock { requests in
            defer { requests.location.removeAll() }
            requests.lastError = error
            return requests.location
        }
        for request in waiting { request(.error) }
    }

    func managerDidChangeAuthorization(_ status: CLAuthorizationStatus) {
        guard status != .notDetermined else { return }
        let result: GeolocationAuthResult = Self.isAuthorized(status) ? .success : .failure
        let waiting = requests.withLock { requests in
            defer { requests.authorization.removeAll() }
            return requests.authorization
        }
        for request in waiting { request(result) }
    }

    private static func isAuthorized(_ status: CLAuthorizationStatus) -> Bool {
        status == .authorizedAlways || status == .authorizedWhenInUse
    }
}
