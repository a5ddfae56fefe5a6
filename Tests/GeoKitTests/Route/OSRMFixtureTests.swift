import Foundation
import GeoKit
import ServiceUtilsTestSupport
import Testing

/// Against a real osrm-routed serving the committed road grid (Tests/Fixtures/GeoKit/osrm/grid.osm:
/// 5×5 streets 0.001° apart from 55.75N 37.61E, and an unconnected Island Lane at 55.76N 37.63E).
@Suite("OSRMRouteProvider against osrm-routed")
struct OSRMFixtureTests {
    @Test("a corner-to-corner route follows the streets: one row plus one column of the grid")
    func route() async throws {
        // Given the grid's opposite corners
        let southWest = try Coordinate(latitude: 55.750, longitude: 37.610)
        let northEast = try Coordinate(latitude: 55.754, longitude: 37.614)
        let provider = OSRMRouteProvider(baseURL: try Fixture.url("SU_OSRM_URL"))
        // When OSRM routes between them
        let distance = try #require(try await provider.routeDistance(from: southWest, to: northEast))
        // Then the route is an L along the streets (within OSRM's spherical approximation), longer than
        // the straight line
        let corner = try Coordinate(latitude: 55.750, longitude: 37.614)
        let streets =
            Geodesic.wgs84.distance(from: southWest, to: corner) + Geodesic.wgs84.distance(from: corner, to: northEast)
        #expect(abs(distance - streets) / streets < 0.01)
        #expect(distance > Geodesic.wgs84.distance(from: southWest, to: northEast))
    }

    @Test("points on unconnected roads give nil (NoRoute)")
    func noRoute() async throws {
        let provider = OSRMRouteProvider(baseURL: try Fixture.url("SU_OSRM_URL"))
        let grid = try Coordinate(latitude: 55.750, longitude: 37.610)
        let island = try Coordinate(latitude: 55.760, longitude: 37.631)
        #expect(try await provider.routeDistance(from: grid, to: island) == nil)
    }

    @Test("a point far from every road, with a snapping radius, gives nil (NoSegment)")
    func noSegment() async throws {
        let provider = OSRMRouteProvider(baseURL: try Fixture.url("SU_OSRM_URL"), snappingRadius: 100)
        let grid = try Coordinate(latitude: 55.750, longitude: 37.610)
        let nowhere = try Coordinate(latitude: 55.900, longitude: 37.700)
        #expect(try await provider.routeDistance(from: grid, to: nowhere) == nil)
    }

    @Test("the SurfUtils completion form passes OSRM's distance")
    func completionForm() async throws {
        let provider = OSRMRouteProvider(baseURL: try Fixture.url("SU_OSRM_URL"))
        let a = try Coordinate(latitude: 55.750, longitude: 37.610)
        let b = try Coordinate(latitude: 55.750, longitude: 37.612)
        let distance = await withCheckedContinuation { continuation in
            RouteMeasurer.calculateDistance(
                between: a.locationCoordinate, and: b.locationCoordinate, routeProvider: provider
            ) {
                continuation.resume(returning: $0)
            }
        }
        let straight = Geodesic.wgs84.distance(from: a, to: b)
        #expect(abs((distance ?? 0) - straight) / straight < 0.01)
    }
}
