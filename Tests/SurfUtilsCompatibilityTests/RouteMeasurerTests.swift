import Foundation
import ServiceUtils
import XCTest

#if canImport(CoreLocation)
    import CoreLocation
#endif

// SurfUtils' RouteMeasurer statics, in SurfUtils' call shapes, and the README's example.

final class RouteMeasurerTests: XCTestCase {
    private let meters = "м"
    private let kilometers = "км"

    func testNegativeDistanceIsZeroMeters() {
        XCTAssertEqual(RouteMeasurer.formatDistance(-12, meterPattern: meters, kilometrPatter: kilometers), "0 м")
    }

    func testZeroDistance() {
        XCTAssertEqual(RouteMeasurer.formatDistance(0, meterPattern: meters, kilometrPatter: kilometers), "0 м")
    }

    func testMetersBelowOneKilometer() {
        XCTAssertEqual(RouteMeasurer.formatDistance(987, meterPattern: meters, kilometrPatter: kilometers), "987 м")
    }

    func testKilometersWithOneDecimal() {
        XCTAssertEqual(
            RouteMeasurer.formatDistance(23_460, meterPattern: meters, kilometrPatter: kilometers), "23.5 км")
    }

    func testWholeKilometersAboveTheBoundary() {
        XCTAssertEqual(
            RouteMeasurer.formatDistance(250_400, meterPattern: meters, kilometrPatter: kilometers), "250 км")
        XCTAssertEqual(
            RouteMeasurer.formatDistance(12_600, meterPattern: "m", kilometrPatter: "km", kmBoundaryLevel: 10_000),
            "13 km")
    }

    func testApproximateDistanceIsTheGeodesic() {
        // Moscow to St Petersburg: 636214.206 m on the WGS 84 ellipsoid (GeographicLib's GeodSolve -i).
        let first = CLLocationCoordinate2D(latitude: 55.751244, longitude: 37.618423)
        let second = CLLocationCoordinate2D(latitude: 59.9386, longitude: 30.3141)
        let distance = RouteMeasurer.calculateApproximateDistance(between: first, and: second)
        XCTAssertEqual(distance, 636_214.206, accuracy: 0.001)
        XCTAssertEqual(
            RouteMeasurer.calculateApproximateDistance(between: second, and: first), distance, accuracy: 1e-6)
    }

    func testReadmeExampleCallsBackOnce() {
        // The README's shape: a trailing closure that formats the distance when there is one. With no
        // route service reachable it is called with nil; an invalid point is nil at once.
        let firstCoordinate = kCLLocationCoordinate2DInvalid
        let secondCoordinate = CLLocationCoordinate2D(latitude: 59.9386, longitude: 30.3141)
        let called = expectation(description: "completion")
        RouteMeasurer.calculateDistance(between: firstCoordinate, and: secondCoordinate) { (distance) in
            defer { called.fulfill() }
            guard let distance = distance else {
                return
            }
            let formattedDistance = RouteMeasurer.formatDistance(distance, meterPattern: "м", kilometrPatter: "км")
            XCTFail("an invalid start has no route, got \(formattedDistance)")
        }
        wait(for: [called], timeout: 60)
    }

    func testRoadDistanceFromTheOSRMFixture() throws {
        // The same call with ServiceUtils' extra argument, against the OSRM server scripts/test starts.
        let address = try XCTUnwrap(
            ProcessInfo.processInfo.environment["SU_OSRM_URL"], "SU_OSRM_URL is not set: run through scripts/test")
        let url = try XCTUnwrap(URL(string: address))
        let first = CLLocationCoordinate2D(latitude: 55.750, longitude: 37.610)
        let second = CLLocationCoordinate2D(latitude: 55.750, longitude: 37.612)
        let answered = expectation(description: "distance")
        let box = DistanceBox()
        RouteMeasurer.calculateDistance(between: first, and: second, routeProvider: OSRMRouteProvider(baseURL: url)) {
            box.value = $0
            answered.fulfill()
        }
        wait(for: [answered], timeout: 60)
        let straight = RouteMeasurer.calculateApproximateDistance(between: first, and: second)
        XCTAssertEqual(try XCTUnwrap(box.value), straight, accuracy: straight * 0.01)
    }
}

/// Carries the distance out of the completion, which may run on another thread.
private final class DistanceBox: @unchecked Sendable {
    // Safe: written once inside the completion, read after `wait(for:)` has seen the expectation
    // fulfilled, which orders the write before the read.
    var value: Double?
}
