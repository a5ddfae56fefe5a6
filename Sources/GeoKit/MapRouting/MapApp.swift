public import Foundation

#if canImport(CoreLocation)
    public import CoreLocation
#endif

/// Applications and web services that can show a point or a route: SurfUtils' five
/// (``MapApplication``) and Yandex Navigator, Waze and `geo:` URIs.
///
/// Coordinates in the URLs use `.` as the decimal separator and at least six decimals, whatever the
/// locale; 2GIS and Yandex's `pt` take longitude first.
///
/// ```swift
/// let url = MapApp.yandex.routeURL(from: nil, to: destination)
/// // yandexmaps://maps.yandex.ru/?rtext=~55.751244,37.618423&rtt=auto
/// let waze = MapApp.waze.pointURL(for: destination)
/// ```
public enum MapApp: String, CaseIterable, Sendable {
    /// Apple Maps (`https://maps.apple.com`).
    case apple
    /// The Google Maps app (`comgooglemaps://`).
    case googleApp
    /// Yandex Maps (`yandexmaps://`).
    case yandex
    /// Yandex Navigator (`yandexnavi://`).
    case yandexNavigator
    /// 2GIS (`dgis://`).
    case twoGIS
    /// Waze (`waze://` to detect it, `https://waze.com/ul` links to open it).
    case waze
    /// Google Maps in the browser (`https://www.google.com/maps`).
    case googleUrl
    /// A `geo:` URI (RFC 5870) for Android-style and desktop handlers (GNOME Maps, Organic Maps, OsmAnd).
    case geo

    /// The URL whose openability tells whether the application is installed.
    public var schemaURL: URL? {
        switch self {
        case .apple: return URL(string: "https://maps.apple.com/maps")
        case .googleApp: return URL(string: "comgooglemaps://")
        case .yandex: return URL(string: "yandexmaps://")
        case .yandexNavigator: return URL(string: "yandexnavi://")
        case .twoGIS: return URL(string: "dgis://")
        case .waze: return URL(string: "waze://")
        case .googleUrl: return URL(string: "https://www.google.com/maps")
        case .geo: return URL(string: "geo:0,0")
        }
    }

    /// The URL that opens a route to `end` in this application.
    ///
    /// Without a start the application routes from the user's position. Waze and `geo:` take no
    /// start point and always route from the user's position (`geo:` shows the destination).
    ///
    /// - Parameters:
    ///   - start: Where the route begins, or `nil` for "here".
    ///   - end:   The destination.
    /// - Returns: The URL, or `nil` if it could not be formed.
    public func routeURL(from start: Coordinate?, to end: Coordinate) -> URL? {
        let to = MapCoordinateText.latitudeLongitude(end)
        let from = start.map(MapCoordinateText.latitudeLongitude)
        switch self {
        case .apple:
            return Self.url("https://maps.apple.com/maps", [("saddr", from), ("daddr", to)])
        case .googleApp:
            return Self.url("comgooglemaps://", [("saddr", from), ("daddr", to), ("directionsmode", "driving")])
        case .googleUrl:
            return Self.url(
                "https://www.google.com/maps/dir/", [("api", "1"), ("origin", from), ("destination", to)])
        case .yandex:
            return Self.url("yandexmaps://maps.yandex.ru/", [("rtext", (from ?? "") + "~" + to), ("rtt", "auto")])
        case .yandexNavigator:
            return Self.url(
                "yandexnavi://build_route_on_map",
                [
                    ("lat_from", start.map { MapCoordinateText.decimal($0.latitude) }),
                    ("lon_from", start.map { MapCoordinateText.decimal($0.longitude) }),
                    ("lat_to", MapCoordinateText.decimal(end.latitude)),
                    ("lon_to", MapCoordinateText.decimal(end.longitude)),
                ])
        case .twoGIS:
            let fromPart = start.map { "/from/" + MapCoordinateText.longitudeLatitude($0) } ?? ""
            return URL(
                string: "dgis://2gis.ru/routeSearch/rsType/car" + fromPart + "/to/"
                    + MapCoordinateText.longitudeLatitude(end))
        case .waze:
            return Self.url("https://waze.com/ul", [("ll", to), ("navigate", "yes")])
        case .geo:
            return URL(string: "geo:" + to)
        }
    }

    /// The URL that opens a route to `endCoordinate` in this application, from CoreLocation
    /// coordinates (the shape of SurfUtils' `MapApplication.routeUrl`).
    ///
    /// - Parameters:
    ///   - startCoordinate: Where the route begins, or `nil` for the user's position.
    ///   - endCoordinate:   The destination.
    /// - Returns: The URL, or `nil` when a coordinate is not on Earth (such as
    ///   `kCLLocationCoordinate2DInvalid`) or the URL could not be formed.
    public func routeUrl(startCoordinate: CLLocationCoordinate2D?, endCoordinate: CLLocationCoordinate2D) -> URL? {
        guard let end = try? Coordinate(endCoordinate) else { return nil }
        guard let startCoordinate else { return routeURL(from: nil, to: end) }
        guard let start = try? Coordinate(startCoordinate) else { return nil }
        return routeURL(from: start, to: end)
    }

    /// The URL that shows `point` in this application.
    ///
    /// - Parameter point: The place to show.
    /// - Returns: The URL, or `nil` if it could not be formed.
    public func pointURL(for point: Coordinate) -> URL? {
        let latLon = MapCoordinateText.latitudeLongitude(point)
        switch self {
        case .apple: return Self.url("https://maps.apple.com/", [("ll", latLon), ("q", latLon)])
        case .googleApp: return Self.url("comgooglemaps://", [("q", latLon), ("center", latLon)])
        case .googleUrl: return Self.url("https://www.google.com/maps/search/", [("api", "1"), ("query", latLon)])
        case .yandex:
            return Self.url(
                "yandexmaps://maps.yandex.ru/", [("pt", MapCoordinateText.longitudeLatitude(point)), ("z", "16")])
        case .yandexNavigator:
            return Self.url(
                "yandexnavi://show_point_on_map",
                [
                    ("lat", MapCoordinateText.decimal(point.latitude)),
                    ("lon", MapCoordinateText.decimal(point.longitude)), ("zoom", "16"),
                ])
        case .twoGIS: return URL(string: "dgis://2gis.ru/geo/" + MapCoordinateText.longitudeLatitude(point))
        case .waze: return Self.url("https://waze.com/ul", [("ll", latLon)])
        case .geo: return URL(string: "geo:" + latLon)
        }
    }

    /// `base` with the query items whose values are present, in order.
    private static func url(_ base: String, _ items: [(String, String?)]) -> URL? {
        guard var components = URLComponents(string: base) else { return nil }
        components.queryItems = items.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        // URLComponents leaves `~` and `,` as they are, which every map application accepts.
        return components.url
    }
}
