import Foundation
import ServiceUtils
import XCTest

#if canImport(CoreLocation)
    import CoreLocation
#endif

// SurfUtils' MapRoutingService with a location service of the app's own, as the README describes it.

private final class AppLocationService: MapRoutingLocationServiceInterface {
    var isLocationAccessAllowed = true
    var isAllowedFullAccuracyLocation = true
    var position: CLLocationCoordinate2D? = CLLocationCoordinate2D(latitude: 55.751244, longitude: 37.618423)
    var requests = 0

    func getCurrentLocation(_ completion: @escaping ((CLLocationCoordinate2D?) -> Void)) {
        requests += 1
        completion(position)
    }
}

final class MapRoutingServiceTests: XCTestCase {
    private let point = CLLocationCoordinate2D(latitude: 59.9386, longitude: 30.3141)

    func testAnExhaustiveSwitchOverSurfUtilsApplicationsCompiles() {
        // An app's action sheet titles, written for SurfUtils' five cases with no default.
        func title(_ application: MapApplication) -> String {
            switch application {
            case .apple: return "Apple Maps"
            case .googleApp: return "Google Maps"
            case .yandex: return "Yandex Maps"
            case .twoGIS: return "2GIS"
            case .googleUrl: return "Google Maps (web)"
            }
        }
        XCTAssertEqual(MapApplication.allCases.map(title).count, 5)
    }

    func testTheReadmeCallsCompile() {
        // The README: the applications to offer, then a route in one of them, on the system's opener.
        let service = MapRoutingService(locationService: AppLocationService())
        let apps = service.availableApplications
        XCTAssertTrue(Set(apps).isSubset(of: Set(MapApplication.allCases)))
        XCTAssertFalse(apps.contains(.googleApp) && apps.contains(.googleUrl))
        var completed = false
        service.buildRoute(to: point, in: .apple, onComplete: { completed = true })
        XCTAssertTrue(completed)
        service.buildRoute(to: point, in: .twoGIS, onComplete: nil)
    }

    func testRouteStartsAtTheUserOnlyWithFullAccuracy() {
        let location = AppLocationService()
        let opened = expectation(description: "two routes opened")
        opened.expectedFulfillmentCount = 2
        let opener = ExpectingOpener(scheme: "yandexmaps", opened: opened)
        let service: MapRoutingServiceInterface = MapRoutingService(locationService: location, opener: opener)
        var completions = 0
        service.buildRoute(to: point, in: .yandex) { completions += 1 }
        XCTAssertEqual(location.requests, 1)
        location.isAllowedFullAccuracyLocation = false
        service.buildRoute(to: point, in: .yandex) { completions += 1 }
        XCTAssertEqual(location.requests, 1)
        XCTAssertEqual(completions, 2)
        wait(for: [opened], timeout: 10)
        let urls = opener.urls.map(\.absoluteString).sorted()
        XCTAssertEqual(urls.count, 2)
        XCTAssertTrue(urls.contains { $0.contains("rtext=55.751244,37.618423~59.938600,30.314100") }, "\(urls)")
        XCTAssertTrue(urls.contains { $0.contains("rtext=~59.938600,30.314100") }, "\(urls)")
    }

    func testOnlyOpenableApplicationsAreAvailable() {
        let opener = RecordingURLOpener(openableSchemes: ["https", "comgooglemaps", "dgis"])
        let service = MapRoutingService(locationService: AppLocationService(), opener: opener)
        XCTAssertEqual(service.availableApplications, [.apple, .googleApp, .twoGIS])
    }

    func testRouteUrlsOfSurfUtilsApplications() throws {
        let start = CLLocationCoordinate2D(latitude: 55.751244, longitude: 37.618423)
        let apple = try XCTUnwrap(MapApplication.apple.routeUrl(startCoordinate: start, endCoordinate: point))
        XCTAssertEqual(apple.host, "maps.apple.com")
        XCTAssertTrue(apple.absoluteString.contains("saddr=55.751244,37.618423"))
        XCTAssertTrue(apple.absoluteString.contains("daddr=59.938600,30.314100"))
        let twoGIS = try XCTUnwrap(MapApplication.twoGIS.routeUrl(startCoordinate: nil, endCoordinate: point))
        XCTAssertEqual(twoGIS.absoluteString, "dgis://2gis.ru/routeSearch/rsType/car/to/30.314100,59.938600")
        XCTAssertEqual(
            MapApplication.googleApp.routeUrl(startCoordinate: nil, endCoordinate: point)?.scheme, "comgooglemaps")
        XCTAssertEqual(
            MapApplication.googleUrl.routeUrl(startCoordinate: start, endCoordinate: point)?.host, "www.google.com")
        XCTAssertNil(
            MapApplication.yandex.routeUrl(startCoordinate: nil, endCoordinate: kCLLocationCoordinate2DInvalid))
    }
}

/// Opens URLs of one scheme, recording them and fulfilling an expectation per URL opened.
private final class ExpectingOpener: URLOpener, @unchecked Sendable {
    // Safe: `opened` is read and written only under `lock`; `scheme` and `expectation` never change,
    // and XCTest's expectations may be fulfilled from any thread.
    private let lock = NSLock()
    private var opened: [URL] = []
    private let scheme: String
    private let expectation: XCTestExpectation

    init(scheme: String, opened: XCTestExpectation) {
        self.scheme = scheme
        expectation = opened
    }

    var urls: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }

    func canOpen(_ url: URL) -> Bool {
        url.scheme == scheme
    }

    func open(_ url: URL) async -> Bool {
        record(url)
        expectation.fulfill()
        return true
    }

    private func record(_ url: URL) {
        lock.lock()
        defer { lock.unlock() }
        opened.append(url)
    }
}
