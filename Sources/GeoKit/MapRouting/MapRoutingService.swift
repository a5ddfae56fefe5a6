public import Foundation
public import PlatformKit

/// Builds routes in the user's map applications (SurfUtils' `MapRoutingServiceInterface`).
public protocol MapRoutingServiceInterface: Sendable {
    /// The applications that can open a route here, in ``MapApplication`` order.
    var availableApplications: [MapApplication] { get }
    /// Opens a route to `destination` in `application`: from the user's position when access is
    /// allowed with full accuracy, otherwise to the destination alone.
    ///
    /// - Parameters:
    ///   - destination: Where the route goes.
    ///   - application: Which application opens it.
    ///   - onComplete:  Called once the URL is built, before it is opened.
    func buildRoute(to destination: Coordinate, in application: MapApplication, onComplete: (@Sendable () -> Void)?)
}

/// Opens routes in map applications through an injected `URLOpener` (PlatformKit).
///
/// ```swift
/// let service = MapRoutingService(locationService: location, opener: opener)
/// if let app = service.availableApplications.first {
///     let opened = await service.buildRoute(to: destination, in: app)
/// }
/// ```
public struct MapRoutingService: MapRoutingServiceInterface {
    private let locationService: any MapRoutingLocationServiceInterface
    private let opener: any URLOpener

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - locationService: Tells whether and where the user is.
    ///   - opener:          Asks and opens URLs (the system on Apple, `xdg-open` on Linux, a fake in tests).
    public init(locationService: any MapRoutingLocationServiceInterface, opener: any URLOpener) {
        self.locationService = locationService
        self.opener = opener
    }

    /// The applications whose scheme the opener can open; Google Maps on the web is dropped when the
    /// Google Maps app is present.
    public var availableApplications: [MapApplication] {
        var available = MapApplication.allCases.filter { application in
            guard let url = application.schemaURL else { return false }
            return opener.canOpen(url)
        }
        if available.contains(.googleApp) {
            available.removeAll { $0 == .googleUrl }
        }
        return available
    }

    /// Builds the route URL and opens it, calling `onComplete` once the URL is built (as SurfUtils).
    ///
    /// - Parameters:
    ///   - destination: Where the route goes.
    ///   - application: Which application opens it.
    ///   - onComplete:  Called once, before the URL is opened.
    public func buildRoute(
        to destination: Coordinate,
        in application: MapApplication,
        onComplete: (@Sendable () -> Void)?
    ) {
        Task {
            let url = await routeURL(to: destination, in: application)
            onComplete?()
            _ = await open(url)
        }
    }

    /// Builds the route URL and opens it.
    ///
    /// - Parameters:
    ///   - destination: Where the route goes.
    ///   - application: Which application opens it.
    /// - Returns: The URL that was opened, or `nil` when none could be built or opened.
    @discardableResult
    public func buildRoute(to destination: Coordinate, in application: MapApplication) async -> URL? {
        let url = await routeURL(to: destination, in: application)
        return await open(url) ? url : nil
    }

    /// The URL ``buildRoute(to:in:)`` would open: with the user's position as the start only when
    /// access is allowed and full accuracy is granted.
    ///
    /// - Parameters:
    ///   - destination: Where the route goes.
    ///   - application: Which application opens it.
    /// - Returns: The URL, or `nil` if it could not be formed.
    public func routeURL(to destination: Coordinate, in application: MapApplication) async -> URL? {
        guard locationService.isLocationAccessAllowed, locationService.isAllowedFullAccuracyLocation else {
            return application.routeURL(from: nil, to: destination)
        }
        let here = await withCheckedContinuation { (continuation: CheckedContinuation<Coordinate?, Never>) in
            let once = ResumeOnce(continuation)
            locationService.getCurrentLocation { once.resume(returning: $0) }
        }
        return application.routeURL(from: here, to: destination)
    }

    private func open(_ url: URL?) async -> Bool {
        guard let url, opener.canOpen(url) else { return false }
        return await opener.open(url)
    }
}
