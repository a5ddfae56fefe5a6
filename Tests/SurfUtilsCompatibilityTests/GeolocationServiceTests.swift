import Foundation
import ServiceUtils
import XCTest

#if canImport(CoreLocation)
    import CoreLocation
#endif

// SurfUtils' GeolocationService, driven as SurfUtils' own tests drive it: a mock location manager, a
// service made with `GeolocationService(manager:)`, completions that count into captured variables,
// and events sent by hand. The mock is the only platform difference: CoreLocation's delegate is an
// Objective-C protocol with optional methods, ServiceUtils' Linux delegate has the same three methods.

private enum MockFailure: Error {
    case timeout
}

private final class ManagerMock: LocationManagerInterface {
    var currentStatus: CLAuthorizationStatus = .denied
    var updatingIsEnabled = false
    var authorizationWasRequested = false
    var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyHundredMeters

    #if canImport(CoreLocation)
        weak var delegate: CLLocationManagerDelegate?

        func sendError() {
            delegate?.locationManager?(CLLocationManager(), didFailWithError: MockFailure.timeout)
            updatingIsEnabled = false
        }

        func sendLocation() {
            delegate?.locationManager?(
                CLLocationManager(), didUpdateLocations: [CLLocation(latitude: 48.85, longitude: 2.35)])
            updatingIsEnabled = false
        }

        func sendNoLocations() {
            delegate?.locationManager?(CLLocationManager(), didUpdateLocations: [])
            updatingIsEnabled = false
        }

        func sendStatus() {
            delegate?.locationManager?(CLLocationManager(), didChangeAuthorization: currentStatus)
        }
    #else
        weak var delegate: LocationManagerDelegate?

        func sendError() {
            delegate?.locationManager(self, didFailWithError: MockFailure.timeout)
            updatingIsEnabled = false
        }

        func sendLocation() {
            delegate?.locationManager(self, didUpdateLocations: [CLLocation(latitude: 48.85, longitude: 2.35)])
            updatingIsEnabled = false
        }

        func sendNoLocations() {
            delegate?.locationManager(self, didUpdateLocations: [])
            updatingIsEnabled = false
        }

        func sendStatus() {
            delegate?.locationManager(self, didChangeAuthorization: currentStatus)
        }
    #endif

    var status: CLAuthorizationStatus {
        return currentStatus
    }

    func requestLocation() {
        updatingIsEnabled = true
    }

    func requestWhenInUseAuthorization() {
        authorizationWasRequested = true
    }
}

final class GeolocationServiceTests: XCTestCase {
    func testAuthorizedStatusAnswersSuccess() {
        let manager = ManagerMock()
        let service = GeolocationService(manager: manager)
        var successes = 0
        manager.currentStatus = .authorizedWhenInUse
        service.requestAuthorization { result in
            switch result {
            case .success:
                successes += 1
            default:
                break
            }
        }
        manager.sendStatus()
        XCTAssertEqual(successes, 1)
    }

    func testSeveralRequestsWhileAuthorizedAnswerEach() {
        let manager = ManagerMock()
        let service = GeolocationService(manager: manager)
        var successes = 0
        manager.currentStatus = .authorizedAlways
        let block: GeolocationAuthCompletion = { result in
            if case .success = result { successes += 1 }
        }
        service.requestAuthorization(block)
        service.requestAuthorization(block)
        manager.sendStatus()
        XCTAssertEqual(successes, 2)
    }

    func testUndeterminedStatusAnswersRequestingThenTheDecision() {
        let manager = ManagerMock()
        let service = GeolocationService(manager: manager)
        var requesting = 0
        var failures = 0
        var successes = 0
        manager.currentStatus = .notDetermined
        let block: GeolocationAuthCompletion = { result in
            switch result {
            case .requesting: requesting += 1
            case .failure: failures += 1
            case .success: successes += 1
            default: break
            }
        }
        service.requestAuthorization(block)
        service.requestAuthorization(block)
        XCTAssertEqual([requesting, failures, successes], [2, 0, 0])
        manager.sendStatus()
        XCTAssertEqual([requesting, failures, successes], [2, 0, 0])
        manager.currentStatus = .authorizedWhenInUse
        manager.sendStatus()
        XCTAssertEqual([requesting, failures, successes], [2, 0, 2])
    }

    func testDeniedAndRestrictedAnswerDenied() {
        for status in [CLAuthorizationStatus.denied, .restricted] {
            let manager = ManagerMock()
            let service = GeolocationService(manager: manager)
            var answers: [GeolocationAuthResult] = []
            manager.currentStatus = status
            service.requestAuthorization { answers.append($0) }
            XCTAssertEqual(answers, [.denied])
        }
    }

    func testRefusalInTheDialogAnswersFailure() {
        let manager = ManagerMock()
        let service = GeolocationService(manager: manager)
        var responses: [GeolocationAuthResult] = []
        manager.currentStatus = .notDetermined
        service.requestAuthorization { result in
            responses.append(result)
        }
        XCTAssertTrue(manager.authorizationWasRequested)
        manager.currentStatus = .denied
        manager.sendStatus()
        XCTAssertEqual(responses, [.requesting, .failure])
    }

