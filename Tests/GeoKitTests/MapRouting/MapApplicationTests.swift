import Foundation
import GeoKit
import Testing

@Suite("MapApp and MapApplication URLs")
struct MapApplicationTests {
    let start: Coordinate
    let end: Coordinate

    init() throws {
        start = try Coordinate(latitude: 55.751244, longitude: 37.618423)
        end = try Coordinate(latitude: 59.9386, longitude: 30.3141)
    }

    @Test("route URLs with a start, for every application")
    func routesWithStart() {
        let expected: [MapApp: String] = [
            .apple: "https://maps.apple.com/maps?saddr=55.751244,37.618423&daddr=59.938600,30.314100",
            .googleApp: "comgooglemaps://?saddr=55.751244,37.618423&daddr=59.938600,30.314100&directionsmode=driving",
            .googleUrl:
                "https://www.google.com/maps/dir/?api=1&origin=55.751244,37.618423&destination=59.938600,30.314100",
            .yandex: "yandexmaps://maps.yandex.ru/?rtext=55.751244,37.618423~59.938600,30.314100&rtt=auto",
            .yandexNavigator:
                "yandexnavi://build_route_on_map?lat_from=55.751244&lon_from=37.618423&lat_to=59.938600&lon_to=30.314100",
            .twoGIS: "dgis://2gis.ru/routeSearch/rsType/car/from/37.618423,55.751244/to/30.314100,59.938600",
            .waze: "https://waze.com/ul?ll=59.938600,30.314100&navigate=yes",
            .geo: "geo:59.938600,30.314100",
        ]
        #expect(expected.count == MapApp.allCases.count)
        for application in MapApp.allCases {
            #expect(
                application.routeURL(from: start, to: end)?.absoluteString == expected[application], "\(application)")
        }
    }

    @Test("route URLs without a start leave the start to the application")
    func routesWithoutStart() {
        #expect(
            MapApp.apple.routeURL(from: nil, to: end)?.absoluteString
                == "https://maps.apple.com/maps?daddr=59.938600,30.314100")
        #expect(
            MapApp.yandex.routeURL(from: nil, to: end)?.absoluteString
                == "yandexmaps://maps.yandex.ru/?rtext=~59.938600,30.314100&rtt=auto")
        #expect(
            MapApp.twoGIS.routeURL(from: nil, to: end)?.absoluteString
                == "dgis://2gis.ru/routeSearch/rsType/car/to/30.314100,59.938600")
        #expect(
            MapApp.yandexNavigator.routeURL(from: nil, to: end)?.absoluteString
                == "yandexnavi://build_route_on_map?lat_to=59.938600&lon_to=30.314100")
    }

    @Test("point URLs, for every application")
    func points() {
        let expected: [MapApp: String] = [
            .apple: "https://maps.apple.com/?ll=59.938600,30.314100&q=59.938600,30.314100",
            .googleApp: "comgooglemaps://?q=59.938600,30.314100&center=59.938600,30.314100",
            .googleUrl: "https://www.google.com/maps/search/?api=1&query=59.938600,30.314100",
            .yandex: "yandexmaps://maps.yandex.ru/?pt=30.314100,59.938600&z=16",
            .yandexNavigator: "yandexnavi://show_point_on_map?lat=59.938600&lon=30.314100&zoom=16",
            .twoGIS: "dgis://2gis.ru/geo/30.314100,59.938600",
            .waze: "https://waze.com/ul?ll=59.938600,30.314100",
            .geo: "geo:59.938600,30.314100",
        ]
        for application in MapApp.allCases {
            #expect(application.pointURL(for: end)?.absoluteString == expected[application], "\(application)")
        }
    }

    @Test("coordinates keep up to eight decimals, at least six, and never a locale's comma or -0")
    func precision() throws {
        let precise = try Coordinate(latitude: -33.868_819_87, longitude: -0.000_000_001)
        #expect(MapApp.geo.pointURL(for: precise)?.absoluteString == "geo:-33.86881987,0.000000")
        let south = try Coordinate(latitude: -1.5, longitude: 151.2)
        #expect(MapApp.geo.pointURL(for: south)?.absoluteString == "geo:-1.500000,151.200000")
    }

    @Test("raw values name the applications for the CLI")
    func rawValues() {
        #expect(MapApp(rawValue: "twoGIS") == .twoGIS)
        #expect(MapApp.allCases.map(\.rawValue).count == Set(MapApp.allCases.map(\.rawValue)).count)
    }
}
