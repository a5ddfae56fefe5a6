import Foundation
import GeoKit
import ServiceUtilsTestSupport
import Testing

@Suite("Ellipsoid parameters")
struct EllipsoidTests {
    @Test("a sphere's geodesic is the great circle: a quarter meridian is a·π/2")
    func sphere() throws {
        // Given a unit-flattening-free ellipsoid (a sphere of radius 1000 m)
        let sphere = try Ellipsoid(equatorialRadius: 1000, flattening: 0)
        let geodesic = Geodesic(ellipsoid: sphere)
        // When we measure from the equator to the pole and a quarter of the equator
        let pole = geodesic.distance(
            from: try Coordinate(latitude: 0, longitude: 10), to: try Coordinate(latitude: 90, longitude: 0))
        let equator = geodesic.distance(
            from: try Coordinate(latitude: 0, longitude: 0), to: try Coordinate(latitude: 0, longitude: 90))
        // Then both are a quarter circumference
        #expect(abs(pole - 500 * Double.pi) < 1e-9)
        #expect(abs(equator - 500 * Double.pi) < 1e-9)
    }

    @Test("WGS-84 quarter meridian is 10 001 965.7293 m (the known value)")
    func quarterMeridian() throws {
        // Given the equator and the north pole on WGS-84
        let line = Geodesic.wgs84.inverse(
            from: try Coordinate(latitude: 0, longitude: 0), to: try Coordinate(latitude: 90, longitude: 0))
        // Then the meridian arc matches the published quarter meridian
        #expect(abs(line.distance - 10_001_965.729_3) < 1e-4)
        #expect(line.initialAzimuth == 0)
    }

    @Test(
        "bad parameters are rejected with the reason",
        arguments: [
            (0.0, 0.0), (-1.0, 0.0), (Double.nan, 0.0), (6_378_137.0, 1.0), (6_378_137.0, Double.infinity),
        ])
    func rejectsBadParameters(radius: Double, flattening: Double) {
        #expect(throws: GeoError.self) { try Ellipsoid(equatorialRadius: radius, flattening: flattening) }
    }
}

@Suite("Haversine estimate")
struct HaversineTests {
    @Test("stays within 0.6 % of the WGS-84 geodesic on the committed random pairs")
    func errorBound() async throws {
        // Given GeodSolve's random pairs
        let lines = try GeodesicFixtures.lines("geodesic-inverse.txt", count: 7).filter { $0.category == "random" }
        // Thousands of solutions are CPU work: done off Swift's cooperative pool (two threads here), which
        // async tests and mock servers need, especially under the sanitizers.
        let worst = try await onThread { () -> Double in
            var worst = 0.0
            for line in lines {
                let n = line.numbers
                // When we estimate the distance on the mean sphere
                let estimate = Haversine.distance(
                    from: try Coordinate(latitude: n[0], longitude: n[1]),
                    to: try Coordinate(latitude: n[2], longitude: n[3]))
                worst = max(worst, abs(estimate - n[6]) / n[6])
            }
            return worst
        }
        // Then the relative error is within the documented bound
        #expect(worst < 0.006)
        #expect(worst > 0.001)  // and it is an estimate, not the geodesic
    }
}
