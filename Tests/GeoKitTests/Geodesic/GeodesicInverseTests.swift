import GeoKit
import ServiceUtilsTestSupport
import Testing

@Suite("Geodesic inverse problem against GeodSolve")
struct GeodesicInverseTests {
    /// GeodSolve's precision limit that the issue asks us to meet.
    static let distanceTolerance = 15e-9
    static let azimuthTolerance = 1e-9

    @Test("every committed pair matches GeodSolve -i within 15 nm and 1e-9 degrees")
    func matchesGeodSolve() async throws {
        // Given thousands of pairs solved by GeographicLib's GeodSolve
        let lines = try GeodesicFixtures.lines("geodesic-inverse.txt", count: 7)
        #expect(lines.count > 5000)
        // Thousands of solutions are CPU work: done off Swift's cooperative pool (two threads here), which
        // async tests and mock servers need, especially under the sanitizers.
        let (failures, worstDistance) = try await onThread { () -> ([String], Double) in
            try Self.compare(lines)
        }
        #expect(failures.isEmpty, "\(failures.count) mismatches, first: \(failures.prefix(5))")
        #expect(worstDistance <= Self.distanceTolerance)
    }

    /// The mismatches and the worst distance error of our inverse solutions against GeodSolve's.
    static func compare(_ lines: [GeodesicFixtures.Line]) throws -> ([String], Double) {
        var worstDistance = 0.0
        var failures: [String] = []
        for line in lines {
            let n = line.numbers
            // When we solve the same pair
            let start = try Coordinate(latitude: n[0], longitude: n[1])
            let end = try Coordinate(latitude: n[2], longitude: n[3])
            let result = Geodesic.wgs84.inverse(from: start, to: end)
            // Then the distance agrees to 15 nm, and the azimuths to 1e-9 degrees where they are defined
            let distanceError = abs(result.distance - n[6])
            worstDistance = max(worstDistance, distanceError)
            var problems: [String] = []
            if !(distanceError <= Self.distanceTolerance) { problems.append("Δs=\(distanceError)") }
            if Self.azimuthsDefined(line) {
                let error1 = GeodesicFixtures.azimuthDifference(result.initialAzimuth, n[4])
                let error2 = GeodesicFixtures.azimuthDifference(result.finalAzimuth, n[5])
                if !(error1 <= Self.azimuthTolerance) { problems.append("Δazi1=\(error1)") }
                if !(error2 <= Self.azimuthTolerance) { problems.append("Δazi2=\(error2)") }
            }
            if !problems.isEmpty {
                failures.append("line \(line.lineNumber) \(line.category) \(n): \(problems.joined(separator: " "))")
            }
        }
        return (failures, worstDistance)
    }

    /// Azimuths mean nothing at a pole or between identical points.
    static func azimuthsDefined(_ line: GeodesicFixtures.Line) -> Bool {
        let n = line.numbers
        return abs(n[0]) != 90 && abs(n[2]) != 90 && n[6] != 0
    }
}
