#if canImport(CoreLocation)
    public import CoreLocation
#endif

/// The answer to a location request (SurfUtils' `GeolocationResult`).
///
/// Equality compares the fixes as CoreLocation does: the same `CLLocation` object.
public enum GeolocationResult: Equatable {
    /// A fix arrived (``Location/init(_:)`` turns it into a checked ``Location``).
    case success(CLLocation)
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

    /// The accuracy in metres, with CoreLocation's negative markers for the two "best" levels (the
    /// values of the `kCLLocationAccuracy…` constants).
    public var metres: CLLocationAccuracy {
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
