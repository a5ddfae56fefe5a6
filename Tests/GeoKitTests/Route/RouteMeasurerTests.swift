import Foundation
import GeoKit
import InternalServiceUtilities
import Testing

/// A route provider that answers from a closure.
struct StubRouteProvider: RouteProvider {
    let answer: @Sendable (Coordinate, Coordinate) throws(GeoError) -> Double?

    func routeDistance(from start: Coordinate, to end: Coordinate) async throws(GeoError) -> Double? {
        try answer(start, end)
    }
}

@Suite("RouteMeasurer (SurfUtils API)")
struct RouteMeasurerTests {
    @Test(
        "formatDistance gives SurfUtils' exact strings",
        arguments: [
            (-5.0, "0 m"), (-0.1, "0 m"), (0.0, "0 m"), (0.4, "0 m"), (999.4, "999 m"), (999.5, "1000 m"),
            (1000.0, "1.0 km"), (1231.0, "1.2 km"), (12_345.0, "12.3 km"), (49_949.0, "49.9 km"),
            (49_999.0, "50.0 km"), (50_000.0, "50 km"), (72_500.0, "72 km"), (1_234_567.0, "1235 km"),
        ])
    func formatsLikeSurfUtils(metres: Double, expected: String) {
        // Given a distance / When it is formatted with SurfUtils' defaults
        let text = RouteMeasurer.formatDistance(metres, meterPattern: "m", kilometrPatter: "km")
        // Then the text is SurfUtils' (C formatting: %.0f metres, %.1f km below 50 km, %.0f above)
        #expect(text == expected)
    }

    @Test("the kilometre boundary is configurable")
    func boundary() {
        #expect(
            RouteMeasurer.formatDistance(12_345, meterPattern: "м", kilometrPatter: "км", kmBoundaryLevel: 10_000)
                == "12 км")
        #expect(
            RouteMeasurer.formatDistance(9_999, meterPattern: "м", kilometrPatter: "км", kmBoundaryLevel: 10_000)
                == "10.0 км")
    }

    @Test("the approximate distance is the WGS-84 geodesic (GeodSolve: JFK to CDG 5853226.2556 m)")
    func approximateDistance() throws {
        let jfk = try Coordinate(latitude: 40.6, longitude: -73.8)
        let cdg = try Coordinate(latitude: 49.01666667, longitude: 2.55)
        // Value printed by `GeodSolve -i -p 10` for this pair
        #expect(
            abs(
                RouteMeasurer.calculateApproximateDistance(
                    between: jfk.locationCoordinate, and: cdg.locationCoordinate) - 5_853_226.255_613_289_8) < 1e-8)
    }

    @Test("an invalid point gives nan from the approximate form and nil from the completion form")
    func invalidPoints() async throws {
        let valid = CLLocationCoordinate2D(latitude: 1, longitude: 2)
        let invalid = [kCLLocationCoordinate2DInvalid, CLLocationCoordinate2D(latitude: .nan, longitude: 0)]
        for point in invalid {
            #expect(RouteMeasurer.calculateApproximateDistance(between: valid, and: point).isNaN)
            let answer = await withCheckedContinuation { continuation in
                RouteMeasurer.calculateDistance(
                    between: point, and: valid, routeProvider: StubRouteProvider { _, _ in 1 }
                ) { continuation.resume(returning: $0) }
            }
            #expect(answer == nil)
        }
    }

    @Test("the completion form passes the provider's distance, and nil for no route or a failure")
    func completionForm() async throws {
        let a = try Coordinate(latitude: 1, longitude: 2)
        let b = try Coordinate(latitude: 3, longitude: 4)
        let providers: [(any RouteProvider, Double?)] = [
            (StubRouteProvider { _, _ in 1234.5 }, 1234.5),
            (StubRouteProvider { _, _ in nil }, nil),
            (StubRouteProvider { _, _ throws(GeoError) in throw .routeFailed(.transport("down")) }, nil),
        ]
        for (provider, expected) in providers {
            // When the completion form is called
            let answer = await withCheckedContinuation { continuation in
                RouteMeasurer.calculateDistance(
                    between: a.locationCoordinate, and: b.locationCoordinate, routeProvider: provider
                ) {
                    continuation.resume(returning: $0)
                }
            }
            // Then it carries the distance or nil
            #expect(answer == expected)
        }
    }

    @Test("the async form throws the provider's failure and passes the points in order")
    func asyncForm() async throws {
        let a = try Coordinate(latitude: 1, longitude: 2)
        let b = try Coordinate(latitude: 3, longitude: 4)
        let seen = Locked<[Coordinate]>([])
        let measurer = RouteMeasurer(
            routeProvider: StubRouteProvider { start, end in
                seen.withLock { $0 = [start, end] }
                return 10
            })
        #expect(try await measurer.routeDistance(between: a, and: b) == 10)
        #expect(seen.value == [a, b])
        let failing = RouteMeasurer(
            routeProvider: StubRouteProvider { _, _ throws(GeoError) in throw .routeFailed(.transport("down")) })
        await #expect(throws: GeoError.routeFailed(.transport("down"))) {
            try await failing.routeDistance(between: a, and: b)
        }
    }
}

@Suite("DistanceFormatter (locale-aware)")
struct DistanceFormatterTests {
    @Test("uses the locale's decimal separator and the metre/kilometre thresholds")
    func locales() {
        let german = DistanceFormatter(locale: Locale(identifier: "de_DE"))
        #expect(german.string(fromMetres: 12_345) == "12,3 km")
        #expect(german.string(fromMetres: 950.4) == "950 m")
        let english = DistanceFormatter(locale: Locale(identifier: "en_US"))
        #expect(english.string(fromMetres: 12_345) == "12.3 km")
        #expect(english.string(fromMetres: 1_234_567) == "1,235 km")
        #expect(english.string(fromMetres: -3) == "0 m")
        #expect(english.string(fromMetres: .nan) == "0 m")
    }

    @Test("converts from other units")
    func units() {
        let english = DistanceFormatter(locale: Locale(identifier: "en_US"))
        #expect(english.string(from: Measurement(value: 2, unit: UnitLength.miles)) == "3.2 km")
    }
}