    func testLocationRequestReceivesTheFix() {
        let manager = ManagerMock()
        let service = GeolocationService(manager: manager, accuracy: .tenMeters)
        XCTAssertEqual(manager.desiredAccuracy, kCLLocationAccuracyNearestTenMeters)
        var location: CLLocation?
        manager.currentStatus = .authorizedWhenInUse
        service.getCurrentLocation { result in
            switch result {
            case .success(let newLocation):
                location = newLocation
            default:
                break
            }
        }
        XCTAssertTrue(manager.updatingIsEnabled)
        manager.sendLocation()
        XCTAssertFalse(manager.updatingIsEnabled)
        XCTAssertEqual(location?.coordinate.latitude, 48.85)
        XCTAssertEqual(location?.coordinate.longitude, 2.35)
    }

    func testSeveralLocationRequestsShareOneFix() {
        let manager = ManagerMock()
        let service = GeolocationService(manager: manager)
        var received: [CLLocation] = []
        manager.currentStatus = .authorizedWhenInUse
        let block: GeolocationCompletion = { result in
            if case .success(let newLocation) = result { received.append(newLocation) }
        }
        service.getCurrentLocation(block)
        service.getCurrentLocation(block)
        service.getCurrentLocation(block)
        manager.sendLocation()
        XCTAssertEqual(received.count, 3)
        XCTAssertEqual(received[0], received[2])
    }

    func testEmptyUpdateAndFailureAnswerError() {
        let manager = ManagerMock()
        let service = GeolocationService(manager: manager)
        var results: [GeolocationResult] = []
        manager.currentStatus = .authorizedWhenInUse
        service.getCurrentLocation { results.append($0) }
        manager.sendNoLocations()
        service.getCurrentLocation { results.append($0) }
        manager.sendError()
        XCTAssertEqual(results, [.error, .error])
        XCTAssertTrue(service.lastError is MockFailure)
    }

    func testWithoutPermissionTheLocationIsDeniedAndTheManagerIsNotAsked() {
        let manager = ManagerMock()
        let service = GeolocationService(manager: manager)
        var result: GeolocationResult?
        manager.currentStatus = .denied
        service.getCurrentLocation { serviceResult in
            result = serviceResult
        }
        XCTAssertEqual(result, .denied)
        XCTAssertFalse(manager.updatingIsEnabled)
    }

    func testTheServiceIsUsableThroughItsProtocol() {
        let manager = ManagerMock()
        let service: GeolocationServiceInterface = GeolocationService(manager: manager)
        var result: GeolocationResult?
        manager.currentStatus = .authorizedAlways
        service.getCurrentLocation { result = $0 }
        manager.sendError()
        XCTAssertEqual(result, .error)
    }

    #if !canImport(CoreLocation)
        // The README's `GeolocationService()`: on Linux it asks gpsd on 127.0.0.1:2947, where nothing
        // listens in CI (the gpsd fixture uses another port), so the answer is `.error`.
        func testDefaultServiceWithoutGpsdAnswersError() {
            let service = GeolocationService()
            var authorization: GeolocationAuthResult?
            service.requestAuthorization { result in
                authorization = result
            }
            XCTAssertEqual(authorization, .success)
            var location: GeolocationResult?
            service.getCurrentLocation { result in
                location = result
            }
            XCTAssertEqual(location, .error)
        }
    #endif

    #if canImport(CoreLocation)
        // SurfUtils' service is an NSObject and a CLLocationManagerDelegate whose delegate methods are
        // public: code may hand it to a manager itself, or call the methods as SurfUtils' tests did.
        func testTheServiceIsACLLocationManagerDelegateCalledByHand() {
            let manager = ManagerMock()
            let service = GeolocationService(manager: manager)
            let object: NSObject = service
            let delegate: CLLocationManagerDelegate = service
            XCTAssertTrue(delegate === object)
            var authorizations: [GeolocationAuthResult] = []
            var results: [GeolocationResult] = []
            manager.currentStatus = .notDetermined
            service.requestAuthorization { authorizations.append($0) }
            service.locationManager(CLLocationManager(), didChangeAuthorization: .authorizedWhenInUse)
            XCTAssertEqual(authorizations, [.requesting, .success])
            manager.currentStatus = .authorizedWhenInUse
            service.getCurrentLocation { results.append($0) }
            service.locationManager(CLLocationManager(), didUpdateLocations: [CLLocation(latitude: 1, longitude: 2)])
            service.getCurrentLocation { results.append($0) }
            service.locationManager(CLLocationManager(), didFailWithError: MockFailure.timeout)
            XCTAssertEqual(results.count, 2)
            if case .success(let location) = results.first {
                XCTAssertEqual(location.coordinate.latitude, 1)
            } else {
                XCTFail("expected a fix, got \(results)")
            }
            XCTAssertEqual(results.last, .error)
            XCTAssertTrue(service.lastError is MockFailure)
        }
    #endif
}
