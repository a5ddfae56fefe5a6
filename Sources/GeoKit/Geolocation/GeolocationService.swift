import InternalServiceUtilities

/// Called with the answer to a location request.
public typealias GeolocationCompletion = @Sendable (GeolocationResult) -> Void
/// Called with the answer to an authorization request.
public typealias GeolocationAuthCompletion = @Sendable (GeolocationAuthResult) -> Void

/// The user's position and the permission to read it (SurfUtils' `GeolocationServiceInterface`).
public protocol GeolocationServiceInterface: Sendable {
    /// Answers with the current position, `.denied` without permission, or `.error`.
    ///
    /// - Parameter completion: Called exactly once.
    func getCurrentLocation(_ completion: @escaping GeolocationCompletion)
    /// Answers with the permission state; `.requesting` is followed by a second answer once known.
    ///
    /// - Parameter completion: Called once, or twice when the first answer is `.requesting`.
    func requestAuthorization(_ completion: @escaping GeolocationAuthCompletion)
}

/// SurfUtils' geolocation state machine over any ``LocationManagerInterface``.
///
/// Requests made while a fix or a permission answer is pending are queued and each answered exactly
/// once; a `notDetermined` status change keeps them waiting; an empty update answers `.error`.
///
/// ```swift
/// let service = GeolocationService(manager: GPSDLocationProvider())
/// if await service.authorization() == .success, case .success(let fix) = await service.currentLocation() {
///     print(fix.coordinate)
/// }
/// ```
public final class GeolocationService: GeolocationServiceInterface, LocationProviderDelegate {
    private struct State {
        var locationRequests: [GeolocationCompletion] = []
        var authRequests: [GeolocationAuthCompletion] = []
        var lastError: GeoError?
        var accuracy: GeolocationAccuracy
    }

    private let manager: any LocationManagerInterface
    private let state: Locked<State>

    /// Creates the service and becomes the manager's delegate.
    ///
    /// - Parameters:
    ///   - manager:  The source of fixes.
    ///   - accuracy: The wanted accuracy; a hundred metres by default.
    public init(manager: any LocationManagerInterface, accuracy: GeolocationAccuracy = .hundredMeters) {
        self.manager = manager
        state = Locked(State(accuracy: accuracy))
        manager.desiredAccuracy = accuracy.metres
        manager.delegate = self
    }

    /// The wanted accuracy, passed on to the manager.
    public var accuracy: GeolocationAccuracy {
        get { state.value.accuracy }
        set {
            state.withLock { $0.accuracy = newValue }
            manager.desiredAccuracy = newValue.metres
        }
    }

    /// Why the last `.error` answer failed, if one did.
    public var lastError: GeoError? { state.value.lastError }

    /// Queues `completion` and asks for a fix when access is allowed; answers `.denied` otherwise.
    ///
    /// - Parameter completion: Called exactly once.
    public func getCurrentLocation(_ completion: @escaping GeolocationCompletion) {
        guard manager.status.isAuthorized else {
            completion(.denied)
            return
        }
        let isFirst = state.withLock { state -> Bool in
            state.locationRequests.append(completion)
            return state.locationRequests.count == 1
        }
        if isFirst { manager.requestLocation() }
    }

    /// Answers at once when the status is known; otherwise answers `.requesting`, queues
    /// `completion` for the final answer and asks the manager.
    ///
    /// - Parameter completion: Called once, or twice when the first answer is `.requesting`.
    public func requestAuthorization(_ completion: @escaping GeolocationAuthCompletion) {
        switch manager.status {
        case .authorizedAlways, .authorizedWhenInUse:
            completion(.success)
        case .denied, .restricted:
            completion(.denied)
        case .notDetermined:
            completion(.requesting)
            state.withLock { $0.authRequests.append(completion) }
            manager.requestWhenInUseAuthorization()
        }
    }

    // MARK: - LocationProviderDelegate

    /// Answers every queued location request with the first fix, or `.error` when there is none.
    ///
    /// - Parameter locations: The fixes.
    public func locationProviderDidUpdate(locations: [Location]) {
        guard let first = locations.first else {
            locationProviderDidFail(with: .locationFailed(.emptyUpdate))
            return
        }
        let waiting = state.withLock { state in
            defer { state.locationRequests.removeAll() }
            return state.locationRequests
        }
        for request in waiting { request(.success(first)) }
    }

    /// Answers every queued location request with `.error` and keeps the reason in ``lastError``.
    ///
    /// - Parameter error: Why the fix failed.
    public func locationProviderDidFail(with error: GeoError) {
        let waiting = state.withLock { state in
            defer { state.locationRequests.removeAll() }
            state.lastError = error
            return state.locationRequests
        }
        for request in waiting { request(.error) }
    }

    /// Answers the queued authorization requests once the status is determined.
    ///
    /// - Parameter status: The new status; `notDetermined` keeps the requests waiting.
    public func locationProviderDidChangeAuthorization(_ status: GeolocationAuthorizationStatus) {
        guard status != .notDetermined else { return }
        let waiting = state.withLock { state in
            defer { state.authRequests.removeAll() }
            return state.authRequests
        }
        let result: GeolocationAuthResult = status.isAuthorized ? .success : .failure
        for request in waiting { request(result) }
    }
}

// MARK: - Async

extension GeolocationService {
    /// The answer to ``getCurrentLocation(_:)``.
    ///
    /// - Returns: The fix, `.denied` or `.error` (see ``lastError``).
    public func currentLocation() async -> GeolocationResult {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            getCurrentLocation { once.resume(returning: $0) }
        }
    }

    /// The final answer to ``requestAuthorization(_:)``: never `.requesting`.
    ///
    /// - Returns: `.success`, `.denied` or `.failure`.
    public func authorization() async -> GeolocationAuthResult {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            requestAuthorization { result in
                if result != .requesting { once.resume(returning: result) }
            }
        }
    }
}
