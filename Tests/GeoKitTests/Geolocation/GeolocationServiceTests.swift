import Foundation
import GeoKit
import Testing

/// A location manager driven by the test (SurfUtils' `LocationManagerMock`, in the Linux delegate shape).
final class FakeLocationManager: LocationManagerInterface {
    weak var delegate: (any LocationManagerDelegate)?
    var status: CLAuthorizationStatus = .denied
    var desiredAccuracy: CLLocationAccuracy = 0
    private(set) var locationRequests = 0
    private(set) var authorizationRequests = 0

    func requestLocation() { locationRequests += 1 }
    func requestWhenInUseAuthorization() { authorizationRequests += 1 }

    func sendAuthEvent() { delegate?.locationManager(self, didChangeAuthorization: status) }
    func sendLocationEvent(_ location: CLLocation) { delegate?.locationManager(self, didUpdateLocations: [location]) }
    func sendEmptyLocationEvent() { delegate?.locationManager(self, didUpdateLocations: []) }
    func sendErrorEvent() { delegate?.locationManager(self, didFailWithError: GeoError.locationFailed(.timedOut)) }
}

/// Collects the answers a completion receives.
final class Answers<Value> {
    private(set) var all: [Value] = []
    func record(_ value: Value) { all.append(value) }
}

@Suite("GeolocationService state machine (SurfUtils' scenarios)")
struct GeolocationServiceTests {
    let manager = FakeLocationManager()
    let service: GeolocationService
    let here = CLLocation(latitude: 12, longitude: 12)

    init() {
        service = GeolocationService(manager: manager)
    }

    @Test("an authorized status answers success at once")
    func authRequest() {
        manager.status = .authorizedWhenInUse
        let answers = Answers<GeolocationAuthResult>()
        service.requestAuthorization(answers.record)
        manager.sendAuthEvent()
        #expect(answers.all == [.success])
    }

    @Test("three requests while authorized answer success three times")
    func manyAuthRequests() {
        manager.status = .authorizedWhenInUse
        let answers = Answers<GeolocationAuthResult>()
        for _ in 0..<3 { service.requestAuthorization(answers.record) }
        manager.sendAuthEvent()
        #expect(answers.all == [.success, .success, .success])
    }

    @Test("notDetermined answers requesting and asks the manager")
    func requestingWhenNotDetermined() {
        manager.status = .notDetermined
        let answers = Answers<GeolocationAuthResult>()
        for _ in 0..<3 { service.requestAuthorization(answers.record) }
        #expect(answers.all == [.requesting, .requesting, .requesting])
        #expect(manager.authorizationRequests == 3)
    }

    @Test("denied and restricted answer denied", arguments: [CLAuthorizationStatus.denied, .restricted])
    func denied(status: CLAuthorizationStatus) {
        manager.status = status
        let answers = Answers<GeolocationAuthResult>()
        service.requestAuthorization(answers.record)
        #expect(answers.all == [.denied])
    }

    @Test("a notDetermined event keeps the queue waiting; the determined one answers each request once")
    func queueSurvivesNotDetermined() {
        manager.status = .notDetermined
        let answers = Answers<GeolocationAuthResult>()
        for _ in 0..<3 { service.requestAuthorization(answers.record) }
        manager.sendAuthEvent()
        #expect(answers.all == [.requesting, .requesting, .requesting])
        manager.status = .authorizedWhenInUse
        manager.sendAuthEvent()
        manager.sendAuthEvent()  // a second event finds the queue empty
        #expect(answers.all == [.requesting, .requesting, .requesting, .success, .success, .success])
    }

    @Test("a refusal after requesting answers failure")
    func failureAfterRequesting() {
        manager.status = .notDetermined
        let answers = Answers<GeolocationAuthResult>()
        service.requestAuthorization(answers.record)
        manager.status = .denied
        manager.sendAuthEvent()
        #expect(answers.all == [.requesting, .failure])
    }

    @Test("a location request is answered with the fix, and the manager is asked once per batch")
    func locationRequests() {
        manager.status = .authorizedWhenInUse
        let answers = Answers<GeolocationResult>()
        for _ in 0..<3 { service.getCurrentLocation(answers.record) }
        #expect(manager.locationRequests == 1)
        manager.sendLocationEvent(here)
        manager.sendLocationEvent(here)  // nobody is waiting any more
        #expect(answers.all == [.success(here), .success(here), .success(here)])
        service.getCurrentLocation(answers.record)
        #expect(manager.locationRequests == 2)
    }

    @Test("an empty update answers error with the reason")
    func emptyUpdate() {
        manager.status = .authorizedWhenInUse
        let answers = Answers<GeolocationResult>()
        service.getCurrentLocation(answers.record)
        manager.sendEmptyLocationEvent()
        #expect(answers.all == [.error])
        #expect(service.lastError as? GeoError == .locationFailed(.emptyUpdate))
    }

    @Test("without permission a location request is denied and the manager is not asked")
    func deniedLocation() {
        manager.status = .notDetermined
        let answers = Answers<GeolocationResult>()
        service.getCurrentLocation(answers.record)
        #expect(answers.all == [.denied])
        #expect(manager.locationRequests == 0)
    }

    @Test("a failure answers error and keeps the reason")
    func failure() {
        manager.status = .authorizedWhenInUse
        let answers = Answers<GeolocationResult>()
        service.getCurrentLocation(answers.record)
        manager.sendErrorEvent()
        #expect(answers.all == [.error])
        #expect(service.lastError as? GeoError == .locationFailed(.timedOut))
    }

    @Test("accuracy is passed to the manager in metres")
    func accuracy() {
        #expect(manager.desiredAccuracy == 100)
        service.accuracy = .tenMeters
        #expect(manager.desiredAccuracy == 10)
        #expect(service.accuracy == .tenMeters)
    }
}
