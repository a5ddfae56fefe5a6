import GeoKit
import InternalServiceUtilities
import Testing

/// A location manager driven by the test (SurfUtils' `LocationManagerMock`).
final class FakeLocationManager: LocationManagerInterface {
    private struct State {
        weak var delegate: (any LocationProviderDelegate)?
        var status: GeolocationAuthorizationStatus = .denied
        var desiredAccuracy = 0.0
        var locationRequests = 0
        var authorizationRequests = 0
    }

    private let state = Locked(State())

    var delegate: (any LocationProviderDelegate)? {
        get { state.value.delegate }
        set { state.withLock { $0.delegate = newValue } }
    }
    var status: GeolocationAuthorizationStatus {
        get { state.value.status }
        set { state.withLock { $0.status = newValue } }
    }
    var desiredAccuracy: Double {
        get { state.value.desiredAccuracy }
        set { state.withLock { $0.desiredAccuracy = newValue } }
    }
    var locationRequests: Int { state.value.locationRequests }
    var authorizationRequests: Int { state.value.authorizationRequests }

    func requestLocation() { state.withLock { $0.locationRequests += 1 } }
    func requestWhenInUseAuthorization() { state.withLock { $0.authorizationRequests += 1 } }

    func sendAuthEvent() { delegate?.locationProviderDidChangeAuthorization(status) }
    func sendLocationEvent(_ location: Location) { delegate?.locationProviderDidUpdate(locations: [location]) }
    func sendEmptyLocationEvent() { delegate?.locationProviderDidUpdate(locations: []) }
    func sendErrorEvent() { delegate?.locationProviderDidFail(with: .locationFailed(.timedOut)) }
}

/// Collects the answers a completion receives.
final class Answers<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])
    var all: [Value] { values.value }
    func record(_ value: Value) { values.withLock { $0.append(value) } }
}

@Suite("GeolocationService state machine (SurfUtils' scenarios)")
struct GeolocationServiceTests {
    let manager = FakeLocationManager()
    let service: GeolocationService
    let here: Location

    init() throws {
        service = GeolocationService(manager: manager)
        here = Location(coordinate: try Coordinate(latitude: 12, longitude: 12), horizontalAccuracy: 5)
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

    @Test("denied and restricted answer denied", arguments: [GeolocationAuthorizationStatus.denied, .restricted])
    func denied(status: GeolocationAuthorizationStatus) {
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
        #expect(service.lastError == .locationFailed(.emptyUpdate))
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
        #expect(service.lastError == .locationFailed(.timedOut))
    }

    @Test("accuracy is passed to the manager in metres")
    func accuracy() {
        #expect(manager.desiredAccuracy == 100)
        service.accuracy = .tenMeters
        #expect(manager.desiredAccuracy == 10)
        #expect(service.accuracy == .tenMeters)
    }

    @Test("the async forms wait for the final answers")
    func asyncForms() async {
        manager.status = .notDetermined
        async let authorization = service.authorization()
        while manager.authorizationRequests == 0 { await Task.yield() }
        manager.status = .authorizedWhenInUse
        manager.sendAuthEvent()
        #expect(await authorization == .success)
        async let location = service.currentLocation()
        while manager.locationRequests == 0 { await Task.yield() }
        manager.sendLocationEvent(here)
        #expect(await location == .success(here))
    }
}
