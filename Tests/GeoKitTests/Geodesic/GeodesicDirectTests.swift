import GeoKit
import ServiceUtilsTestSupport
import Testing

@Suite("Geodesic direct problem against GeodSolve")
struct GeodesicDirectTests {
    @Test("every committed start, azimuth and distance lands within 15 nm of GeodSolve's point")
    func matchesGeodSolve() async throws {
        // Given starts, azimuths and distances solved by GeodSolve (the direct problem)
        let lines = try GeodesicFixtures.lines("geodesic-direct.txt", count: 7)
        #expect(lines.count > 2000)
        // Thousands of solutions are CPU work: done off Swift's cooperative pool (two threads here), which
        // async tests and mock servers need, especially under the sanitizers.
        let failures = try await onThread { try Self.compare(lines) }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(5))")
    }

    /// The lines where our direct solution misses GeodSolve's point or final azimuth.
    static func compare(_ lines: [GeodesicFixtures.Line]) throws -> [String] {
        var failures: [String] = []
        for line in lines {
            let n = line.numbers
            // When we travel the same geodesic
            let start = try Coordinate(latitude: n[0], longitude: n[1])
            let result = try Geodesic.wgs84.direct(from: start, azimuth: n[2], distance: n[3])
            // Then we arrive within 15 nm of GeodSolve's point, heading the same way
            let expected = try Coordinate(latitude: n[4], longitude: n[5])
            let miss = Geodesic.wgs84.distance(from: result.coordinate, to: expected)
            let azimuthError = GeodesicFixtures.azimuthDifference(result.finalAzimuth, n[6])
            let poleOrigin = abs(n[0]) == 90 || abs(n[4]) == 90
            if !(miss <= 15e-9) || (!poleOrigin && !(azimuthError <= 1e-9)) {
                failures.append("line \(line.lineNumber) \(n): missed by \(miss) m, azimuth by \(azimuthError)°")
            }
        }
        return failures
    }

    @Test("direct then inverse returns the distance and azimuth it started with")
    func roundTrip() throws {
        // Given a start near the antimeridian and a long geodesic
        let start = try Coordinate(latitude: -33.86, longitude: 179.5)
        // When we travel 12 345 km at 77° and solve the inverse back
        let end = try Geodesic.wgs84.direct(from: start, azimuth: 77, distance: 12_345_000)
        let back = Geodesic.wgs84.inverse(from: start, to: end.coordinate)
        // Then the inverse recovers both
        #expect(abs(back.distance - 12_345_000) < 15e-9)
        #expect(abs(back.initialAzimuth - 77) < 1e-9)
    }

    @Test("a distance or azimuth that is not finite is rejected")
    func rejectsNonFinite() throws {
        let start = try Coordinate(latitude: 0, longitude: 0)
        #expect(throws: GeoError.invalidGeodesicInput("the distance nan is not finite")) {
            try Geodesic.wgs84.direct(from: start, azimuth: 0, distance: .nan)
        }
        #expect(throws: GeoError.self) { try Geodesic.wgs84.direct(from: start, azimuth: .infinity, distance: 1) }
    }
}
