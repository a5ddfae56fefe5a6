import GeoKit
import ServiceUtilsTestSupport
import Testing

@Suite("Geodesic inverse problem on other ellipsoids against GeodSolve -e")
struct OtherEllipsoidTests {
    @Test(
        "Clarke 1866 (oblate) and a prolate ellipsoid match GeodSolve within 15 nm and 1e-9 degrees",
        arguments: [
            ("geodesic-inverse-clarke1866.txt", 6_378_206.4, 1 / 294.978_698_2),
            ("geodesic-inverse-prolate.txt", 6_400_000.0, -1.0 / 150),
        ])
    func matchesGeodSolve(file: String, radius: Double, flattening: Double) async throws {
        // Given GeodSolve's answers on an ellipsoid given by its parameters
        let geodesic = Geodesic(ellipsoid: try Ellipsoid(equatorialRadius: radius, flattening: flattening))
        let lines = try GeodesicFixtures.lines(file, count: 7)
        #expect(lines.count >= 650)
        // Thousands of solutions are CPU work: done off Swift's cooperative pool (two threads here), which
        // async tests and mock servers need, especially under the sanitizers.
        let failures = try await onThread { try Self.compare(lines, on: geodesic) }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(5))")
    }

    /// The lines where our inverse solution on `geodesic` differs from GeodSolve's.
    static func compare(_ lines: [GeodesicFixtures.Line], on geodesic: Geodesic) throws -> [String] {
        var failures: [String] = []
        for line in lines {
            let n = line.numbers
            // When we solve each pair on the same ellipsoid
            let result = geodesic.inverse(
                from: try Coordinate(latitude: n[0], longitude: n[1]),
                to: try Coordinate(latitude: n[2], longitude: n[3]))
            // Then distance and azimuths agree
            let distanceError = abs(result.distance - n[6])
            let azimuthError = max(
                GeodesicFixtures.azimuthDifference(result.initialAzimuth, n[4]),
                GeodesicFixtures.azimuthDifference(result.finalAzimuth, n[5]))
            let azimuthsDefined = abs(n[0]) != 90 && abs(n[2]) != 90 && n[6] != 0
            if !(distanceError <= 15e-9) || (azimuthsDefined && !(azimuthError <= 1e-9)) {
                failures.append("line \(line.lineNumber) \(line.category): Δs=\(distanceError) Δazi=\(azimuthError)")
            }
        }
        return failures
    }
}
