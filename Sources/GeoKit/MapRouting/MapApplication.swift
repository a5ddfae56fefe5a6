public import Foundation

#if canImport(CoreLocation)
    public import CoreLocation
#endif

/// The map applications SurfUtils knows, with SurfUtils' five cases exactly, so a `switch` written
/// for SurfUtils stays exhaustive. ``MapApp`` has these and more (Yandex Navigator, Waze, `geo:`);
/// ``app`` turns one into the other.
///
/// ```swift
/// let url = MapApplication.twoGIS.routeUrl(startCoordinate: nil, endCoordinate: destination)
/// let same = MapApplication.twoGIS.app.routeURL(from: nil, to: try Coordinate(destination))
/// ```
public enum MapApplication: String, CaseIterable, Sendable {
    /// Apple Maps (`https://maps.apple.com`).
    case apple
    /// The Google Maps app (`comgooglemaps://`).
    case googleApp
    /// Yandex Maps (`yandexmaps://`).
    case yandex
    /// 2GIS (`dgis://`).
    case twoGIS
    /// Google Maps in the browser (`https://www.google.com/maps`).
    case googleUrl

    /// The same application among ``MapApp``'s.
    public var app: MapApp {
        switch self {
        case .apple: .apple
        case .googleApp: .googleApp
        case .yandex: .yandex
        case .twoGIS: .twoGIS
        case .googleUrl: .googleUrl
        }
    }

    /// The SurfUtils application for `app`, or `nil` for one SurfUtils does not know.
    ///
    /// - Parameter app: An application among ``MapApp``'s.
    public init?(_ app: MapApp) {
        self.init(rawValue: app.rawValue)
    }

    /// The URL whose openability tells whether the application is installed.
    public var schemaURL: URL? { app.schemaURL }

    /// The URL that opens a route to `endCoordinate` in this application (SurfUtils' method).
    ///
    /// - Parameters:
    ///   - startCoordinate: Where the route begins, or `nil` for the user's position.
    ///   - endCoordinate:   The destination.
    /// - Returns: The URL, or `nil` when a coordinate is not on Earth (such as
    ///   `kCLLocationCoordinate2DInvalid`) or the URL could not be formed.
    public func routeUrl(startCoordinate: CLLocationCoordinate2D?, endCoordinate: CLLocationCoordinate2D) -> URL? {
        app.routeUrl(startCoordinate: startCoordinate, endCoordinate: endCoordinate)
    }

    /// The URL that opens a route to `end`; see ``MapApp/routeURL(from:to:)``.
    ///
    /// - Parameters:
    ///   - start: Where the route begins, or `nil` for "here".
    ///   - end:   The destination.
    /// - Returns: The URL, or `nil` if it could not be formed.
    public func routeURL(from start: Coordinate?, to end: Coordinate) -> URL? {
        app.routeURL(from: start, to: end)
    }

    /// The URL that shows `point`; see ``MapApp/pointURL(for:)``.
    ///
    /// - Parameter point: The place to show.
    /// - Returns: The URL, or `nil` if it could not be formed.
    public func pointURL(for point: Coordinate) -> URL? {
        app.pointURL(for: point)
    }
}
