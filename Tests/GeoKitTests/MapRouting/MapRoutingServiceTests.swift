import Foundation
import GeoKit
import InternalServiceUtilities
import PlatformKit
import Testing

/// A URL opener that can open the listed schemes and records what it was asked about and opened.
final class RecordingOpener: URLOpener {
    let schemes: Set<String>
    let opened = Locked<[URL]>([])
    let asked = Locked<[String]>([])
    private let stream: AsyncStream<URL>
    private let continuation: AsyncStream<URL>.Continuation

    init(schemes: Set<String>) {
        self.schemes = schemes
        (stream, continuation) = AsyncStream.makeStream()
    }

    func canOpen(_ url: URL) -> Bool {
        asked.withLock { $0.append(url.scheme ?? "") }
        return url.scheme.map(schemes.contains) ?? false
    }

    func open(_ url: URL) async -> Bool {
        opened.withLock { $0.append(url) }
        continuation.yield(url)
        return canOpen(url)
    }

    /// The next URL opened.
    func nextOpened() async -> URL? {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
    }
}

/// A location service with fixed answers that counts position requests.
final class FixedLocationService: MapRoutingLocationServiceInterface {
    let isLocationAccessAllowed: Bool
    let isAllowedFullAccuracyLocation: Bool
    let position: Coordinate?
    let requests = Locked(0)

    init(allowed: Bool, fullAccuracy: Bool, position: Coordinate?) {
        isLocationAccessAllowed = allowed
        isAllowedFullAccuracyLocation = fullAccuracy
        self.position = position
    }

    func getCurrentLocation(_ completion: @escaping ((CLLocationCoordinate2D?) -> Void)) {
        requests.withLock { $0 += 1 }
        completion(position?.locationCoordinate)
    }
}

@Suite("MapRoutingService")
struct MapRoutingServiceTests {
    let here: Coordinate
    let destination: Coordinate

    init() throws {
        here = try Coordinate(latitude: 55.7, longitude: 37.6)
        destination = try Coordinate(latitude: 59.9, longitude: 30.3)
    }

    @Test("available applications are those the opener can open, without Google web when the app exists")
    func availableApplications() {
        let location = FixedLocationService(allowed: false, fullAccuracy: false, position: nil)
        // Given every scheme openable
        let all = RecordingOpener(schemes: [
            "https", "comgooglemaps", "yandexmaps", "yandexnavi", "dgis", "waze", "geo",
        ])
        let service = MapRoutingService(locationService: location, opener: all)
        #expect(service.availableApps == [.apple, .googleApp, .yandex, .yandexNavigator, .twoGIS, .waze, .geo])
        // SurfUtils' list holds its own applications only
        #expect(service.availableApplications == [.apple, .googleApp, .yandex, .twoGIS])
        // Given only the browser
        let browser = MapRoutingService(locationService: location, opener: RecordingOpener(schemes: ["https"]))
        #expect(browser.availableApps == [.apple, .googleUrl])
        #expect(browser.availableApplications == [.apple, .googleUrl])
        // Given nothing
        let none = MapRoutingService(locationService: location, opener: RecordingOpener(schemes: []))
        #expect(none.availableApps.isEmpty && none.availableApplications.isEmpty)
    }

    @Test("SurfUtils' list asks only about SurfUtils' five schemes, which an app lists for iOS to answer")
    func availableApplicationsAsksSurfUtilsSchemesOnly() {
        let location = FixedLocationService(allowed: false, fullAccuracy: false, position: nil)
        let opener = RecordingOpener(schemes: ["https", "waze", "geo"])
        _ = MapRoutingService(locationService: location, opener: opener).availableApplications
        #expect(Set(opener.asked.value) == ["https", "comgooglemaps", "yandexmaps", "dgis"])
    }

    @Test("MapApplication and MapApp convert both ways, and MapApp's extra applications have no SurfUtils twin")
    func conversions() {
        for application in MapApplication.allCases {
            #expect(application.app.rawValue == application.rawValue)
            #expect(MapApplication(application.app) == application)
        }
        #expect(MapApp.allCases.compactMap(MapApplication.init) == MapApplication.allCases)
        #expect([MapApp.yandexNavigator, .waze, .geo].allSatisfy { MapApplication($0) == nil })
    }

    @Test(
        "the user's position is the start only with access and full accuracy",
        arguments: [(true, true, true), (true, false, false), (false, true, false), (false, false, false)])
    func startOnlyWithFullAccuracy(allowed: Bool, fullAccuracy: Bool, usesPosition: Bool) async throws {
        let location = FixedLocationService(allowed: allowed, fullAccuracy: fullAccuracy, position: here)
        let opener = RecordingOpener(schemes: ["yandexmaps"])
        let service = MapRoutingService(locationService: location, opener: opener)
        // When a route is built in Yandex Maps
        let url = await service.buildRoute(to: destination, in: .yandex)
        // Then the start is there only when both permissions hold, and the position was asked only then
        let expected = MapApp.yandex.routeURL(from: usesPosition ? here : nil, to: destination)
        #expect(url == expected)
        #expect(opener.opened.value == [expected].compactMap { $0 })
        #expect(location.requests.value == (usesPosition ? 1 : 0))
    }

    @Test("an unknown position falls back to the destination alone")
    func unknownPosition() async {
        let location = FixedLocationService(allowed: true, fullAccuracy: true, position: nil)
        let service = MapRoutingService(locationService: location, opener: RecordingOpener(schemes: ["dgis"]))
        #expect(
            await service.routeURL(to: destination, in: .twoGIS)
                == MapApp.twoGIS.routeURL(from: nil, to: destination))
    }

    @Test("an invalid destination opens nothing but still completes")
    func invalidDestination() async {
        let location = FixedLocationService(allowed: false, fullAccuracy: false, position: nil)
        let opener = RecordingOpener(schemes: ["dgis"])
        let service = MapRoutingService(locationService: location, opener: opener)
        var completed = 0
        service.buildRoute(to: kCLLocationCoordinate2DInvalid, in: .twoGIS) { completed += 1 }
        #expect(completed == 1)
        #expect(MapApp.geo.routeUrl(startCoordinate: nil, endCoordinate: kCLLocationCoordinate2DInvalid) == nil)
        #expect(
            MapApplication.twoGIS.routeUrl(startCoordinate: nil, endCoordinate: kCLLocationCoordinate2DInvalid) == nil)
        // An open would have been started before buildRoute returned; a valid route after it is the next one.
        service.buildRoute(to: destination.locationCoordinate, in: .twoGIS, onComplete: nil)
        #expect(await opener.nextOpened() == MapApp.twoGIS.routeURL(from: nil, to: destination))
    }

    @Test("an application the opener cannot open is not opened")
    func notOpenable() async {
        let location = FixedLocationService(allowed: false, fullAccuracy: false, position: nil)
        let opener = RecordingOpener(schemes: [])
        #expect(
            await MapRoutingService(locationService: location, opener: opener).buildRoute(to: destination, in: .waze)
                == nil)
        #expect(opener.opened.value.isEmpty)
    }

    @Test("the callback form calls onComplete and then opens the URL")
    func callbackForm() async {
        let location = FixedLocationService(allowed: true, fullAccuracy: true, position: here)
        let opener = RecordingOpener(schemes: ["yandexmaps"])
        let service = MapRoutingService(locationService: location, opener: opener)
        await confirmation("onComplete called once") { completed in
            service.buildRoute(to: destination.locationCoordinate, in: .yandex) { completed() }
            #expect(await opener.nextOpened() == MapApp.yandex.routeURL(from: here, to: destination))
        }
    }
}
