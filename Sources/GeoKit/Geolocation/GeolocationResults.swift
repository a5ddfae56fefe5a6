/// The answer to a location request (SurfUtils' `GeolocationResult`).
public enum GeolocationResult: Sendable, Equatable {
    /// A fix arrived.
    case success(Location)
    /// The user (or the system) has not allowed access to the position.
    case denied
    /// Something failed; ``GeolocationService/lastError`` says what.
    case error
}

/// The answer to an authorization request (SurfUtils' `GeolocationAuthResult`).
public enum GeolocationAuthResult: Sendable, Equatable {
    /// Access is allowed.
    case success
    /// Access was refused before this request.
    case denied
    /// Access was refused in answer to this request.
    case failure
    /// The question is being asked; a second answer follows.
    case requesting
}

/// Where the permission to read the position stands (CoreLocation's authorization statuses).
public enum GeolocationAuthorizationStatus: Sendable, Equatable {
    /// Not asked yet.
    case notDetermined
    /// Not allowed by policy.
    case restricted
    /// Refused (on Linux: the location daemon could not be reached).
    case denied
    /// Allowed at any time.
    case authorizedAlways
    /// Allowed while the application is in use.
    case authorizedWhenInUse

    /// Whether this status allows reading the position.
    public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }
}

/// How precise a fix should be (SurfUtils' `GeolocationAccuracy`); providers treat it as a hint.
public enum GeolocationAccuracy: Sendable, Equatable, CaseIterable {
    /// The best the hardware can do, with extra sensors.
    case bestForNavigation
    /// The best the hardware can do.
    case best
    /// Within about ten metres.
    case tenMeters
    /// Within about a hundred metres.
    case hundredMeters
    /// Within about a kilometre.
    case kilometer
    /// Within about three kilometres.
    case threeKilometers

    /// The accuracy in metres, with CoreLocation's negative markers for the two "best" levels.
    public var metres: Double {
        switch self {
        case .bestForNavigation: return -2
        case .best: return -1
        case .tenMeters: return 10
        case .hundredMeters: return 100
        case .kilometer: return 1000
        case .threeKilometers: return 3000
        }
    }
}
