import Foundation
import GeoKit
import ServiceUtilsTestSupport
import Testing

@Suite("service-utils distance and route-url")
struct GeoCommandsTests {
    @Test("distance --batch agrees with GeodSolve on the committed pairs")
    func batchMatchesGeodSolve() async throws {
        // Given the committed GeodSolve answers (every 7th line, to keep the run short)
        let lines = try GeodesicFixtures.lines("geodesic-inverse.txt", count: 7).enumerated().filter {
            $0.offset % 7 == 0
        }.map(\.element)
        let input =
            lines.map { $0.numbers[0..<4].map { String($0) }.joined(separator: " ") }.joined(separator: "\n") + "\n"
        // When the CLI solves them with 10 decimals
        let result = try await CommandRunner.run(["distance", "--batch", "--precision", "9"], input: input)
        // Then every line is `s12 azi1 azi2` within the printed precision
        #expect(result.status == 0, "\(result.error)")
        let outputLines = result.output.split(separator: "\n")
        try #require(outputLines.count == lines.count)
        for (line, text) in zip(lines, outputLines) {
            let fields = text.split(separator: " ").compactMap { Double($0) }
            try #require(fields.count == 3, "\(text)")
            #expect(abs(fields[0] - line.numbers[6]) <= 15e-9 + 1e-9, "line \(line.lineNumber): \(text)")
        }
    }

    @Test("bad batch lines are reported with their numbers and make the status 65")
    func badBatchLines() async throws {
        let result = try await CommandRunner.run(
            ["distance", "--batch"], input: "0 0 0 1\n\n1 2 3\n91 0 0 0\n0 0 x 0\n0 0 1 0")
        #expect(result.status == 65)
        #expect(result.output == "111319.491 90.00000000 90.00000000\n110574.389 0.00000000 0.00000000\n")
        for number in 2...5 { #expect(result.error.contains("line \(number):"), "\(result.error)") }
    }

    @Test("distance with two points prints the geodesic and the haversine estimate")
    func twoPoints() async throws {
        let result = try await CommandRunner.run(["distance", "40.6,-73.8", "49.01666667,2.55"])
        #expect(result.status == 0)
        #expect(result.output.contains("5853226.256 m"))
        #expect(result.output.contains("53.47021824°"))
        #expect(try await CommandRunner.run(["distance", "91,0", "0,0"]).status == 64)
        #expect(try await CommandRunner.run(["distance", "1,2"]).status == 64)
    }

    @Test("route-url prints the application's URL and rejects unknown applications")
    func routeURL() async throws {
        let result = try await CommandRunner.run([
            "route-url", "--app", "twoGIS", "--from", "55.7,37.6", "--to", "59.9,30.3",
        ])
        #expect(
            result.output == "dgis://2gis.ru/routeSearch/rsType/car/from/37.600000,55.700000/to/30.300000,59.900000\n")
        let point = try await CommandRunner.run(["route-url", "--app", "geo", "--to", "-33.8688,151.2093", "--point"])
        #expect(point.output == "geo:-33.868800,151.209300\n")
        let unknown = try await CommandRunner.run(["route-url", "--app", "mapquest", "--to", "1,2"])
        #expect(unknown.status == 64)
        #expect(unknown.error.contains("twoGIS"))
    }

    @Test("locate without a gpsd fails with status 69 and says why")
    func locateWithoutDaemon() async throws {
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }
        let port = closed.port
        let result = try await CommandRunner.run(["locate", "--gpsd", "127.0.0.1:\(port)", "--timeout", "5"])
        #expect(result.status == 69)
        #expect(result.error.contains("127.0.0.1:\(port)"))
    }
}
