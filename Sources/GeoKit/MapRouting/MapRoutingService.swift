public import Foundation
public import PlatformKit

#if canImport(CoreLocation)
    public import CoreLocation
#endif

/// Builds routes in the user's map applications (SurfUtils' `MapRoutingServiceInterface`).
public protocol MapRoutingServiceInterface {
    /// The applications that can open a route here, in ``MapApplication`` order.
    var availableApplications: [MapApplication] { get }
    /// Opens a route to `destination` in `application`: from the user's position when access is
    /// allowed with full accuracy, otherwise to the destination alone.
    ///
    /// - Parameters:
    ///   - destination: Where the route goes.
    ///   - application: Which application opens it.
    ///   - onComplete:  Called once the URL is built, before it is opened.
    func buildRoute(to destination: CLLocationCoordinate2D, in application: MapApplication, onComplete: (() -> Void)?)
}

/// Opens routes in map applications through a `URLOpener` (PlatformKit): the system's by default
/// (`UIApplication`/`NSWorkspace` on Apple platforms, `xdg-open` on Linux), a fake in tests.
///
/// It keeps SurfUtils' shape, including a location service that is not `Sendable`, so it is used from
/// one thread (the main thread in an app), as SurfUtils' class was.
///
/// ```swift
/// let service = MapRoutingService(locationService: routeStart)
/// if let app = service.availableApplications.first {
///     service.buildRoute(to: CLLocationCoordinate2D(latitude: 59.94, longitude: 30.31), in: app, onComplete: nil)
/// }
/// let opened = await service.buildRoute(to: try Coordinate(latitude: 59.94, longitude: 30.31), in: .geo)
/// ```
public final class MapRoutingService: MapRoutingServiceInterface {
    private let locationService: any MapRoutingLocationServiceInterface
    private let opener: any URLOpener

    /// Creates the service with the system's URL opener (SurfUtils' initializer).
    ///
    /// - Parameter locationService: Tells whether and where the user is.
    public convenience init(locationService: any MapRoutingLocationServiceInterface) {
        self.init(locationService: locationService, opener: .system)
    }

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - locationService: Tells whether and where the user is.
    ///   - opener:          Asks and opens URLs (the system on Apple, `xdg-open` on Linux, a fake in tests).
    public init(locationService: any MapRoutingLocationServiceInterface, opener: any URLOpener) {
        self.locationService = locationService
        self.opener = opener
    }

    /// SurfUtils' applications whose scheme the opener can open, in ``MapApplication`` order; Google
    /// Maps on the web is dropped when the Google Maps app is present.
    public var availableApplications: [MapApplication] {
        // Only SurfUtils' five schemes are asked about: an app lists those in LSApplicationQueriesSchemes.
        available(among: MapApplication.allCases.map(\.app)).compactMap(MapApplication.init)
    }

    /// The applications whose scheme the opener can open, in ``MapApp`` order (SurfUtils' five and
    /// Yandex Navigator, Waze and `geo:` handlers); Google Maps on the web is dropped when the Google
    /// Maps app is present.
    public var availableApps: [MapApp] {
        available(among: MapApp.allCases)
    }

    /// Those of `apps` whose scheme the opener can open, in order, without Google Maps on the web
    /// when the Google Maps app is among them.
    private func available(among apps: [MapApp]) -> [MapApp] {
        var available = apps.filter { app in
            guard let url = app.schemaURL else { return false }
            return opener.canOpen(url)
        }
        if available.contains(.googleApp) {
            available.removeAll { $0 == .googleUrl }
        }
        return available
    }

    /// Builds the route URL and opens it, calling `onComplete` once the URL is built (as SurfUtils):
    /// at once when the start is not asked for, otherwise where the location service answers.
    ///
    /// - Parameters:
    ///   - destination: Where the route goes; an invalid coordinate opens nothing.
    ///   - application: Which application opens it.
    ///   - onComplete:  Called once, before the URL is opened.
    public func buildRoute(
        to destination: CLLocationCoordinate2D, in application: MapApplication, onComplete: (() -> Void)?
    ) {
        let opener = opener
        guard locationService.isLocationAccessAllowed, locationService.isAllowedFullAccuracyLocation else {
            let url = application.routeUrl(startCoordinate: nil, endCoordinate: destination)
            onComplete?()
            Self.open(url, with: opener)
            return
        }
        locationService.getCurrentLocation { start in
            let url = application.routeUrl(startCoordinate: start, endCoordinate: destination)
            onComplete?()
            Self.open(url, with: opener)
        }
    }

    /// Builds the route URL and opens it.
    ///
    /// - Parameters:
    ///   - destination: Where the route goes.
    ///   - application: Which application opens it, SurfUtils' five or another (`MapApplication`'s
    ///     are reached through ``MapApplication/app``).
    /// - Returns: The URL that was opened, or `nil` when none could be built or opened.
    @discardableResult
    public func buildRoute(to destination: Coordinate, in application: MapApp) async -> URL? {
        guard let url = await routeURL(to: destination, in: application), opener.canOpen(url) else { return nil }
        return await opener.open(url) ? url : nil
    }

    /// The URL ``buildRoute(to:in:)`` would open: with the user's position as the start only when
    /// access is allowed and full accuracy is granted.
    ///
    /// - Parameters:
    ///   - destination: Where the route goes.
    ///   - application: Which application opens it.
    /// - Returns: The URL, or `nil` if it could not be formed.
    public func routeURL(to destination: Coordinate, in application: MapApp) async -> URL? {
        guard locationService.isLocationAccessAllowed, locationService.isAllowedFullAccuracyLocation else {
            return application.routeURL(from: nil, to: destination)
        }
        let here = await withCheckedContinuation { (continuation: CheckedContinuation<Coordinate?, Never>) in
            let once = ResumeOnce(continuation)
            locationService.getCurrentLocation { once.resume(returning: $0.flatMap { try? Coordinate($0) }) }
        }
        return application.routeURL(from: here, to: destination)
    }

    /// Opens `url` in the background when the opener can.
    private static func open(_ url: URL?, with opener: any URLOpener) {
        guard let url, opener.canOpen(url) else { return }
        Task { _ = await opener.open(url) }
    }
}
